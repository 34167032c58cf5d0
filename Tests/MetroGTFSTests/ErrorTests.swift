import Testing
import MetroGTFS

/// Every refusal names the physical line and the field where the problem is.
@Suite("GTFS CSV: errors and where they are")
struct ErrorTests {
    @Test func unterminatedQuoteIsPlacedAtTheOpeningQuote() {
        expectError("stop_id,stop_desc\nS1,ok\nS2,\"never\nclosed\n", .unterminatedQuote, line: 3, column: 2)
        expectError("stop_id,\"stop_desc\n", .unterminatedQuote, line: 1, column: 2)
        expectError("stop_id\nS1\n\"", .unterminatedQuote, line: 3, column: 1)
        // A doubled quote is text, so the field is still open.
        expectError("stop_id\n\"S1\"\"\n", .unterminatedQuote, line: 2, column: 1)
    }

    @Test func quoteInsideAnUnquotedField() {
        expectError("stop_id,stop_name\nS1,Lis\"ova\n", .quoteInUnquotedField, line: 2, column: 2)
        // A space before the quote makes the field unquoted: RFC 4180 allows no space around quotes.
        expectError("stop_id,stop_name\nS1, \"Lisova\"\n", .quoteInUnquotedField, line: 2, column: 2)
        expectError("stop_id,stop_\"name\n", .quoteInUnquotedField, line: 1, column: 2)
    }

    @Test func bytesAfterAClosingQuote() {
        expectError("stop_id,stop_name\nS1,\"Lisova\"x\n", .bytesAfterClosingQuote, line: 2, column: 2)
        expectError("stop_id,stop_name\nS1,\"Lisova\" \n", .bytesAfterClosingQuote, line: 2, column: 2)
        expectError("stop_id,stop_desc\nS1,\"two\nlines\"x\n", .bytesAfterClosingQuote, line: 3, column: 2)
        // A CR after the closing quote must begin a CRLF.
        expectError("stop_id,stop_name\n\"S1\"\rx\n", .bytesAfterClosingQuote, line: 2, column: 1)
    }

    @Test func invalidUTF8() {
        let header = Array("stop_id,stop_name\n".utf8)
        expectError(header + Array("S1,ok\nS2,".utf8) + [0xFF] + Array("\n".utf8), .invalidUTF8, line: 3, column: 2)
        // A sequence cut short by the field's end, by the file's end, and inside quotes on a later line.
        expectError(header + Array("S1,".utf8) + [0xD0] + Array(",x\n".utf8), .invalidUTF8, line: 2, column: 2)
        expectError(header + Array("S1,".utf8) + [0xE2, 0x82], .invalidUTF8, line: 2, column: 2)
        expectError(header + Array("S1,\"a\n".utf8) + [0xC3, 0x22], .invalidUTF8, line: 3, column: 2)
        // Overlong form, surrogate, past U+10FFFF, a lone continuation byte.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            expectError(header + Array("S1,".utf8) + bad + Array("\n".utf8), .invalidUTF8, line: 2, column: 2)
        }
        expectError([0x73, 0xFF, 0x0A], .invalidUTF8, line: 1, column: 1)
    }

    @Test func moreFieldsThanTheHeader() {
        expectError("stop_id,stop_name\nS1,Lisova\nS2,Pochaina,extra\n", .moreFieldsThanHeader(headerColumns: 2),
                    line: 3, column: 3)
        // A trailing comma begins one more field.
        expectError("stop_id,stop_name\nS1,Lisova,\n", .moreFieldsThanHeader(headerColumns: 2), line: 2, column: 3)
        expectError("stop_id,stop_desc\nS1,\"two\nlines\",x\n", .moreFieldsThanHeader(headerColumns: 2),
                    line: 3, column: 3)
    }

    @Test func duplicateColumnName() {
        expectError("stop_id,stop_name,stop_id\n", .duplicateColumnName("stop_id", firstColumn: 1), line: 1, column: 3)
        // Trimmed before they are compared.
        expectError("stop_id,stop_name, stop_name\n", .duplicateColumnName("stop_name", firstColumn: 2),
                    line: 1, column: 3)
        expectError("\n\nstop_id,,\n", .duplicateColumnName("", firstColumn: 2), line: 3, column: 3)
        // Names are case-sensitive, so these are two columns.
        #expect(readError("stop_id,Stop_Id\n") == nil)
    }

    @Test func missingHeader() {
        expectError([], .missingHeader, line: 1, column: 1)
        expectError([0xEF, 0xBB, 0xBF], .missingHeader, line: 1, column: 1)
        expectError("\n\r\n\n", .missingHeader, line: 1, column: 1)
    }

    @Test func wordedInBothLanguagesWithThePlace() throws {
        let error = try #require(readError("stop_id,stop_name\nS1,Lis\"ova\n"))
        #expect(error.phrase.en == "stops.txt, line 2, field 2: a quote inside a field that does not begin with one "
            + "(quote the whole field and double the quotes in it)")
        #expect(error.phrase.uk == "stops.txt, рядок 2, поле 2: лапки всередині поля, що не починається з лапок "
            + "(візьміть усе поле в лапки, а лапки в ньому подвойте)")
        #expect(error.description == error.phrase.en)
    }

    @Test func everyProblemHasItsOwnWordsInEachLanguage() {
        let problems: [CSVProblem] = [
            .unterminatedQuote, .quoteInUnquotedField, .bytesAfterClosingQuote, .invalidUTF8,
            .moreFieldsThanHeader(headerColumns: 3), .duplicateColumnName("stop_id", firstColumn: 1), .missingHeader,
            .fieldTooLong(limit: 65_536), .rowTooLong(limit: 1_048_576),
        ]
        let english = Set(problems.map(\.phrase.en))
        let ukrainian = Set(problems.map(\.phrase.uk))
        #expect(english.count == problems.count)
        #expect(ukrainian.count == problems.count)
        for problem in problems {
            #expect(problem.phrase.uk.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(problem)")
        }
        #expect(CSVProblem.fieldTooLong(limit: 1).phrase.en == "a field longer than 1 byte")
        #expect(CSVProblem.fieldTooLong(limit: 2).phrase.uk == "поле довше за 2 байти")
        #expect(CSVProblem.rowTooLong(limit: 1_048_576).phrase.uk == "рядок довший за 1048576 байтів")
    }
}
