import Testing
import MetroGTFS

/// A whole file read as the tests look at it: the header's names and each row's line and fields.
struct ReadFile: Equatable {
    var header: [String]
    var rows: [[String]]
    var rowLines: [Int]
}

/// Reads every row of `bytes`, as an import would, into one value a test can compare.
func readFile(_ bytes: [UInt8], limits: CSVLimits = .standard) throws(CSVReadError) -> ReadFile {
    var reader = try CSVReader(fileName: "stops.txt", bytes: bytes, limits: limits)
    var file = ReadFile(header: reader.header.names, rows: [], rowLines: [])
    while let row = try reader.next() {
        file.rows.append(row.fields)
        file.rowLines.append(row.line)
    }
    return file
}

func readFile(_ text: String, limits: CSVLimits = .standard) throws(CSVReadError) -> ReadFile {
    try readFile(Array(text.utf8), limits: limits)
}

/// The error reading `bytes` to the end stops at, or nil when the whole file reads.
func readError(_ bytes: [UInt8], limits: CSVLimits = .standard) -> CSVReadError? {
    do throws(CSVReadError) {
        _ = try readFile(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

func readError(_ text: String, limits: CSVLimits = .standard) -> CSVReadError? {
    readError(Array(text.utf8), limits: limits)
}

/// Expects reading `bytes` to stop at `problem` on `line`, in field `column`.
func expectError(_ bytes: [UInt8], _ problem: CSVProblem, line: Int, column: Int,
                 limits: CSVLimits = .standard, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = readError(bytes, limits: limits) else {
        Issue.record("read without an error; expected \(problem)", sourceLocation: sourceLocation)
        return
    }
    #expect(error.fileName == "stops.txt", sourceLocation: sourceLocation)
    #expect(error.problem == problem, sourceLocation: sourceLocation)
    #expect(error.line == line, "line", sourceLocation: sourceLocation)
    #expect(error.column == column, "field", sourceLocation: sourceLocation)
}

func expectError(_ text: String, _ problem: CSVProblem, line: Int, column: Int,
                 limits: CSVLimits = .standard, sourceLocation: SourceLocation = #_sourceLocation) {
    expectError(Array(text.utf8), problem, line: line, column: column, limits: limits, sourceLocation: sourceLocation)
}
