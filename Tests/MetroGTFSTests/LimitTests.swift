import Testing
import MetroGTFS

/// Hostile input is refused when a field or a row outgrows its cap, before it can take more memory.
@Suite("GTFS CSV: field and row limits")
struct LimitTests {
    let small = CSVLimits(maximumFieldBytes: 8, maximumRowBytes: 16)
    /// A field's cap well under the row's, so the field's is the one reached.
    let smallFields = CSVLimits(maximumFieldBytes: 8, maximumRowBytes: 64)

    @Test func standardLimits() {
        #expect(CSVLimits.standard.maximumFieldBytes == 65_536)
        #expect(CSVLimits.standard.maximumRowBytes == 1_048_576)
    }

    @Test func aFieldAtItsLimitReads() throws {
        let file = try readFile("stop_id\n12345678\n\"1234\"\"678\"\n", limits: small)
        #expect(file.rows == [["12345678"], ["1234\"678"]])
    }

    @Test func aFieldOverItsLimitIsRefusedWhereItOutgrowsIt() {
        expectError("id,name\nS1,123456789\n", .fieldTooLong(limit: 8), line: 2, column: 2, limits: smallFields)
        // In quotes, on a later line of the field.
        expectError("id,name\nS1,\"1234\n56789\"\n", .fieldTooLong(limit: 8), line: 3, column: 2, limits: smallFields)
    }

    @Test func aRowAtItsLimitReadsAndItsLineEndDoesNotCount() throws {
        let file = try readFile("a,b,c\r\n12345,12345,1234\r\n", limits: small)
        #expect(file.rows == [["12345", "12345", "1234"]])
    }

    @Test func aRowOverItsLimitIsRefused() {
        expectError("a,b,c\n12345,12345,12345\n", .rowTooLong(limit: 16), line: 2, column: 3, limits: small)
        expectError("abcdef,ghijkl,mnopq\n", .rowTooLong(limit: 16), line: 1, column: 3, limits: small)
    }

    /// An unterminated quote over a long file stops at the field's cap, not at the end of the file.
    @Test func anEndlessQuotedFieldStopsAtTheCap() {
        let bytes = Array("stop_id\n\"".utf8) + [UInt8](repeating: 0x61, count: 100_000)
        expectError(bytes, .fieldTooLong(limit: 1024), line: 2, column: 1,
                    limits: CSVLimits(maximumFieldBytes: 1024, maximumRowBytes: 4096))
    }

    @Test func emptyLinesDoNotCountTowardsARow() throws {
        let file = try readFile("a\n" + String(repeating: "\n", count: 100) + "1\n", limits: small)
        #expect(file.rows == [["1"]])
        #expect(file.rowLines == [102])
    }
}
