/// Key names as `<linux/input-event-codes.h>` spells them (`KEY_VOLUMEUP`, `BTN_0`), and their codes.
public enum KeyNames {
    /// The code of `spec`: a name from the header (case-insensitive, `KEY_`/`BTN_` prefix required), `KEY_MAX`
    /// itself, or a number in plain digits from 1 to `KEY_MAX` (0x2ff). Nil when it is none of these.
    ///
    /// The kernel takes every code up to and including `KEY_MAX` (its key bitmaps hold `KEY_CNT` = `KEY_MAX` + 1
    /// bits; `UI_SET_KEYBIT` refuses only codes above it), so 767 is a key a device may report, and the header's name
    /// for it, `KEY_MAX`, is accepted as its spelling like any other name.
    public static func code(of spec: String) -> UInt16? {
        let trimmed = spec.trimmingWhitespace
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            guard let number = UInt16(trimmed), number >= 1, number <= maximumCode else { return nil }
            return number
        }
        if trimmed.lowercased() == "key_max" { return maximumCode }
        return byName[trimmed.lowercased()]
    }

    /// The header's first name for `code`, or `key <code>` when it has none (messages only).
    public static func name(of code: UInt16) -> String {
        byCode[code]?.uppercased() ?? "key \(code)"
    }

    /// `KEY_MAX` of the header the table was generated from: the highest code the kernel accepts.
    public static let maximumCode: UInt16 = 0x2ff

    private static let byName: [String: UInt16] = Dictionary(table.map { ($0.name, $0.code) }, uniquingKeysWith: { first, _ in first })
    private static let byCode: [UInt16: String] = Dictionary(table.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
