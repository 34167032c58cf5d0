/// A guard run on every JSON text before it reaches the decoder.
///
/// Foundation's JSON scanner stops the process (a trap, not a thrown error) on a text nested more than 512
/// arrays or objects deep, and a control request, the network data file and the stored trip can all be
/// written by someone else. Each reader therefore asks `JSONNesting.refusal(of:)` first and refuses the text
/// with that message instead of decoding it. No text metrotimer writes comes anywhere near the limit.
public enum JSONNesting {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    /// The refusal of a text nested deeper than `maximumDepth`, in both languages.
    public static let tooDeep = Phrase(uk: "JSON вкладено глибше, ніж на \(maximumDepth) масивів чи обʼєктів",
                                       en: "JSON nested deeper than \(maximumDepth) arrays or objects")

    /// The message naming why `bytes` cannot be decoded, in both languages, or nil when its nesting is within
    /// `maximumDepth`.
    ///
    /// A byte scanner: brackets inside strings (including escaped quotes) do not count, and the text need not
    /// be valid JSON; the decoder still judges that.
    public static func refusal<Bytes: Sequence<UInt8>>(of bytes: Bytes) -> Phrase? {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumDepth { return tooDeep }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        return nil
    }
}
