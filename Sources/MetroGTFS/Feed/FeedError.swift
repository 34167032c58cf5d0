import MetroModel

/// Why a feed could not be imported, and where: the file, and where known the line and the field, so a person can
/// open the file at that spot. Nothing is written when an import fails.
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file inside the feed (`stops.txt`).
    public let fileName: String
    /// The physical line (1-based), when the problem is on one.
    public let line: Int?
    /// The field's position in its row (1-based), when the problem is in one field.
    public let column: Int?
    public let problem: FeedProblem

    public init(fileName: String, line: Int? = nil, column: Int? = nil, problem: FeedProblem) {
        self.fileName = fileName
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// A CSV error, with its file, line and field.
    init(_ error: CSVReadError) {
        self.init(fileName: error.fileName, line: error.line, column: error.column, problem: .csv(error.problem))
    }

    /// "stops.txt, line 3, field 2: …" / "stops.txt, рядок 3, поле 2: …", with the parts that are known.
    public var phrase: Phrase {
        var uk = fileName, en = fileName
        if let line { uk += ", рядок \(line)"; en += ", line \(line)" }
        if let column { uk += ", поле \(column)"; en += ", field \(column)" }
        let reason = problem.phrase
        return Phrase(uk: "\(uk): \(reason.uk)", en: "\(en): \(reason.en)")
    }

    /// The English message.
    public var description: String { phrase.en }
}
