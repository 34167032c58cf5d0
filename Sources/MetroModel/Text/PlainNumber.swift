/// Numbers as a rider writes them: ASCII digits, nothing else. Swift's own `Int("+1")`, `Int("-0")` and
/// `Double("0x10")` read signs and hexadecimal, which a time (`+1:+5`), a reminder's number (`+1`) or a time
/// scale (`0x10`) must not be: those are refused, naming what was typed.
public enum PlainNumber {
    /// The value of a whole number written in ASCII digits only (no sign, space or other digits); nil for anything
    /// else or a value past `Int.max`.
    public static func whole(_ text: some StringProtocol) -> Int? {
        let text = String(text)
        guard isDigits(text[...]) else { return nil }
        return Int(text)
    }

    /// The value of a decimal number written `123` or `1.5` in ASCII digits (no sign, exponent, hexadecimal,
    /// `inf` or `nan`); nil for anything else.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        let text = String(text)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ isDigits($0) }) else { return nil }
        return Double(text)
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
