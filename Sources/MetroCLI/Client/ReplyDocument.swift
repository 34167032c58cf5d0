import FoundationEssentials
import MetroControl
import MetroModel

/// Reads a part of the daemon's reply into its typed document from MetroControl. A reply that does not fit (a
/// renamed or missing field, a wrong type) is an error naming the field, never a made-up default in the output.
enum ReplyDocument {
    /// The exit status of a reply that cannot be read: the same as a reply that is not JSON at all.
    static let unreadableCode: Int32 = 1

    /// `reply[field]` as a `Document`.
    static func decode<Document: Decodable>(_ type: Document.Type, _ reply: JSONValue, field: ReplyField,
                                            language L: Language) throws(CLIError) -> Document
    {
        try decode(type, reply, field: field.rawValue, language: L)
    }

    /// `reply[field]` as a `Document`, for a field named by its text.
    static func decode<Document: Decodable>(_ type: Document.Type, _ reply: JSONValue, field: String,
                                            language L: Language) throws(CLIError) -> Document
    {
        guard let value = reply[field] else { throw unreadable(path: field, Phrase(uk: "його немає", en: "it is missing"), L) }
        do {
            return try JSONDecoder().decode(Document.self, from: Data(jsonLine(value).utf8))
        } catch let error as DecodingError {
            let (path, why) = describe(error)
            throw unreadable(path: ([field] + path).joined(separator: "."), why, L)
        } catch {
            throw unreadable(path: field, Phrase(uk: "\(error)", en: "\(error)"), L)
        }
    }

    /// The path of the field at fault (`trip.events.0.station`) and what was wrong with it.
    static func describe(_ error: DecodingError) -> ([String], Phrase) {
        func names(_ path: [any CodingKey]) -> [String] { path.map { $0.intValue.map(String.init) ?? $0.stringValue } }
        switch error {
        case .keyNotFound(let key, let context):
            return (names(context.codingPath + [key]), Phrase(uk: "його немає", en: "it is missing"))
        case .valueNotFound(let type, let context):
            return (names(context.codingPath), Phrase(uk: "null замість \(type)", en: "null instead of \(type)"))
        case .typeMismatch(let type, let context):
            return (names(context.codingPath), Phrase(uk: "очікувалося \(type)", en: "expected \(type)"))
        case .dataCorrupted(let context):
            return (names(context.codingPath), Phrase(uk: "хибне значення", en: "a wrong value"))
        @unknown default:
            return ([], Phrase(uk: "\(error)", en: "\(error)"))
        }
    }

    static func unreadable(path: String, _ why: Phrase, _ L: Language) -> CLIError {
        CLIError(Phrase(uk: "незрозуміла відповідь metrotimerd: поле '\(path)': \(why.uk) (чи metrotimer і metrotimerd однієї версії?)",
                        en: "cannot read metrotimerd's reply: field '\(path)': \(why.en) (are metrotimer and metrotimerd the same version?)")(L),
                 exitCode: unreadableCode)
    }
}
