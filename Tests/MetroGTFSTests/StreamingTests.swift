import Testing
import MetroGTFS

/// Bytes that count how many of them were asked for, to see how far the reader has read.
final class CountedBytes: Sequence {
    let bytes: [UInt8]
    private(set) var taken = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    func makeIterator() -> AnyIterator<UInt8> {
        var index = 0
        return AnyIterator { [self] in
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            taken = index + 1
            return bytes[index]
        }
    }
}

@Suite("GTFS CSV: one row at a time")
struct StreamingTests {
    @Test func theReaderReadsNoFurtherThanTheRowItReturns() throws {
        let text = "stop_id,stop_name\r\nS1,Lisova\r\nS2,Pochaina\r\n"
        let source = CountedBytes(text)
        var reader = try CSVReader(fileName: "stops.txt", bytes: source)
        #expect(source.taken == "stop_id,stop_name\r\n".utf8.count)
        _ = try reader.next()
        #expect(source.taken == "stop_id,stop_name\r\nS1,Lisova\r\n".utf8.count)
        _ = try reader.next()
        #expect(source.taken == text.utf8.count)
    }

    /// A long file costs the memory of a row: a lazily made file of 200 000 rows is read without ever being an
    /// array (a leak of rows would show as the reader slowing down, not here; this checks it reads them all).
    @Test func aLongFileIsReadRowByRow() throws {
        let header = Array("stop_id,stop_name\n".utf8)
        let row = Array("S1,\"Lisova, M1\"\r\n".utf8)
        let rows = 200_000
        let bytes = (0...rows).lazy.map { $0 == 0 ? header : row }.joined()
        var reader = try CSVReader(fileName: "stops.txt", bytes: bytes)
        var count = 0
        var lastLine = 0
        while let read = try reader.next() {
            count += 1
            lastLine = read.line
        }
        #expect(count == rows)
        #expect(lastLine == rows + 1)
    }

    @Test func afterAnErrorTheReaderIsDone() throws {
        var reader = try CSVReader(fileName: "stops.txt", bytes: Array("stop_id\nS\"1\nS2\n".utf8))
        var failure: CSVReadError?
        do throws(CSVReadError) { _ = try reader.next() } catch { failure = error }
        #expect(failure?.problem == .quoteInUnquotedField)
        let afterError = try reader.next()
        #expect(afterError == nil)
    }
}
