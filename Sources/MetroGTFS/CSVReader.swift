/// Reads one GTFS file (`stops.txt`, `stop_times.txt`, …) from its bytes: the header row when it is made, then
/// the data rows one at a time from `next()`, so memory holds one row, not the file.
///
/// The file is CSV as RFC 4180 writes it, with what real feeds add (see `CSVRecordScanner`): LF or CRLF line
/// ends, a UTF-8 byte order mark, empty lines. Every refusal is a `CSVReadError` naming the file, the physical
/// line and the field. A row may have fewer fields than the header (they read as empty, see `CSVRow`), never more.
///
///     var reader = try CSVReader(fileName: "stops.txt", bytes: bytes)
///     while let row = try reader.next() { … row["stop_id"] … }
///
/// Once `next()` has thrown, the reader is done and returns nil: after a broken quote nothing says where the next
/// row begins, so reading on would only report the same mistake again in other words.
public struct CSVReader<Bytes: IteratorProtocol> where Bytes.Element == UInt8 {
    /// The file's name, as the caller gave it for errors.
    public let fileName: String
    /// The column names of the file's first non-empty row.
    public let header: CSVHeader
    private var scanner: CSVRecordScanner<Bytes>
    private var isFinished = false

    /// Reads the header row from `bytes` (an array, a buffer, any sequence of bytes); throws when there is none,
    /// when it is not well-formed, or when it names a column twice.
    public init<Source: Sequence>(fileName: String, bytes: Source, limits: CSVLimits = .standard)
    throws(CSVReadError) where Source.Iterator == Bytes {
        var scanner = CSVRecordScanner(fileName: fileName, bytes: bytes.makeIterator(), limits: limits)
        guard let record = try scanner.nextRecord(maximumFields: nil) else {
            throw CSVReadError(fileName: fileName, line: 1, column: 1, problem: .missingHeader)
        }
        self.fileName = fileName
        header = try CSVHeader(fields: record.fields, fieldLines: record.fieldLines, fileName: fileName)
        self.scanner = scanner
    }

    /// The next data row, or nil after the last one (or after an error).
    public mutating func next() throws(CSVReadError) -> CSVRow? {
        guard !isFinished else { return nil }
        do throws(CSVReadError) {
            guard let record = try scanner.nextRecord(maximumFields: header.count) else {
                isFinished = true
                return nil
            }
            return CSVRow(line: record.line, header: header, fields: record.fields)
        } catch {
            isFinished = true
            throw error
        }
    }
}
