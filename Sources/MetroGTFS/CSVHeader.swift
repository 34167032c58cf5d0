/// The column names of a GTFS file, from its header row, and where each column is in a row.
///
/// Names are compared exactly, as GTFS names are case-sensitive (`stop_id`, never `Stop_ID`), after trimming the
/// spaces and tabs around them, which some producers leave after a comma and which no GTFS name contains.
public struct CSVHeader: Sendable, Equatable {
    /// The names in the order of the columns.
    public let names: [String]
    private let positions: [String: Int]

    /// How many columns the header names; a row may have at most this many fields.
    public var count: Int { names.count }

    /// Takes the header row's fields as they were read; throws `duplicateColumnName` at the second use of a name,
    /// since a row could not say which of the two columns a name means.
    init(fields: [String], fieldLines: [Int], fileName: String) throws(CSVReadError) {
        var names: [String] = []
        var positions: [String: Int] = [:]
        names.reserveCapacity(fields.count)
        for (index, field) in fields.enumerated() {
            let name = Self.trimmingBlanks(field)
            if let first = positions[name] {
                throw CSVReadError(fileName: fileName, line: fieldLines[index], column: index + 1,
                                   problem: .duplicateColumnName(name, firstColumn: first + 1))
            }
            positions[name] = index
            names.append(name)
        }
        self.names = names
        self.positions = positions
    }

    /// The 0-based position of a column, or nil when the file does not have it (an optional GTFS column may be
    /// left out).
    public func position(of name: String) -> Int? { positions[name] }

    /// Whether the file has the column.
    public func contains(_ name: String) -> Bool { positions[name] != nil }

    private static func trimmingBlanks(_ field: String) -> String {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let utf8 = field.utf8
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
