import Foundation
import MetroModel

/// The repository root, found from this file's path (Tests/MetroEngineTests/Support/Kyiv.swift).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The real Kyiv network from `Data/kyiv-metro.json`, loaded once.
let kyiv: Network = {
    let bytes = try! Data(contentsOf: repositoryRoot.appendingPathComponent("Data/kyiv-metro.json"))
    return try! Network.load(json: Array(bytes))
}()

/// Unix seconds of a Kyiv wall time.
func kyivUnix(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0) -> Int64 {
    KyivTime.unixSeconds(year: y, month: m, day: d, hour: h, minute: mi, second: s)
}

/// The wall mapping under which the boot-time instant `instant` is the Unix second `unix`: the daemon's
/// `CLOCK_REALTIME − CLOCK_BOOTTIME`, fixed for a test.
func wallMapping(mapping instant: Instant, toUnixSeconds unix: Int64) -> WallClockMapping {
    WallClockMapping(unixNanosecondsAtZero: unix * 1_000_000_000 - instant.nanoseconds)
}

/// A boot-time instant a little after boot, where rides start in these tests (not 0, so offsets are visible).
let bootT0 = Instant(seconds: 7_200)

/// Monday 2026-08-17 08:00 Kyiv (model §13 example 2).
let mondayMorning = kyivUnix(2026, 8, 17, 8, 0)

/// Monday 2026-08-17 12:00 Kyiv: a plain weekday noon with no service warnings.
let mondayNoon = kyivUnix(2026, 8, 17, 12, 0)
