import Foundation
import MetroEngine
import MetroModel
import MetroTestSupport
import Testing
@testable import MetroDaemon

/// Which stations make the daemon hold a gpsd watch on an imported network (model §5.4, docs/decisions.md "GPS along
/// the track"): a feed that does not say which stations are above ground counts every one, so every ride watches;
/// a file that flags some is taken at its word, so a ride through unflagged stations only does not watch, and a
/// ride watches only until the last flagged station is behind it.
@Suite("The GPS watch on an imported network")
struct GPSWatchImportedTests {
    let t0 = Instant(seconds: 3600)
    let wall = WallClockMapping(unixNanosecondsAtZero: 1_786_968_000 * 1_000_000_000 - 3600 * 1_000_000_000)

    /// `SketchNetwork.threeLinesInARow` (L1 A–B–C–D, L2 C–E–F, L3 F–G–H), the stations in `surface` flagged above
    /// ground, with an engine riding A → F (A, B, C, C, E, F) started at `t0`, 2026-08-17 12:00 UTC.
    func riding(surface: Set<String>) throws -> (ImportedNetwork, Engine) {
        var file = SketchNetwork.threeLinesInARow().file
        for index in file.stations.indices { file.stations[index].surface = surface.contains(file.stations[index].id) }
        let network = ImportedNetwork(general: try GeneralNetwork.load(json: Array(try JSONEncoder().encode(file))),
                                      zone: .utc)
        let engine = Engine(network: network, calibration: .empty, routes: RouteBook(),
                            selectedRoute: RouteChoice(from: "A", to: "F"), store: NullEngineStore(), wakeUp: QuietWakeUp(),
                            haptics: QuietHaptics(), publisher: QuietPublisher(), log: QuietEngineLog())
        try engine.start(t0: t0, wall: wall, now: t0)
        let trip = try #require(engine.active?.trip)
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C", "C", "E", "F"])
        return (network, engine)
    }

    @Test func aFeedThatSaysNothingWatchesTheWholeRide() throws {
        let (network, engine) = try riding(surface: [])
        let trip = try #require(engine.active?.trip)
        #expect(GPSWatchPolicy.canHelp(engine.status(now: t0), network: network))
        let nearTheEnd = trip.arrival - 1
        #expect(GPSWatchPolicy.canHelp(engine.status(now: nearTheEnd), network: network))
        #expect(GPSWatchPolicy.helpEnds(engine.status(now: t0), network: network) == nil,
                "the route ends on the open sky: only the trip's end releases the watch")
    }

    @Test func anAllUndergroundRideDoesNotWatch() throws {
        // G and H are flagged, on L3, which the ride never reaches.
        let (network, engine) = try riding(surface: ["G", "H"])
        #expect(!GPSWatchPolicy.canHelp(engine.status(now: t0), network: network))
        #expect(GPSWatchPolicy.helpEnds(engine.status(now: t0), network: network) == nil)
        let trip = try #require(engine.active?.trip)
        #expect(!GPSWatchPolicy.canHelp(engine.status(now: trip.events[4].arrival), network: network))
    }

    @Test func aRideWatchesUntilItsLastFlaggedStationIsBehindIt() throws {
        let (network, engine) = try riding(surface: ["B"])
        let trip = try #require(engine.active?.trip)
        #expect(GPSWatchPolicy.canHelp(engine.status(now: t0), network: network))
        #expect(GPSWatchPolicy.canHelp(engine.status(now: trip.events[2].arrival - 1), network: network),
                "running from B: B is where the train is")
        #expect(GPSWatchPolicy.helpEnds(engine.status(now: t0), network: network) == trip.events[2].arrival)
        #expect(!GPSWatchPolicy.canHelp(engine.status(now: trip.events[2].arrival + 1), network: network),
                "at C, B is behind")
        #expect(!GPSWatchPolicy.canHelp(engine.status(now: trip.events[4].arrival), network: network))
    }
}

