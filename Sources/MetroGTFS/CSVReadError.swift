import MetroModel

/// Why a GTFS file could not be read, and where: the file, the physical line and the field, so a person can open
/// the file at that spot. A value, so a caller can log it, show it or compare it in a test.
public struct CSVReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name as the caller gave it (`stops.txt`), not a path the reader opened: it opens nothing.
    public let fileName: String
    /// The physical line (1-based) the problem is on: lines end with LF, so a quoted field that spans lines puts
    /// a later field on a later line. An unterminated quote is placed where the quote opens.
    public let line: Int
    /// The field's position in its row (1-based), counted in fields, not in characters.
    public let column: Int
    public let problem: CSVProblem

    /// The whole message in both languages: "stops.txt, line 3, field 2: …" / "stops.txt, рядок 3, поле 2: …".
    public var phrase: Phrase {
        let reason = problem.phrase
        return Phrase(uk: "\(fileName), рядок \(line), поле \(column): \(reason.uk)",
                      en: "\(fileName), line \(line), field \(column): \(reason.en)")
    }

    /// The English message, as logged.
    public var description: String { phrase.en }
}
