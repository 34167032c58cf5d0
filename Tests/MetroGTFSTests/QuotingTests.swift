import Testing
import MetroGTFS

@Suite("GTFS CSV: quoted and empty fields")
struct QuotingTests {
    @Test func quotedFieldsMayHoldCommasQuotesAndLineEnds() throws {
        let file = try readFile("stop_id,stop_name,stop_desc\nS1,\"Lisova, M1\",\"He said \"\"next\"\"\"\nS2,\"two\nlines\",x\nS3,y,z\n")
        #expect(file.rows == [["S1", "Lisova, M1", "He said \"next\""], ["S2", "two\nlines", "x"], ["S3", "y", "z"]])
        // A row begins on its first line; the row after one with a quoted line end is a line further on.
        #expect(file.rowLines == [2, 3, 5])
    }

    @Test func emptyFields() throws {
        let file = try readFile("a,b,c\n,,\n\"\",,\"\"\nx,,\n")
        #expect(file.rows == [["", "", ""], ["", "", ""], ["x", "", ""]])
    }

    @Test func aQuotedEmptyFieldAloneIsARowNotAnEmptyLine() throws {
        let file = try readFile("stop_id\n\"\"\nS1\n")
        #expect(file.rows == [[""], ["S1"]])
    }

    @Test func spacesAroundDataFieldsAreKept() throws {
        let file = try readFile("stop_id,stop_name\n S1 , Lisova\n")
        #expect(file.rows == [[" S1 ", " Lisova"]])
    }

    @Test func unicodeText() throws {
        let file = try readFile("stop_id,stop_name\nS1,\"Лісова, М1\"\nS2,Почайна 🚇\n")
        #expect(file.rows == [["S1", "Лісова, М1"], ["S2", "Почайна 🚇"]])
    }

    @Test func aBufferReadsLikeAnArray() throws {
        let bytes = Array("stop_id,stop_name\nS1,\"Lisova\"\n".utf8)
        let fromBuffer = bytes.withUnsafeBufferPointer { buffer in
            do throws(CSVReadError) {
                var reader = try CSVReader(fileName: "stops.txt", bytes: buffer)
                var rows: [[String]] = []
                while let row = try reader.next() { rows.append(row.fields) }
                return rows
            } catch {
                Issue.record("\(error)")
                return []
            }
        }
        let fromArray = try readFile(bytes)
        #expect(fromBuffer == fromArray.rows)
    }
}
