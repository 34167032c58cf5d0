import MetroControl
import MetroModel

/// The glance view of `metrotimer status`: destination, next stop, stops left, countdown, alert times, the service
/// warning and the counters. English output never contains Cyrillic (station names come from the English column).
enum StatusView {
    static func render(_ status: JSONValue, language: Language, names: StationNames, nowUnixNanoseconds: Int64) -> String {
        let L = language
        var out = ""
        func line(_ text: String) { out += text + "\n" }
        func name(_ id: String?) -> String { names.name(id, language) }
        let state = status["state"]?.stringValue ?? "idle"
        if let scale = status["time_scale"]?.numberValue, scale != 1 {
            line(Phrase(uk: "УВАГА: прискорений час ×\(format(scale)) (демо/тест)", en: "NOTE: time scale ×\(format(scale)) (demo/test)")(L))
        }
        guard let trip = status["trip"], trip != .null else {
            if let route = status["route"], route != .null {
                line(Phrase(uk: "Очікування. Маршрут: \(name(route["from"]?.stringValue)) → \(name(route["to"]?.stringValue)).",
                            en: "Idle. Route: \(name(route["from"]?.stringValue)) → \(name(route["to"]?.stringValue)).")(L))
                line(Phrase(uk: "Натисніть кнопку (або metrotimer start), коли потяг рушить.",
                            en: "Press the button (or metrotimer start) as the train pulls out.")(L))
            } else {
                line(Phrase(uk: "Очікування. Маршрут не вибрано: metrotimer route ЗВІДКИ КУДИ",
                            en: "Idle. No route chosen: metrotimer route FROM TO")(L))
            }
            out += extras(status, language: L, names: names)
            return out
        }
        let events = trip["events"]?.arrayValue ?? []
        let from = events.first?["station"]?.stringValue
        let to = events.last?["station"]?.stringValue
        let remaining = trip["stops_remaining"]?.intValue ?? 0
        let arrivalText = trip["arrival"]?.stringValue ?? ""
        if state == "arrived" {
            line(Phrase(uk: "Прибуття: \(name(to)). Виходьте. (metrotimer arrived підтверджує)",
                        en: "Arrived: \(name(to)). Get off. (metrotimer arrived confirms)")(L))
        } else {
            line(Phrase(uk: "У дорозі: \(name(from)) → \(name(to))", en: "Riding: \(name(from)) → \(name(to))")(L))
            // Once "train departed" was accepted the wait is a fact: nothing left to press for.
            if trip["changing_lines"]?.boolValue == true, trip["train_departed"]?.boolValue != true {
                line(Phrase(uk: "Пересадка: після відправлення потяга — metrotimer departed (або коротке натискання)",
                            en: "Changing lines: when the new train departs, metrotimer departed (or a short press)")(L))
            }
            line(Phrase(uk: "Наступна: \(name(trip["next_stop"]?.stringValue)) · ще \(Plural.stops(remaining, .uk))",
                        en: "Next: \(name(trip["next_stop"]?.stringValue)) · \(Plural.stops(remaining, .en)) to go")(L))
        }
        // The daemon's "now" is on the trip's clock (right at a time scale too); fall back to ours.
        let now = status["now"]?.stringValue.flatMap(ISOInstant.parse) ?? nowUnixNanoseconds
        let countdown = ISOInstant.parse(arrivalText).map { countdownText(($0 - now) / 1_000_000_000, L) } ?? ""
        line(Phrase(uk: "Прибуття: \(clock(arrivalText))\(countdown)", en: "Arrival: \(clock(arrivalText))\(countdown)")(L))
        for alert in trip["alerts"]?.arrayValue ?? [] {
            let kind = alert["kind"]?.stringValue ?? ""
            let due = clock(alert["due"]?.stringValue ?? "")
            let fired = alert["fired"]?.stringValue != nil
            let label: Phrase
            switch kind {
            case "transfer": label = Phrase(uk: "пересадка (\(name(alert["station"]?.stringValue)))", en: "change here (\(name(alert["station"]?.stringValue)))")
            case "train_departed_reminder":
                label = Phrase(uk: "нагадування: натисніть, щойно рушить потяг", en: "reminder: press as your train pulls out")
            case "next_stop": label = Phrase(uk: "наступна — ваша", en: "yours is next")
            default: label = Phrase(uk: "виходьте", en: "get off now")
            }
            line("  " + Phrase(uk: "сигнал", en: "alert")(L) + " \(due) " + label(L)
                 + (fired ? Phrase(uk: " ✓ спрацював", en: " ✓ fired")(L) : ""))
        }
        if let service = trip["service"], service != .null {
            let station = name(service["station"]?.stringValue)
            let time = clock(service["time"]?.stringValue ?? "")
            switch service["kind"]?.stringValue {
            case "before_first":
                line(Phrase(uk: "⚠ до першого потяга: \(station), перший о \(time)", en: "⚠ before the first train at \(station) (first at \(time))")(L))
            case "after_last":
                line(Phrase(uk: "⚠ після останнього потяга: \(station), останній о \(time)", en: "⚠ after the last train at \(station) (last at \(time))")(L))
            default:
                line(Phrase(uk: "⚠ останній потяг скоро: \(station) о \(time)", en: "⚠ last train soon at \(station) (\(time))")(L))
            }
        }
        let manual = trip["manual_corrections"]?.intValue ?? 0
        let late = trip["late_corrections"]?.intValue ?? 0
        let gps = trip["gps_corrections"]?.intValue ?? 0
        if manual + gps > 0 {
            line(Phrase(uk: "Поправки: \(manual) \(Plural.ukrainian(manual, one: "ручна", few: "ручні", many: "ручних")) (\(late) +1), \(gps) GPS", en: "Corrections: \(manual) manual (\(late) +1), \(gps) GPS")(L))
        }
        out += extras(status, language: L, names: names)
        return out
    }

    private static func extras(_ status: JSONValue, language L: Language, names: StationNames) -> String {
        var out = ""
        // Which clock arms the alerts (the man page's promise): a suspended board wakes for them, or not.
        switch status["clock"]?.stringValue {
        case "boottime_alarm":
            out += Phrase(uk: "Сигнали: CLOCK_BOOTTIME_ALARM (будять пристрій і зі сну)",
                          en: "Alerts: CLOCK_BOOTTIME_ALARM (they wake a suspended device)")(L) + "\n"
        case "boottime":
            out += Phrase(uk: "Сигнали: CLOCK_BOOTTIME (пристрій у сні їх не почує: немає CAP_WAKE_ALARM)",
                          en: "Alerts: CLOCK_BOOTTIME (a suspended device misses them: no CAP_WAKE_ALARM)")(L) + "\n"
        default: break
        }
        // Each fault in the reader's language (`fault_details`); a daemon without them has the English `faults`.
        let details = status["fault_details"]?.arrayValue ?? []
        if !details.isEmpty {
            for fault in details {
                if let text = fault[L.rawValue]?.stringValue ?? fault["en"]?.stringValue { out += "⚠ " + text + "\n" }
            }
        } else {
            for fault in status["faults"]?.arrayValue ?? [] {
                if let text = fault.stringValue { out += "⚠ " + text + "\n" }
            }
        }
        if status["wall_clock"]?["synchronised"]?.boolValue == false {
            out += Phrase(uk: "⚠ системний годинник не синхронізовано", en: "⚠ the system clock is not synchronised")(L) + "\n"
        }
        if let session = status["calibration_session"], session != .null {
            let line = LineLabel.text(session["line"]?.stringValue ?? "", L)
            let direction = session["direction"]?.stringValue ?? ""
            let presses = session["presses"]?.intValue ?? 0
            let next = names.name(session["next_station"]?.stringValue, L)
            let departure = session["expecting"]?.stringValue == "departure"
            out += Phrase(uk: "Калібрування: \(line) \(direction), натискань: \(presses); далі — "
                              + (departure ? "відправлення в бік «\(next)»" : "зупинка «\(next)»"),
                          en: "Calibrating: \(line) \(direction), presses: \(presses); next: "
                              + (departure ? "the departure toward \(next)" : "the stop at \(next)"))(L) + "\n"
            // In the reader's language (`rejected_details`); a daemon without them has the English `rejected`.
            let details = session["rejected_details"]?.arrayValue ?? []
            for rejected in details.isEmpty ? session["rejected"]?.arrayValue ?? [] : details {
                if let text = rejected[L.rawValue]?.stringValue ?? rejected.stringValue { out += "  ⚠ " + text + "\n" }
            }
        }
        out += SuspensionsView.statusLines(status["suspensions"], language: L, names: names)
        return out
    }

    /// "22:41:15" from an ISO timestamp.
    static func clock(_ iso: String) -> String {
        guard let t = iso.firstIndex(of: "T") else { return iso }
        return String(iso[iso.index(after: t)...].prefix(8))
    }

    static func countdownText(_ seconds: Int64, _ L: Language) -> String {
        if seconds <= 0 { return "" }
        let m = seconds / 60, s = seconds % 60
        let text = s < 10 ? "\(m):0\(s)" : "\(m):\(s)"
        return Phrase(uk: " (через \(text))", en: " (in \(text))")(L)
    }

    static func format(_ d: Double) -> String { d.rounded() == d ? String(Int(d)) : String(d) }
}

/// Parses the daemon's ISO 8601 timestamps (`2026-08-17T22:41:15.250+03:00`) to Unix nanoseconds.
enum ISOInstant {
    static func parse(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var v = 0
            for c in b[from..<(from + count)] {
                guard c >= 48 && c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }
        guard b.count >= 25, let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2),
            let mi = num(14, 2), let s = num(17, 2)
        else { return nil }
        var i = 19
        var millis = 0
        if b[i] == UInt8(ascii: ".") {
            guard let f = num(20, 3) else { return nil }
            millis = f
            i = 23
        }
        guard i + 6 <= b.count, let oh = num(i + 1, 2), let om = num(i + 4, 2) else { return nil }
        let sign: Int64 = b[i] == UInt8(ascii: "-") ? -1 : 1
        let days = daysFromCivil(y, mo, d)
        let local = Int64(days) * 86400 + Int64(h * 3600 + mi * 60 + s)
        let unix = local - sign * Int64(oh * 3600 + om * 60)
        return unix * 1_000_000_000 + Int64(millis) * 1_000_000
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }
}
