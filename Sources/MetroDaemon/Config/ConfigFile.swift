/// One `key = value` assignment read from a configuration file, with where it came from.
public struct ConfigAssignment: Equatable, Sendable {
    public let key: String
    public let value: String
    public let file: String
    public let line: Int
}

/// A configuration problem, always naming the file and line (or the key) so a rider can fix it.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public init(_ assignment: ConfigAssignment, _ problem: String) {
        message = "\(assignment.file):\(assignment.line): \(assignment.key): \(problem)"
    }
    public var description: String { message }
}

/// The `key = value` format of `metrotimer.conf`: `#` starts a comment line, blank lines are ignored, values are
/// trimmed and may be quoted with `"` to keep surrounding spaces. A later assignment of a key overrides an
/// earlier one (drop-ins are read after the main file, in name order).
public enum ConfigFileParser {
    /// Parses one file's text.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> [ConfigAssignment] {
        var out: [ConfigAssignment] = []
        var number = 0
        // "\r\n" is one Character in Swift: split on it too, or a CRLF file would read as a single line.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let line = String(rawLine).trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                throw ConfigError("\(file):\(number): expected 'key = value', got '\(line)'")
            }
            let key = String(line[..<eq]).trimmingCharacters(in: " \t")
            var value = String(line[line.index(after: eq)...]).trimmingCharacters(in: " \t")
            guard !key.isEmpty, key.utf8.allSatisfy(isKeyByte) else {
                throw ConfigError("\(file):\(number): '\(key)' is not a valid key (lowercase letters, digits, _)")
            }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            out.append(ConfigAssignment(key: key, value: value, file: file, line: number))
        }
        return out
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
