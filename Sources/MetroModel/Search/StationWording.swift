/// How the command line says that what the rider typed is no station: the one wording of `plan` and `stations`,
/// on Kyiv's network and on an imported one. `suggestions` are already as the reader sees them ("Name (id)").
public enum StationWording {
    /// `no station 'TEXT'; did you mean: …` (a station to plan from or to).
    public static func unknown(_ text: String, suggestions: [String]) -> Phrase {
        let list = suggestions.joined(separator: ", ")
        return suggestions.isEmpty
            ? Phrase(uk: "немає станції «\(text)»", en: "no station '\(text)'")
            : Phrase(uk: "немає станції «\(text)»; можливо: \(list)", en: "no station '\(text)'; did you mean: \(list)")
    }

    /// `no station matches 'QUERY'; did you mean: …` (a search).
    public static func noMatch(_ query: String, suggestions: [String]) -> Phrase {
        let list = suggestions.joined(separator: ", ")
        return suggestions.isEmpty
            ? Phrase(uk: "жодна станція не відповідає «\(query)»", en: "no station matches '\(query)'")
            : Phrase(uk: "жодна станція не відповідає «\(query)»; можливо: \(list)",
                     en: "no station matches '\(query)'; did you mean: \(list)")
    }
}
