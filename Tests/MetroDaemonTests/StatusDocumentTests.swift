import MetroControl
import MetroEngine
import MetroModel
import Testing
@testable import MetroDaemon

@Suite("The status document (model §11)")
struct StatusDocumentTests {
    /// The wall clock steps a minute after a GPS snap: the snap's time in the status stays where it was, like the
    /// trip's other instants, so watchers are not pushed a change that did not happen.
    @Test func lastSnapDoesNotMoveWithTheWallClock() throws {
        let wallAtT0 = KyivTime.unixSeconds(year: 2026, month: 8, day: 17, hour: 8, minute: 0, second: 0) * 1_000_000_000
        let t0 = Instant(seconds: 7_200)
        let mappingAtT0 = WallClockMapping(unixNanosecondsAtZero: wallAtT0 - t0.nanoseconds)
        let engine = Engine(network: repositoryNetwork, calibration: .empty, routes: RouteBook(),
                            selectedRoute: RouteChoice(from: "khreshchatyk", to: "lisova"), store: NullEngineStore(),
                            wakeUp: QuietWakeUp(), haptics: QuietHaptics(), publisher: QuietPublisher(), log: QuietEngineLog())
        try engine.start(t0: t0, wall: mappingAtT0, now: t0)
        let trip = try #require(engine.active?.trip)
        let hidropark = try #require(trip.events.firstIndex { $0.station == "hidropark" })
        let now = trip.events[hidropark].arrival
        let station = try #require(repositoryNetwork.station("hidropark"))
        let wallNow = mappingAtT0.unixNanoseconds(at: now)
        let fix = FixInput(latitude: station.latitude, longitude: station.longitude, horizontalErrorMeters: 10, mode: 3,
                           receiverUnixNanoseconds: wallNow, receivedAt: now)
        _ = engine.gpsFix(fix, wallNowUnixNanoseconds: wallNow, now: now)
        #expect(engine.gps.lastSnap?.station == "hidropark")

        let facts = DaemonFacts(clock: "boottime", hardware: "simulated", timeScale: 1, wallClockSynchronised: true,
                                wallClockSource: "system", gpsWatching: true, gpsConnected: true, faults: [], motor: [],
                                language: .en)
        let status = engine.status(now: now)
        let steady = StatusDocument(status: status, facts: facts, wall: mappingAtT0, network: repositoryNetwork)
        let steppedWall = WallClockMapping(unixNanosecondsAtZero: mappingAtT0.unixNanosecondsAtZero + 60_000_000_000)
        let stepped = StatusDocument(status: status, facts: facts, wall: steppedWall, network: repositoryNetwork)
        let snap = try #require(steady.gps.last_snap)
        #expect(snap.at == KyivTimestamp.milliseconds(unixNanoseconds: wallNow))
        #expect(stepped.gps.last_snap?.at == snap.at, "the snap moved with the wall clock")
        #expect(stepped.trip?.t0 == steady.trip?.t0)
    }
}

