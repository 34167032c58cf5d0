import MetroModel

/// One `key = value` assignment read from a configuration file, with where it came from.
public struct ConfigAssignment: Equatable, Sendable {
    public let key: String
    public let value: String
    public let file: String
    public let line: Int
}

/// Configuration problems, each naming the file and line (or the key) so a rider can fix it. Loading goes on
/// past a bad line, so one run of `--check-config` lists every problem, one per line of `message`. Each problem
/// is a `Phrase`: `--check-config` shows it in the chosen language, the log and `problems` keep the English.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    /// Every problem found, in both languages, in file and line order; never empty.
    public let phrases: [Phrase]
    /// Every problem found, in English (as logged).
    public var problems: [String] { phrases.map(\.en) }
    /// The problems, one per line, in English.
    public var message: String { problems.joined(separator: "\n") }
    /// An English-only problem: for tests that compare against the logged text (equality looks at the English).
    public init(_ message: String) { self.init(phrases: [Phrase(uk: message, en: message)]) }
    public init(_ phrase: Phrase) { self.init(phrases: [phrase]) }
    public init(phrases: [Phrase]) { self.phrases = phrases.map(visible) }
    /// A problem of one assignment, prefixed with its file, line and key in both languages.
    public init(_ assignment: ConfigAssignment, _ problem: Phrase) {
        let place = "\(assignment.file):\(assignment.line): \(assignment.key): "
        self.init(Phrase(uk: place + problem.uk, en: place + problem.en))
    }
    /// Equal when the English texts are: the Ukrainian is a rendering of the same problem.
    public static func == (a: ConfigError, b: ConfigError) -> Bool { a.problems == b.problems }
    public var description: String { message }
}

/// The `key = value` format of `metrotimer.conf`: `#` starts a comment line, blank lines are ignored, values are
/// trimmed and may be quoted with `"` to keep surrounding spaces. A later assignment of a key overrides an
/// earlier one (drop-ins are read after the main file, in name order). A UTF-8 byte order mark at the start
/// (some editors write one) is skipped.
public enum ConfigFileParser {
    /// The longest value accepted, in bytes: every real value is a short word or a path.
    public static let maximumValueLength = 4096

    /// Parses one file's text; throws every malformed line at once.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> [ConfigAssignment] {
        let (assignments, problems) = parseReporting(text, file: file)
        if !problems.isEmpty { throw ConfigError(phrases: problems) }
        return assignments
    }

    /// The well-formed assignments of one file's text and a message for each malformed line.
    public static func parseReporting(_ text: String, file: String) -> (assignments: [ConfigAssignment], problems: [Phrase]) {
        var out: [ConfigAssignment] = []
        var problems: [Phrase] = []
        var number = 0
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = Substring(body.unicodeScalars.dropFirst()) }
        // "\r\n" is one Character in Swift: split on it too, or a CRLF file would read as a single line.
        for rawLine in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let line = String(rawLine).trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                problems.append(Phrase(uk: "\(file):\(number): очікувано 'ключ = значення', а тут '\(shortened(line, .uk))'",
                                       en: "\(file):\(number): expected 'key = value', got '\(shortened(line))'"))
                continue
            }
            let key = String(line[..<eq]).trimmingCharacters(in: " \t")
            var value = String(line[line.index(after: eq)...]).trimmingCharacters(in: " \t")
            guard !key.isEmpty, key.utf8.allSatisfy(isKeyByte) else {
                problems.append(Phrase(uk: "\(file):\(number): '\(shortened(key, .uk))' — неправильний ключ (малі латинські літери, цифри, _)",
                                       en: "\(file):\(number): '\(shortened(key))' is not a valid key (lowercase letters, digits, _)"))
                continue
            }
            // A NUL would cut a path short at the C boundary; any other control character is a typo or an attack.
            if let control = value.unicodeScalars.first(where: isControl) {
                let name = control == "\0" ? Phrase(uk: "байт NUL", en: "a NUL byte")
                    : Phrase(uk: "керівний символ \(escaped(control))", en: "control character \(escaped(control))")
                problems.append(Phrase(uk: "\(file):\(number): \(key): у значенні є \(name.uk)",
                                       en: "\(file):\(number): \(key): the value contains \(name.en)"))
                continue
            }
            guard value.utf8.count <= maximumValueLength else {
                problems.append(Phrase(uk: "\(file):\(number): \(key): значення завдовжки \(value.utf8.count) Б "
                                           + "(найбільше \(maximumValueLength))",
                                       en: "\(file):\(number): \(key): the value is \(value.utf8.count) bytes long "
                                           + "(at most \(maximumValueLength))"))
                continue
            }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            out.append(ConfigAssignment(key: key, value: value, file: file, line: number))
        }
        return (out, problems)
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s.removeFirst() }
        while let l = s.last, chars.contains(l) { s.removeLast() }
        return String(s)
    }
}

/// Lowercase ASCII letters, digits and underscore.
private func isKeyByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
}

/// C0 controls other than tab, and DEL.
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
}

/// At most 80 characters of `text` for a message, marked when cut.
func shortened(_ text: String, _ language: Language = .en) -> String {
    guard text.count > 80 else { return text }
    return text.prefix(80) + Phrase(uk: "… (символів: \(text.count))", en: "… (\(text.count) characters)")(language)
}

/// `text` with every character a terminal would not show (controls, format characters such as a byte order mark
/// or a zero-width space, unassigned code points) written as `\u{FEFF}`, so a message never hides what is wrong.
func visible(_ phrase: Phrase) -> Phrase { Phrase(uk: visible(phrase.uk), en: visible(phrase.en)) }

/// `visible` for one text.
func visible(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control where scalar != "\n" && scalar != "\t", .format, .unassigned, .privateUse, .surrogate,
             .lineSeparator, .paragraphSeparator:
            out += escaped(scalar)
        default:
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private func escaped(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
}
