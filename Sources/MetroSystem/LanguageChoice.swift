/// The one rule by which every program (metrotimer, metrotimerd, metrotimer-hwcheck) chooses the language it
/// speaks: the last `--lang VALUE` or `--lang=VALUE` on its command line, wherever it stands among the other
/// options, up to a `--` (after it, `--lang` is an operand); else the locale's language; else English. Each
/// program maps the values to its own language type and words a refusal of a bad value itself.
public enum LanguageChoice {
    /// Takes every `--lang VALUE` and `--lang=VALUE` out of `arguments`, up to the first `--`, and returns their
    /// values in order. A `--lang` at the end, with no value after it, gives the empty string.
    public static func takeOptions(_ arguments: inout [String]) -> [String] {
        var values: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--lang" {
                arguments.remove(at: index)
                values.append(index < arguments.count ? arguments.remove(at: index) : "")
            } else if argument.hasPrefix("--lang=") {
                arguments.remove(at: index)
                values.append(String(argument.dropFirst("--lang=".count)))
            } else {
                index += 1
            }
        }
        return values
    }

    /// Whether the locale asks for Ukrainian: the first of LC_ALL, LC_MESSAGES and LANG that is set (and not empty)
    /// starts with `uk`.
    public static func localeIsUkrainian(_ environment: [String: String]) -> Bool {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty { return value.hasPrefix("uk") }
        }
        return false
    }
}
