/// Plural forms (model §10).
public enum Plural {
    /// The Ukrainian form for a count: `one` (1, 21, 101…), `few` (2–4, 22–24…) or `many` (0, 5–20, 25–30,
    /// 111–114…). The teens 11…14 of every hundred take `many`. The sign is ignored.
    public static func ukrainian(_ n: Int, one: String, few: String, many: String) -> String {
        let magnitude = n.magnitude
        let r100 = magnitude % 100
        let r10 = magnitude % 10
        if (11...14).contains(r100) { return many }
        if r10 == 1 { return one }
        if (2...4).contains(r10) { return few }
        return many
    }

    /// The English form: `one` for exactly ±1, else `other` (0 stops, 2 stops).
    public static func english(_ n: Int, one: String, other: String) -> String {
        n.magnitude == 1 ? one : other
    }

    /// "1 stop", "2 stops"; "1 зупинка", "3 зупинки", "5 зупинок".
    public static func stops(_ n: Int, _ language: Language) -> String {
        switch language {
        case .uk: return "\(n) " + ukrainian(n, one: "зупинка", few: "зупинки", many: "зупинок")
        case .en: return "\(n) " + english(n, one: "stop", other: "stops")
        }
    }
}
