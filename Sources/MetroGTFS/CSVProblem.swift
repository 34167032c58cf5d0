import MetroModel

/// What was wrong with a GTFS file, apart from where: `CSVReadError` adds the file, line and field.
public enum CSVProblem: Sendable, Equatable {
    /// A quoted field runs to the end of the file: its closing quote is missing. Located at the opening quote,
    /// since that is where the mistake usually is.
    case unterminatedQuote
    /// A quote inside a field that does not begin with one (RFC 4180 allows quotes only in quoted fields).
    case quoteInUnquotedField
    /// Something other than a comma or a line end right after a field's closing quote.
    case bytesAfterClosingQuote
    /// Bytes that are not well-formed UTF-8, which GTFS requires.
    case invalidUTF8
    /// A row with more fields than the header has columns.
    case moreFieldsThanHeader(headerColumns: Int)
    /// A column name the header already has; `firstColumn` is the 1-based position of its first use.
    case duplicateColumnName(String, firstColumn: Int)
    /// No header row: the file is empty or holds only empty lines (and perhaps a byte order mark).
    case missingHeader
    /// A field longer than `CSVLimits.maximumFieldBytes`.
    case fieldTooLong(limit: Int)
    /// A row longer than `CSVLimits.maximumRowBytes`.
    case rowTooLong(limit: Int)

    /// The problem in both languages, for a person fixing the feed: what is wrong and, where it is not obvious,
    /// what was expected.
    public var phrase: Phrase {
        switch self {
        case .unterminatedQuote:
            return Phrase(uk: "лапки, відкриті тут, не закриваються до кінця файлу",
                          en: "the quote opened here is not closed before the end of the file")
        case .quoteInUnquotedField:
            return Phrase(uk: "лапки всередині поля, що не починається з лапок (візьміть усе поле в лапки, а лапки в ньому подвойте)",
                          en: "a quote inside a field that does not begin with one (quote the whole field and double the quotes in it)")
        case .bytesAfterClosingQuote:
            return Phrase(uk: "після закривальних лапок поля має йти кома або кінець рядка",
                          en: "a field's closing quote must be followed by a comma or the end of the line")
        case .invalidUTF8:
            return Phrase(uk: "байти, що не є текстом UTF-8", en: "bytes that are not UTF-8 text")
        case .moreFieldsThanHeader(let headerColumns):
            return Phrase(uk: "у рядку більше полів, ніж стовпців у заголовку (\(headerColumns))",
                          en: "more fields than the header has columns (\(headerColumns))")
        case .duplicateColumnName(let name, let firstColumn):
            return Phrase(uk: "стовпець '\(name)' уже є в заголовку (поле \(firstColumn))",
                          en: "column '\(name)' is already in the header (field \(firstColumn))")
        case .missingHeader:
            return Phrase(uk: "немає рядка заголовка: файл GTFS починається з назв своїх стовпців",
                          en: "no header row: a GTFS file begins with the names of its columns")
        case .fieldTooLong(let limit):
            return Phrase(uk: "поле довше за \(Self.bytes(limit, .uk))", en: "a field longer than \(Self.bytes(limit, .en))")
        case .rowTooLong(let limit):
            return Phrase(uk: "рядок довший за \(Self.bytes(limit, .uk))", en: "a row longer than \(Self.bytes(limit, .en))")
        }
    }

    private static func bytes(_ n: Int, _ language: Language) -> String {
        switch language {
        case .uk: return "\(n) " + Plural.ukrainian(n, one: "байт", few: "байти", many: "байтів")
        case .en: return "\(n) " + Plural.english(n, one: "byte", other: "bytes")
        }
    }
}
