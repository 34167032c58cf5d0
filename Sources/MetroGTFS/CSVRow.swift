/// One data row of a GTFS file, read by column name.
///
/// A row may have fewer fields than the header has columns: GTFS producers often leave out the trailing empty
/// fields, and every common reader takes them as empty, so the missing fields read as "" here too. Only a column
/// the file does not have at all reads as nil, which is how an absent optional column is told from an empty one.
public struct CSVRow: Sendable, Equatable {
    /// The physical line (1-based) the row begins on.
    public let line: Int
    /// The file's header, shared by all its rows.
    public let header: CSVHeader
    /// The fields as the file has them, quotes undone, spaces kept: no more than `header.count`, perhaps fewer.
    public let fields: [String]

    init(line: Int, header: CSVHeader, fields: [String]) {
        self.line = line
        self.header = header
        self.fields = fields
    }

    /// The field of a column: nil when the file has no such column, "" when the row stops before it.
    public subscript(column: String) -> String? {
        guard let position = header.position(of: column) else { return nil }
        return position < fields.count ? fields[position] : ""
    }
}
