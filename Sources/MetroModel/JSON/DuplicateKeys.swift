import FoundationEssentials

/// Finds a name given twice in one JSON object. The decoder keeps only one of them, so a request like
/// `{"cmd": "status", "cmd": "cancel"}` would run whichever it kept, and a data file giving a field twice would
/// silently lose one: both are refused instead.
public enum DuplicateKeys {
    /// The first repeated name in any object of `text`, which must already be valid JSON.
    public static func first(in text: String) -> String? {
        first(in: Array(text.utf8))
    }

    /// The first repeated name in any object of the JSON text `bytes`, which must already be valid JSON.
    public static func first(in bytes: [UInt8]) -> String? {
        // One entry per open object or array: the names seen so far (nil for an array) and whether a name is next.
        var stack: [(names: Set<String>?, expectingName: Bool)] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): stack.append((names: [], expectingName: true))
            case UInt8(ascii: "["): stack.append((names: nil, expectingName: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            case UInt8(ascii: ","): if stack.last?.names != nil { stack[stack.count - 1].expectingName = true }
            case UInt8(ascii: ":"): if !stack.isEmpty { stack[stack.count - 1].expectingName = false }
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard let top = stack.last, var names = top.names, top.expectingName else { break }
                // Decode the escapes so "a" and "\u0061" count as the same name (a name without escapes, the
                // usual case, needs no decoder).
                let literal = bytes[start...min(index, bytes.count - 1)]
                let name = literal.contains(UInt8(ascii: "\\"))
                    ? (try? JSONDecoder().decode(String.self, from: Data(literal))) ?? String(decoding: literal, as: UTF8.self)
                    : String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
                if names.contains(name) { return name }
                names.insert(name)
                stack[stack.count - 1].names = names
            default: break
            }
            index += 1
        }
        return nil
    }
}
