import Foundation
import MetroModel

/// The repository root, found from this file's path.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The real network file's bytes.
let networkBytes: [UInt8] = Array(try! Data(contentsOf: repositoryRoot.appendingPathComponent("Data/kyiv-metro.json")))

/// The real Kyiv network, loaded once.
let kyiv: Network = try! Network.load(json: networkBytes)

/// Unix seconds of a Kyiv wall time.
func kyivUnix(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0) -> Int64 {
    KyivTime.unixSeconds(year: y, month: m, day: d, hour: h, minute: mi, second: s)
}

/// A trip planned offline on the Unix timeline at a Kyiv wall time.
func plannedTrip(_ from: StationID, _ to: StationID, at unix: Int64,
                 calibration: CalibrationStore = .empty) throws -> Trip
{
    try kyiv.startTrip(from: from, to: to, t0: Instant(seconds: unix), wall: .unixTimeline, calibration: calibration)
}

/// Event offsets (arrival, departure) in seconds after t0, by station.
func offsets(_ trip: Trip) -> [(StationID, Int, Int)] {
    trip.events.map { ($0.station, $0.arrival.seconds(since: trip.t0), $0.departure.seconds(since: trip.t0)) }
}

/// Seconds after t0 of an instant.
func offset(_ instant: Instant, _ trip: Trip) -> Int { instant.seconds(since: trip.t0) }

/// Monday 2026-08-17, a plain weekday in summer time.
let monday = (year: 2026, month: 8, day: 17)
