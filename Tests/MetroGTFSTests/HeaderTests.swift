import Testing
import MetroGTFS

@Suite("GTFS CSV: header and reading by column name")
struct HeaderTests {
    @Test func namesAreTrimmedOfSpacesAndTabs() throws {
        let file = try readFile(" stop_id ,\tstop_name\t,\" stop_lat \"\nS1,Lisova,50.46\n")
        #expect(file.header == ["stop_id", "stop_name", "stop_lat"])
    }

    @Test func rowsAreReadByColumnName() throws {
        var reader = try CSVReader(fileName: "stops.txt", bytes: Array("stop_name,stop_id\nLisova,S1\n".utf8))
        let read = try reader.next()
        let row = try #require(read)
        #expect(row["stop_id"] == "S1")
        #expect(row["stop_name"] == "Lisova")
        #expect(row.line == 2)
    }

    @Test func namesAreCaseSensitive() throws {
        var reader = try CSVReader(fileName: "stops.txt", bytes: Array("stop_id,Stop_Name\nS1,Lisova\n".utf8))
        let read = try reader.next()
        let row = try #require(read)
        #expect(row["stop_name"] == nil)
        #expect(row["Stop_Name"] == "Lisova")
        #expect(!reader.header.contains("stop_name"))
    }

    @Test func anAbsentColumnReadsAsNil() throws {
        var reader = try CSVReader(fileName: "stops.txt", bytes: Array("stop_id,stop_name\nS1,Lisova\n".utf8))
        #expect(reader.header.position(of: "stop_name") == 1)
        #expect(reader.header.position(of: "wheelchair_boarding") == nil)
        let read = try reader.next()
        let row = try #require(read)
        #expect(row["wheelchair_boarding"] == nil)
    }

    /// The choice for short rows: the missing trailing fields read as empty, and the row keeps what it had.
    @Test func aShortRowReadsItsMissingFieldsAsEmpty() throws {
        var reader = try CSVReader(fileName: "stops.txt", bytes: Array("stop_id,stop_name,stop_desc\nS1,Lisova\nS2\n".utf8))
        let firstRead = try reader.next()
        let first = try #require(firstRead)
        #expect(first.fields == ["S1", "Lisova"])
        #expect(first["stop_desc"] == "")
        let secondRead = try reader.next()
        let second = try #require(secondRead)
        #expect(second["stop_id"] == "S2")
        #expect(second["stop_name"] == "")
        #expect(second["stop_desc"] == "")
        let afterLast = try reader.next()
        #expect(afterLast == nil)
    }

    @Test func aHeaderAloneHasNoRows() throws {
        let file = try readFile("stop_id,stop_name\n")
        #expect(file.header == ["stop_id", "stop_name"])
        #expect(file.rows.isEmpty)
    }
}
