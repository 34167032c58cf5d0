import MetroTestSupport
import Testing
@testable import MetroModel

@Suite("TZif files that are damaged or hostile")
struct TimeZoneFileHostileTests {
    /// Every answer a read file gives, at the instants where arithmetic is most likely to go wrong.
    private func exercise(_ zone: TimeZoneRules) {
        for unix: Int64 in [.min, .min + 1, -(1 << 59), -1, 0, 1 << 40, .max - 1, .max] {
            _ = zone.localTimeType(atUnixSeconds: unix)
            _ = zone.instants(ofLocalSeconds: unix)
        }
    }

    @Test func builderWritesAFileTheReaderReads() throws {
        var builder = TZifBuilder()
        builder.transitions = [0, 1000]
        builder.typeIndices = [1, 0]
        builder.types = [(0, 0, 0), (3600, 1, 4)]
        builder.abbreviations = Array("UTC\0XST\0".utf8)
        let zone = try TimeZoneRules(tzif: builder.bytes())
        #expect(zone.localTimeType(atUnixSeconds: -1).abbreviation == "UTC")  // type 0 before the first
        #expect(zone.localTimeType(atUnixSeconds: 500).abbreviation == "XST")
        #expect(zone.localTimeType(atUnixSeconds: 5000).abbreviation == "UTC")
    }

    /// A version 1 file: 32-bit times, no footer, so the last type goes on for ever.
    @Test func version1FileHoldsItsLastType() throws {
        var builder = TZifBuilder()
        builder.version = 0
        builder.transitions = [-100, 100]
        builder.typeIndices = [0, 1]
        builder.types = [(0, 0, 0), (-3600, 0, 4)]
        builder.abbreviations = Array("UTC\0ABC\0".utf8)
        let zone = try TimeZoneRules(tzif: builder.bytes())
        #expect(zone.footer == nil)
        #expect(zone.utcOffset(atUnixSeconds: .max) == -3600)
        #expect(zone.utcOffset(atUnixSeconds: 0) == 0)
        exercise(zone)
    }

    /// An empty footer: no rule after the last transition, so its type goes on.
    @Test func emptyFooterHoldsTheLastType() throws {
        var builder = TZifBuilder()
        builder.version = UInt8(ascii: "4")
        builder.transitions = [100]
        builder.typeIndices = [1]
        builder.types = [(0, 0, 0), (7200, 0, 4)]
        builder.abbreviations = Array("UTC\0TWO\0".utf8)
        builder.footer = ""
        let zone = try TimeZoneRules(tzif: builder.bytes())
        #expect(zone.footer == nil && zone.utcOffset(atUnixSeconds: .max) == 7200)
    }

    @Test func everyDamageIsNamed() {
        let damages: [(name: String, change: (inout TZifBuilder) -> Void, expected: TimeZoneFileError?)] = [
            ("none", { _ in }, nil),
            ("version 5", { $0.version = UInt8(ascii: "5") }, .unknownVersion(UInt8(ascii: "5"))),
            ("second header", { $0.secondHeaderVersion = UInt8(ascii: "3") }, .secondHeaderDiffers),
            ("equal transitions", { $0.transitions = [1000, 1000] }, .transitionsNotAscending(index: 1)),
            ("type index", { $0.typeIndices = [1, 2] }, .typeIndexOutOfRange(index: 1, type: 2)),
            ("offset 26 h", { $0.types[1].offset = 93_600 }, .offsetOutOfRange(type: 1, seconds: 93_600)),
            ("offset −2³¹", { $0.types[1].offset = Int32.min }, .offsetOutOfRange(type: 1, seconds: Int(Int32.min))),
            ("DST flag 2", { $0.types[1].isDST = 2 }, .badBoolean),
            ("abbreviation index", { $0.types[1].abbreviationIndex = 8 }, .badAbbreviation(type: 1)),
            ("abbreviation without NUL", { $0.abbreviations = Array("UTC\0XST".utf8) }, .badAbbreviation(type: 1)),
            ("leap seconds", { $0.leapCount = 1 }, .leapSeconds),
            ("indicator count", { $0.indicators = [0] }, .indicatorCountMismatch),
            ("indicator 2", { $0.indicators = [0, 2] }, .badBoolean),
            ("indicators", { $0.indicators = [1, 0] }, nil),
            ("no types", { $0.types = []; $0.transitions = []; $0.typeIndices = [] }, .noLocalTimeTypes),
            ("footer without rule", { $0.footer = "EST5EDT" }, .badFooter(PosixTimeZoneRuleError(.missingRule, at: 7))),
            // The footer ends at its newline; what follows is for later versions of the format.
            ("bytes after the footer", { $0.footer = "UTC0\nmore" }, nil),
        ]
        for damage in damages {
            var builder = TZifBuilder()
            builder.transitions = [0, 1000]
            builder.typeIndices = [1, 0]
            builder.types = [(0, 0, 0), (3600, 1, 4)]
            builder.abbreviations = Array("UTC\0XST\0".utf8)
            damage.change(&builder)
            let error = tzifError(builder.bytes())
            #expect(error == damage.expected, "\(damage.name)")
        }
        let bytes = TZifBuilder().bytes()
        let badMagic = tzifError(Array("TZiF".utf8) + bytes.dropFirst(4))
        let noClosingNewline = tzifError(Array(bytes.dropLast()))
        #expect(badMagic == .badMagic)
        #expect(noClosingNewline == .missingFooter)
    }

    /// Counts far beyond the bytes present are refused by length before anything is read.
    @Test func hugeCountsAreTruncation() {
        for field in 0..<6 {
            var bytes = TZifBuilder().bytes()
            for offset in 0..<4 { bytes[20 + field * 4 + offset] = 0xFF }
            let error = tzifError(bytes)
            let isExpected: Bool
            switch error {
            case .truncated, .indicatorCountMismatch: isExpected = true
            default: isExpected = false
            }
            #expect(isExpected, "count \(field): \(String(describing: error))")
        }
    }

    /// Cut at every byte, a real file is an error every time and never a trap.
    @Test func everyTruncationOfARealFileIsAnError() throws {
        let bytes = try systemZoneBytes("America/New_York")
        #expect(tzifError(bytes) == nil)
        for length in 0..<bytes.count {
            #expect(tzifError(Array(bytes[0..<length])) != nil, "cut at \(length) of \(bytes.count)")
        }
    }

    /// Random bytes, and random bytes behind a plausible header, never trap. Almost none read (a footer needs
    /// two newlines in the right places); `mutatedRealFilesNeverTrap` queries files that do. The seed is fixed,
    /// so a failure reproduces.
    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(seed: 0x545A_6966)
        for round in 0..<3000 {
            let length = Int(random.next() % 400)
            var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if round % 2 == 0, bytes.count >= 44 {
                // A real magic and version, and small counts, so the reader gets past the header.
                bytes.replaceSubrange(0..<5, with: Array("TZif".utf8) + [round % 4 == 0 ? 0 : UInt8(ascii: "2")])
                for field in 0..<6 {
                    let count = UInt8(random.next() % 6)
                    bytes.replaceSubrange(20 + field * 4..<24 + field * 4, with: [0, 0, 0, field == 4 ? max(count, 1) : count])
                }
            }
            if let zone = try? TimeZoneRules(tzif: bytes) { exercise(zone) }
        }
    }

    /// A real file with a few bytes changed: reads or is refused, never traps.
    @Test func mutatedRealFilesNeverTrap() throws {
        let original = try systemZoneBytes("Europe/Kyiv")
        var random = SplitMix64(seed: 8536)
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0...(random.next() % 4) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            if let zone = try? TimeZoneRules(tzif: bytes) { exercise(zone) }
        }
    }
}
