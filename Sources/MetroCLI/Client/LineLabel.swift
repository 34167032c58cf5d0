import MetroModel

/// Line ids as the rider types and reads them: `M1` in English, `М1` in Ukrainian, `m1` in the data.
enum LineLabel {
    /// The data's line id for `M1`, `m1`, `М1` or `м1` (Latin or Cyrillic M); nil for anything else.
    static func id(_ text: String) -> String? {
        guard let first = text.first, "MmМм".contains(first) else { return nil }
        let digits = text.dropFirst()
        guard digits.count == 1, let digit = digits.first, "123".contains(digit) else { return nil }
        return "m\(digit)"
    }

    /// "M1" / "М1" for a line id.
    static func text(_ id: String, _ language: Language) -> String {
        let digits = id.drop { !$0.isNumber }
        return Phrase(uk: "М\(digits)", en: "M\(digits)")(language)
    }
}
