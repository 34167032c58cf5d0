import MetroControl
import MetroModel

/// `metrotimer routes` as text.
enum RoutesView {
    static func render(_ routes: RoutesDocument, language L: Language, names: StationNames) -> String {
        var out = ""
        func describe(_ r: RoutesDocument.Route) -> String { names.route(from: r.from, to: r.to, L) }
        if let selected = routes.selected {
            out += Phrase(uk: "вибрано: ", en: "chosen: ")(L) + describe(selected) + "\n"
        }
        let pinned = routes.pinned
        out += pinned.isEmpty ? Phrase(uk: "закріплені: немає\n", en: "pinned: none\n")(L)
            : Phrase(uk: "закріплені:\n", en: "pinned:\n")(L)
        for (i, r) in pinned.enumerated() { out += "  \(i + 1). \(describe(r))\n" }
        let recents = routes.recents
        if !recents.isEmpty {
            // Numbered on after the pinned ones: the number a double press buzzes for it.
            out += Phrase(uk: "недавні:\n", en: "recent:\n")(L)
            for (i, r) in recents.enumerated() { out += "  \(pinned.count + i + 1). \(describe(r))\n" }
        }
        return out
    }

    /// What `pin` or `unpin` did, from its reply.
    static func pinOutcome(_ reply: JSONValue, pin: Bool, from: String, to: String, language L: Language,
                           names: StationNames) throws(CLIError) -> String
    {
        let route = names.route(from: from, to: to, L)
        if pin {
            let outcome = try ReplyDocument.decode(PinResultDocument.self, reply, field: .pin, language: L)
            if outcome.result == "already_pinned" {
                return Phrase(uk: "маршрут \(route) уже закріплено (нічого не змінено)\n",
                              en: "\(route) was pinned already (nothing changed)\n")(L)
            }
            var out = Phrase(uk: "закріплено: \(route)\n", en: "pinned: \(route)\n")(L)
            if let evicted = outcome.evicted {
                let old = names.route(from: evicted.from, to: evicted.to, L)
                out += Phrase(uk: "закріплених уже було \(RouteBook.maxPinned): найстаріший, \(old), відкріплено\n",
                              en: "\(RouteBook.maxPinned) were pinned already: the oldest, \(old), is unpinned to make room\n")(L)
            }
            return out
        }
        return try ReplyDocument.decode(ChangeResultDocument.self, reply, field: .unpin, language: L).result == "not_pinned"
            ? Phrase(uk: "маршрут \(route) не був закріплений (нічого не змінено)\n",
                     en: "\(route) was not pinned (nothing changed)\n")(L)
            : Phrase(uk: "відкріплено: \(route)\n", en: "unpinned: \(route)\n")(L)
    }
}

/// `metrotimer journal` and `metrotimer stats` as text.
enum JournalView {
    static func render(_ list: [JournalDocument], language L: Language, names: StationNames) -> String {
        if list.isEmpty { return Phrase(uk: "поїздок ще немає\n", en: "no trips yet\n")(L) }
        let unit = Phrase(uk: "с", en: "s")(L)
        var out = pad("№", 4) + pad("t0", 21) + pad(Phrase(uk: "маршрут", en: "route")(L), 40)
            + pad(Phrase(uk: "результат", en: "outcome")(L), 10) + pad(Phrase(uk: "план", en: "planned")(L), 9)
            + pad(Phrase(uk: "підсумок", en: "final")(L), 9) + pad(Phrase(uk: "підтверджено", en: "confirmed")(L), 13)
            + Phrase(uk: "поправки", en: "corrections")(L) + "\n"
        for e in list {
            let route = names.route(from: e.from, to: e.to, L)
            let confirmed = e.confirmed_s.map { "\($0) \(unit)" } ?? "—"
            let outcome: String
            switch e.outcome {
            case "arrived": outcome = Phrase(uk: "прибув", en: "arrived")(L)
            case "stopped": outcome = Phrase(uk: "зупинено", en: "stopped")(L)
            case "expired": outcome = Phrase(uk: "сплив", en: "expired")(L)
            default: outcome = e.outcome
            }
            let manual = e.manual_corrections, late = e.late_corrections, gps = e.gps_corrections
            out += pad(String(e.id), 4) + pad(String(e.t0.prefix(19)), 21)
                + pad(route, 40) + pad(outcome, 10)
                + pad("\(e.planned_s) \(unit)", 9) + pad("\(e.final_s) \(unit)", 9)
                + pad(confirmed, 13)
                + Phrase(uk: "\(manual) \(Plural.ukrainian(manual, one: "ручна", few: "ручні", many: "ручних")) (\(late) +1), \(gps) GPS",
                         en: "\(manual) manual (\(late) late), \(gps) GPS")(L) + "\n"
        }
        return out
    }

    static func renderStats(_ stats: StatsDocument, language: Language = .en) -> String {
        let trips = stats.trips, measured = stats.measured_trips
        var out = Phrase(uk: "поїздок: \(trips), виміряних (підтверджене прибуття): \(measured)\n",
                         en: "trips: \(trips), measured (confirmed arrivals): \(measured)\n")(language)
        out += Phrase(uk: "медіана похибки: ", en: "median error: ")(language)
            + (stats.median_error_s.map {
                Phrase(uk: "\($0) с (плюс — відлік ішов швидше, безпечно)", en: "\($0) s (positive = countdown ran fast, safe)")(language)
            } ?? "—") + "\n"
        out += Phrase(uk: "у межах ±30 с: ", en: "within ±30 s: ")(language) + percent(stats.within_30s_share) + "\n"
        out += Phrase(uk: "поправок +1 серед ручних поправок: ", en: "late corrections (+1) among manual corrections: ")(language)
            + percent(stats.late_correction_share) + "\n"
        return out
    }

    /// "42 %" for a share, "—" for none.
    static func percent(_ share: Double?) -> String {
        guard let share else { return "—" }
        return "\(Int((share * 100).rounded())) %"
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}

/// `metrotimer calibration` as text: each segment by its station names, averages rounded to whole seconds.
enum CalibrationView {
    /// "Lisova → Chernihivska" for `lisova>chernihivska`.
    static func segmentName(_ key: String, _ L: Language, names: StationNames) -> String {
        let parts = key.split(separator: ">").map(String.init)
        guard parts.count == 2 else { return key }
        return "\(names.name(parts[0], L)) → \(names.name(parts[1], L))"
    }

    static func figure(_ average: Double?, _ n: Int, _ L: Language) -> String {
        guard let average else { return "—" }
        return Phrase(uk: "\(Int(average.rounded())) с (\(n) \(Plural.ukrainian(n, one: "вимір", few: "виміри", many: "вимірів")))",
                      en: "\(Int(average.rounded())) s (\(n) \(Plural.english(n, one: "sample", other: "samples")))")(L)
    }

    static func render(_ doc: CalibrationDocument, language L: Language, names: StationNames) -> String {
        let segments = doc.segments
        if segments.isEmpty {
            return Phrase(uk: "калібрування ще немає (кожен перегін бере час із розкладу)\n",
                          en: "no calibration yet (every segment uses the timetable seed)\n")(L)
        }
        var out = JournalView.pad(Phrase(uk: "перегін", en: "segment")(L), 44)
            + JournalView.pad(Phrase(uk: "рух", en: "running")(L), 22) + Phrase(uk: "стоянка", en: "dwell")(L) + "\n"
        for s in segments {
            let running = figure(s.running_avg_s, s.running_samples, L)
            let dwell = figure(s.dwell_avg_s, s.dwell_samples, L)
            out += JournalView.pad(segmentName(s.segment, L, names: names), 44) + JournalView.pad(running, 22) + dwell + "\n"
        }
        return out
    }

    /// What a calibration session measured: each segment it passed, with the averages it now has.
    static func renderSession(covered: [String], calibration: CalibrationDocument, language L: Language,
                              names: StationNames) -> String
    {
        var bySegment: [String: CalibrationDocument.Segment] = [:]
        for s in calibration.segments { bySegment[s.segment] = s }
        var out = ""
        for key in covered {
            guard let s = bySegment[key] else { continue }
            var parts: [String] = []
            if let running = s.running_avg_s {
                parts.append(Phrase(uk: "рух ", en: "running ")(L) + figure(running, s.running_samples, L))
            }
            if let dwell = s.dwell_avg_s {
                parts.append(Phrase(uk: "стоянка ", en: "dwell ")(L) + figure(dwell, s.dwell_samples, L))
            }
            if !parts.isEmpty { out += "  " + segmentName(key, L, names: names) + ": " + parts.joined(separator: ", ") + "\n" }
        }
        if out.isEmpty {
            return Phrase(uk: "  нічого не виміряно (потрібні натискання на відправленні й на зупинці)\n",
                          en: "  nothing measured (it takes a press at a departure and one at a stop)\n")(L)
        }
        return Phrase(uk: "виміряно (наступний план і поїздка вже беруть ці значення):\n",
                      en: "measured (the next plan and ride use these at once):\n")(L) + out
    }
}
