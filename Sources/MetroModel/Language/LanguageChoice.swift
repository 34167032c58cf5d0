extension Language {
    /// The language of the environment: `uk` when LC_ALL, LC_MESSAGES or LANG (the first one set) starts with
    /// `uk`, else English. Every program's outputs follow it unless `--lang` says otherwise.
    public static func ofEnvironment(_ environment: [String: String]) -> Language {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty { return value.hasPrefix("uk") ? .uk : .en }
        }
        return .en
    }

    /// Reads a `--lang` value (`uk` or `en`, any case); nil otherwise.
    public static func option(_ text: String) -> Language? { Language(rawValue: text.lowercased()) }
}
