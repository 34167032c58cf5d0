/// A JSON value rendered with a fixed key order, so the output reads in the order of the contract.
public indirect enum JSONText: Equatable, Sendable {
    case string(String)
    case number(Int64)
    case bool(Bool)
    case null
    case array([JSONText])
    case object([(String, JSONText)])

    public static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.rendered() == rhs.rendered() }

    /// Pretty-printed with two-space indentation.
    public func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch self {
        case .string(let text): return JSONText.quote(text)
        case .number(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n")
                + "\n" + closePad + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { pad + JSONText.quote($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
                .joined(separator: ",\n") + "\n" + closePad + "}"
        }
    }

    /// A JSON string literal with the required escapes.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
