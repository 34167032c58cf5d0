import Testing
import MetroGTFS
import MetroTestSupport

/// A table written as CSV with every liberty producers take (quoting or not where either is allowed, LF or CRLF,
/// a byte order mark, empty lines, a last line without its end) reads back as the same table.
@Suite("GTFS CSV: random tables read back as written")
struct RoundTripTests {
    /// Characters that matter to CSV and a few that matter to UTF-8; "\r\n" is one Character.
    static let alphabet: [String] = ["a", "Z", "7", "_", " ", "\t", ",", "\"", "\r", "\n", "\r\n", "ї", "Л", "é", "🚇"]

    @Test func randomTablesReadBackIdentical() throws {
        var random = SplitMix64(seed: 0x6754_4653_4353_5601)
        for table in 0..<400 {
            let columns = Int.random(in: 1...6, using: &random)
            // Unique names with no blank at either end, which the header would trim.
            let names = (0..<columns).map { "c\($0)" + Self.text(&random) + "|" }
            let rows = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                (0..<columns).map { _ in Self.text(&random) }
            }
            var writer = TableWriter()
            writer.write(names, using: &random)
            for row in rows { writer.write(row, using: &random) }
            let bytes = writer.finish(using: &random)
            let read = try readFile(bytes)
            #expect(read.header == names, "table \(table)")
            #expect(read.rows == rows, "table \(table)")
            #expect(read.rowLines == writer.rowLines.dropFirst().map { $0 }, "table \(table)")
        }
    }

    static func text(_ random: inout SplitMix64) -> String {
        let length = random.chance(0.2) ? 0 : Int.random(in: 1...8, using: &random)
        return (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }.joined()
    }
}

/// Writes CSV as a producer might, drawing each free choice from the generator.
struct TableWriter {
    private(set) var bytes: [UInt8] = []
    /// The physical line each written row begins on, the header's first.
    private(set) var rowLines: [Int] = []
    private var line = 1
    private var pendingLineEnd = false

    mutating func write(_ fields: [String], using random: inout SplitMix64) {
        if bytes.isEmpty && random.chance(0.3) { bytes += [0xEF, 0xBB, 0xBF] }
        if pendingLineEnd { endLine(using: &random) }
        if !rowLines.isEmpty { while random.chance(0.1) { endLine(using: &random) } }
        rowLines.append(line)
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(0x2C) }
            // A lone empty field must be quoted, or the row would be an empty line, which is skipped.
            let mustQuote = field.utf8.contains { [0x22, 0x2C, 0x0D, 0x0A].contains($0) } || (fields.count == 1 && field.isEmpty)
            if mustQuote || random.chance(0.3) {
                bytes += Array("\"\(field.replacingQuotes())\"".utf8)
            } else {
                bytes += Array(field.utf8)
            }
            line += field.utf8.filter { $0 == 0x0A }.count
        }
        pendingLineEnd = true
    }

    /// The bytes, with or without the last line's end and perhaps some empty lines after it.
    mutating func finish(using random: inout SplitMix64) -> [UInt8] {
        if random.chance(0.5) { endLine(using: &random) }
        if random.chance(0.3) { for _ in 0..<Int.random(in: 1...3, using: &random) { endLine(using: &random) } }
        return bytes
    }

    private mutating func endLine(using random: inout SplitMix64) {
        bytes += random.chance(0.5) ? [0x0D, 0x0A] : [0x0A]
        line += 1
    }
}

extension String {
    /// RFC 4180's escape: each quote doubled.
    fileprivate func replacingQuotes() -> String {
        var escaped = ""
        for character in self {
            if character == "\"" { escaped += "\"\"" } else { escaped.append(character) }
        }
        return escaped
    }
}
