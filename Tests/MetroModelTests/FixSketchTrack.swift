import FoundationEssentials
import MetroTestSupport
@testable import MetroModel

/// `SketchNetwork.threeLinesInARow` (L1 A–B–C–D, L2 C–E–F, L3 F–G–H, every ride 100 s) imported on UTC's clock,
/// with stations placed on the equator where a test needs them, so fixes can be put metres from a segment's line.
struct FixSketchTrack {
    /// Metres in one degree of latitude (and of longitude on the equator), as the track projection has it.
    static let metresPerDegree = earthRadiusMeters * Double.pi / 180

    let network: ImportedNetwork
    let wall = WallClockMapping(unixNanosecondsAtZero: 1_786_968_000 * 1_000_000_000)  // 2026-08-17 12:00 UTC

    /// `places`: station → (metres north, metres east) of 0° 0°. `surface`: the stations the file flags under open
    /// sky (none: the feed did not say, and every station counts).
    init(places: [String: (north: Double, east: Double)], surface: Set<String> = []) throws {
        var file = SketchNetwork.threeLinesInARow().file
        for (index, record) in file.stations.enumerated() {
            if let place = places[record.id] {
                file.stations[index].lat = place.north / Self.metresPerDegree
                file.stations[index].lon = place.east / Self.metresPerDegree
            }
            file.stations[index].surface = surface.contains(record.id)
        }
        network = ImportedNetwork(general: try GeneralNetwork.load(json: Array(try JSONEncoder().encode(file))),
                                  zone: .utc)
    }

    func trip(_ from: StationID, _ to: StationID) throws -> Trip {
        try network.startTrip(from: from, to: to, t0: Instant(seconds: 3600), wall: wall, calibration: .empty)
    }

    /// What `decideFix` makes of a fix `north`, `east` metres from 0° 0°, received at `received` and taken a second
    /// before.
    func decide(trip: Trip, north: Double, east: Double, speed: Double? = 15, received: Instant) -> FixDecision {
        let wallNow = wall.unixNanoseconds(at: received)
        let fix = FixInput(latitude: north / Self.metresPerDegree, longitude: east / Self.metresPerDegree,
                           horizontalErrorMeters: 10, mode: 3, speedMetersPerSecond: speed,
                           receiverUnixNanoseconds: wallNow - 1_000_000_000, receivedAt: received)
        return network.decideFix(trip: trip, fix: fix, seen: PassiveCalibration(), calibration: .empty,
                                 wallNowUnixNanoseconds: wallNow, lastAppliedGPSCorrection: nil)
    }
}
