import Foundation
import MetroModel
import Testing

/// Where Debian's tzdata puts the compiled zones.
let zoneinfoDirectory = "/usr/share/zoneinfo/"

/// The bytes of a zone of the system's tz database; fails the test, saying what to install, when it is missing.
func systemZoneBytes(_ name: String) throws -> [UInt8] {
    let path = zoneinfoDirectory + name
    let data = try #require(FileManager.default.contents(atPath: path),
                            "\(path) is missing: install tzdata (sh scripts/install-deps.sh test)")
    return Array(data)
}

/// The rules of a zone of the system's tz database.
func systemZone(_ name: String) throws -> TimeZoneRules { try TimeZoneRules(tzif: systemZoneBytes(name)) }

/// Unix seconds of a UTC date and time.
func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Int64 {
    KyivTime.daysFromCivil(year: y, month: m, day: d) * 86_400 + Int64(h * 3600 + mi * 60 + s)
}

/// A wall time as the local seconds `TimeZoneRules.instants(ofLocalSeconds:)` takes: counted like Unix time on
/// the local calendar.
func wall(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Int64 { utc(y, m, d, h, mi, s) }

/// The error reading some bytes as TZif gives, or nil when they read.
func tzifError(_ bytes: [UInt8]) -> TimeZoneFileError? {
    do {
        _ = try TimeZoneRules(tzif: bytes)
        return nil
    } catch {
        return error
    }
}

/// Writes small TZif files for the tests of what a reader must refuse: every field can be set wrong on purpose.
struct TZifBuilder {
    /// The version byte: 0 (version 1), or ASCII '2' … '4'.
    var version: UInt8 = UInt8(ascii: "2")
    var transitions: [Int64] = []
    var typeIndices: [UInt8] = []
    var types: [(offset: Int32, isDST: UInt8, abbreviationIndex: UInt8)] = [(0, 0, 0)]
    var abbreviations: [UInt8] = Array("UTC\0".utf8)
    var leapCount: UInt32 = 0
    var indicators: [UInt8] = []
    var footer: String = "UTC0"
    /// A different version byte for the second header, when set.
    var secondHeaderVersion: UInt8?

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        if version == 0 {
            out += header(version: 0)
            out += block(timeSize: 4)
            return out
        }
        // A version 1 block like zic's "slim" output: no transitions, one type; readers only skip it.
        out += Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        for count: UInt32 in [0, 0, 0, 0, 1, 1] { out += be32(count) }
        out += be32(0) + [0, 0] + [0]
        out += header(version: secondHeaderVersion ?? version)
        out += block(timeSize: 8)
        out += [0x0A] + Array(footer.utf8) + [0x0A]
        return out
    }

    private func header(version: UInt8) -> [UInt8] {
        var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        let indicatorCount = UInt32(indicators.count)
        for count in [indicatorCount, indicatorCount, leapCount, UInt32(transitions.count), UInt32(types.count),
                      UInt32(abbreviations.count)] { out += be32(count) }
        return out
    }

    private func block(timeSize: Int) -> [UInt8] {
        var out: [UInt8] = []
        for time in transitions { out += timeSize == 8 ? be64(UInt64(bitPattern: time)) : be32(UInt32(truncatingIfNeeded: time)) }
        out += typeIndices
        for type in types { out += be32(UInt32(bitPattern: type.offset)) + [type.isDST, type.abbreviationIndex] }
        out += abbreviations
        for _ in 0..<leapCount { out += [UInt8](repeating: 0, count: timeSize + 4) }
        out += indicators + indicators
        return out
    }

    private func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    private func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
}
