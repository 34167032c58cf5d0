import Testing
import MetroGTFS

@Suite("GTFS CSV: line ends, byte order mark, empty lines")
struct LineEndTests {
    @Test func lineFeedAndCarriageReturnLineFeedReadAlike() throws {
        let lf = try readFile("stop_id,stop_name\nS1,Lisova\nS2,Pochaina\n")
        let crlf = try readFile("stop_id,stop_name\r\nS1,Lisova\r\nS2,Pochaina\r\n")
        let mixed = try readFile("stop_id,stop_name\r\nS1,Lisova\nS2,Pochaina\r\n")
        #expect(lf.header == ["stop_id", "stop_name"])
        #expect(lf.rows == [["S1", "Lisova"], ["S2", "Pochaina"]])
        #expect(lf.rowLines == [2, 3])
        #expect(crlf == lf)
        #expect(mixed == lf)
    }

    @Test func lastLineWithoutLineEnd() throws {
        let file = try readFile("stop_id,stop_name\nS1,Lisova\nS2,Pochaina")
        #expect(file.rows == [["S1", "Lisova"], ["S2", "Pochaina"]])
        let crlf = try readFile("stop_id,stop_name\r\nS1,Lisova\r\nS2,Pochaina")
        #expect(crlf.rows == file.rows)
    }

    @Test func trailingEmptyLinesAreIgnored() throws {
        let file = try readFile("stop_id\nS1\n\n\r\n\n")
        #expect(file.rows == [["S1"]])
    }

    @Test func emptyLinesInsideAreSkippedAndKeepTheLineCount() throws {
        let file = try readFile("\nstop_id\n\nS1\r\n\r\nS2\n")
        #expect(file.header == ["stop_id"])
        #expect(file.rows == [["S1"], ["S2"]])
        #expect(file.rowLines == [4, 6])
    }

    @Test func byteOrderMarkIsDropped() throws {
        let file = try readFile([0xEF, 0xBB, 0xBF] + Array("stop_id,stop_name\nS1,Lisova\n".utf8))
        #expect(file.header == ["stop_id", "stop_name"])
        #expect(file.rows == [["S1", "Lisova"]])
    }

    @Test func byteOrderMarkOnlyAtTheStart() throws {
        // Further on, U+FEFF is text like any other character.
        let file = try readFile("stop_id\n\u{FEFF}S1\n")
        #expect(file.rows == [["\u{FEFF}S1"]])
    }

    @Test func loneCarriageReturnIsData() throws {
        let file = try readFile("stop_id,stop_desc\nS1,\"one\rtwo\"\nS2,three\rfour\n")
        #expect(file.rows == [["S1", "one\rtwo"], ["S2", "three\rfour"]])
        #expect(file.rowLines == [2, 3])
    }

    @Test func aQuotedLineEndIsKeptAsWritten() throws {
        let file = try readFile("stop_id,stop_desc\r\nS1,\"one\r\ntwo\"\r\n")
        #expect(file.rows == [["S1", "one\r\ntwo"]])
    }
}
