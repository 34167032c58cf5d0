import MetroControl
import MetroModel

/// `metrotimer routes` as text.
enum RoutesView {
    static func render(_ routes: JSONValue) -> String {
        var out = ""
        func describe(_ r: JSONValue) -> String {
            "\(r["from"]?.stringValue ?? "?") → \(r["to"]?.stringValue ?? "?")"
        }
        if let selected = routes["selected"], selected != .null { out += "chosen: \(describe(selected))\n" }
        let pinned = routes["pinned"]?.arrayValue ?? []
        out += pinned.isEmpty ? "pinned: none\n" : "pinned:\n"
        for (i, r) in pinned.enumerated() { out += "  \(i + 1). \(describe(r))\n" }
        let recents = routes["recents"]?.arrayValue ?? []
        if !recents.isEmpty {
            // Numbered on after the pinned ones: the number a double press buzzes for it.
            out += "recent:\n"
            for (i, r) in recents.enumerated() { out += "  \(pinned.count + i + 1). \(describe(r))\n" }
        }
        return out
    }

    /// What `pin` or `unpin` did, from its reply.
    static func pinOutcome(_ reply: JSONValue, pin: Bool, from: String, to: String, language L: Language) -> String {
        let route = "\(StationNames.name(from, L)) → \(StationNames.name(to, L))"
        if pin {
            let result = reply["pin"]?["result"]?.stringValue
            if result == "already_pinned" {
                return Phrase(uk: "маршрут \(route) уже закріплено (нічого не змінено)\n",
                              en: "\(route) was pinned already (nothing changed)\n")(L)
            }
            var out = Phrase(uk: "закріплено: \(route)\n", en: "pinned: \(route)\n")(L)
            if let evicted = reply["pin"]?["evicted"], evicted != .null {
                let old = "\(StationNames.name(evicted["from"]?.stringValue, L)) → \(StationNames.name(evicted["to"]?.stringValue, L))"
                out += Phrase(uk: "закріплених уже було \(RouteBook.maxPinned): найстаріший, \(old), відкріплено\n",
                              en: "\(RouteBook.maxPinned) were pinned already: the oldest, \(old), is unpinned to make room\n")(L)
            }
            return out
        }
        return reply["unpin"]?["result"]?.stringValue == "not_pinned"
            ? Phrase(uk: "маршрут \(route) не був закріплений (нічого не змінено)\n",
                     en: "\(route) was not pinned (nothing changed)\n")(L)
            : Phrase(uk: "відкріплено: \(route)\n", en: "unpinned: \(route)\n")(L)
    }
}

/// `metrotimer journal` and `metrotimer stats` as text.
enum JournalView {
    static func render(_ entries: JSONValue) -> String {
        let list = entries.arrayValue ?? []
        if list.isEmpty { return "no trips yet\n" }
        var out = "id  t0                   route                                   outcome   planned  final  confirmed  corrections\n"
        for e in list {
            let route = "\(e["from"]?.stringValue ?? "?") → \(e["to"]?.stringValue ?? "?")"
            let confirmed = e["confirmed_s"]?.intValue.map { "\($0) s" } ?? "—"
            out += pad(String(e["id"]?.intValue ?? 0), 4) + pad(String((e["t0"]?.stringValue ?? "").prefix(19)), 21)
                + pad(route, 40) + pad(e["outcome"]?.stringValue ?? "", 10)
                + pad("\(e["planned_s"]?.intValue ?? 0) s", 9) + pad("\(e["final_s"]?.intValue ?? 0) s", 7)
                + pad(confirmed, 11)
                + "\(e["manual_corrections"]?.intValue ?? 0) manual (\(e["late_corrections"]?.intValue ?? 0) late), \(e["gps_corrections"]?.intValue ?? 0) gps\n"
        }
        return out
    }

    static func renderStats(_ stats: JSONValue, language: Language = .en) -> String {
        func percent(_ v: JSONValue?) -> String {
            guard let d = v?.numberValue else { return "—" }
            return "\(Int((d * 100).rounded())) %"
        }
        let trips = stats["trips"]?.intValue ?? 0, measured = stats["measured_trips"]?.intValue ?? 0
        var out = Phrase(uk: "поїздок: \(trips), виміряних (підтверджене прибуття): \(measured)\n",
                         en: "trips: \(trips), measured (confirmed arrivals): \(measured)\n")(language)
        out += Phrase(uk: "медіана похибки: ", en: "median error: ")(language)
            + (stats["median_error_s"]?.intValue.map {
                Phrase(uk: "\($0) с (плюс — відлік ішов швидше, безпечно)", en: "\($0) s (positive = countdown ran fast, safe)")(language)
            } ?? "—") + "\n"
        out += Phrase(uk: "у межах ±30 с: ", en: "within ±30 s: ")(language) + percent(stats["within_30s_share"]) + "\n"
        out += Phrase(uk: "поправок +1 серед ручних поправок: ", en: "late corrections (+1) among manual corrections: ")(language)
            + percent(stats["late_correction_share"]) + "\n"
        return out
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}

/// `metrotimer calibration` as text.
enum CalibrationView {
    static func render(_ doc: JSONValue) -> String {
        let segments = doc["segments"]?.arrayValue ?? []
        if segments.isEmpty { return "no calibration yet (every segment uses the timetable seed)\n" }
        var out = "segment                                   running (n)      dwell (n)\n"
        for s in segments {
            let running = s["running_avg_s"]?.numberValue.map { "\(Int($0.rounded())) s (\(s["running_samples"]?.intValue ?? 0))" } ?? "—"
            let dwell = s["dwell_avg_s"]?.numberValue.map { "\(Int($0.rounded())) s (\(s["dwell_samples"]?.intValue ?? 0))" } ?? "—"
            out += JournalView.pad(s["segment"]?.stringValue ?? "", 42) + JournalView.pad(running, 17) + dwell + "\n"
        }
        return out
    }
}
