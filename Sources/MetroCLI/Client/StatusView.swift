import MetroControl
import MetroModel

/// The glance view of `metrotimer status`: destination, next stop, stops left, countdown, alert times, the service
/// warning and the counters. English output never contains Cyrillic (station names come from the English column).
enum StatusView {
    /// The `status` of a reply, read and rendered.
    static func render(reply: JSONValue, language: Language, names: StationNames, nowUnixNanoseconds: Int64)
        throws(CLIError) -> String
    {
        let status = try ReplyDocument.decode(StatusDocument.self, reply, field: "status", language: language)
        return render(status, language: language, names: names, nowUnixNanoseconds: nowUnixNanoseconds)
    }

    static func render(_ status: StatusDocument, language: Language, names: StationNames, nowUnixNanoseconds: Int64) -> String {
        let L = language
        var out = ""
        func line(_ text: String) { out += text + "\n" }
        func name(_ id: String?) -> String { names.name(id, language) }
        if status.time_scale != 1 {
            let scale = status.time_scale
            line(Phrase(uk: "УВАГА: прискорений час ×\(format(scale)) (демо/тест)", en: "NOTE: time scale ×\(format(scale)) (demo/test)")(L))
        }
        guard let trip = status.trip else {
            if let route = status.route {
                line(Phrase(uk: "Очікування. Маршрут: \(name(route.from)) → \(name(route.to)).",
                            en: "Idle. Route: \(name(route.from)) → \(name(route.to)).")(L))
                line(Phrase(uk: "Натисніть кнопку (або metrotimer start), коли потяг рушить.",
                            en: "Press the button (or metrotimer start) as the train pulls out.")(L))
            } else {
                line(Phrase(uk: "Очікування. Маршрут не вибрано: metrotimer route ЗВІДКИ КУДИ",
                            en: "Idle. No route chosen: metrotimer route FROM TO")(L))
            }
            out += extras(status, language: L, names: names)
            return out
        }
        let from = trip.events.first?.station
        let to = trip.events.last?.station
        let remaining = trip.stops_remaining
        if status.state == "arrived" {
            line(Phrase(uk: "Прибуття: \(name(to)). Виходьте. (metrotimer arrived підтверджує)",
                        en: "Arrived: \(name(to)). Get off. (metrotimer arrived confirms)")(L))
        } else {
            line(Phrase(uk: "У дорозі: \(name(from)) → \(name(to))", en: "Riding: \(name(from)) → \(name(to))")(L))
            // Once "train departed" was accepted the wait is a fact: nothing left to press for.
            if trip.changing_lines, !trip.train_departed {
                line(Phrase(uk: "Пересадка: після відправлення потяга — metrotimer departed (або коротке натискання)",
                            en: "Changing lines: when the new train departs, metrotimer departed (or a short press)")(L))
            }
            line(Phrase(uk: "Наступна: \(name(trip.next_stop)) · ще \(Plural.stops(remaining, .uk))",
                        en: "Next: \(name(trip.next_stop)) · \(Plural.stops(remaining, .en)) to go")(L))
        }
        // The daemon's "now" is on the trip's clock (right at a time scale too); fall back to ours.
        let now = KyivTimestamp.unixNanoseconds(status.now) ?? nowUnixNanoseconds
        let countdown = KyivTimestamp.unixNanoseconds(trip.arrival).map { countdownText(($0 - now) / 1_000_000_000, L) } ?? ""
        line(Phrase(uk: "Прибуття: \(clock(trip.arrival))\(countdown)", en: "Arrival: \(clock(trip.arrival))\(countdown)")(L))
        for alert in trip.alerts {
            let due = clock(alert.due)
            let label: Phrase
            switch alert.kind {
            case "transfer": label = Phrase(uk: "пересадка (\(name(alert.station)))", en: "change here (\(name(alert.station)))")
            case "train_departed_reminder":
                label = Phrase(uk: "нагадування: натисніть, щойно рушить потяг", en: "reminder: press as your train pulls out")
            case "next_stop": label = Phrase(uk: "наступна — ваша", en: "yours is next")
            default: label = Phrase(uk: "виходьте", en: "get off now")
            }
            line("  " + Phrase(uk: "сигнал", en: "alert")(L) + " \(due) " + label(L)
                 + (alert.fired != nil ? Phrase(uk: " ✓ спрацював", en: " ✓ fired")(L) : ""))
        }
        if let service = trip.service {
            let station = name(service.station)
            let time = clock(service.time)
            switch service.kind {
            case "before_first":
                line(Phrase(uk: "⚠ до першого потяга: \(station), перший о \(time)", en: "⚠ before the first train at \(station) (first at \(time))")(L))
            case "after_last":
                line(Phrase(uk: "⚠ після останнього потяга: \(station), останній о \(time)", en: "⚠ after the last train at \(station) (last at \(time))")(L))
            default:
                line(Phrase(uk: "⚠ останній потяг скоро: \(station) о \(time)", en: "⚠ last train soon at \(station) (\(time))")(L))
            }
        }
        let manual = trip.manual_corrections, late = trip.late_corrections, gps = trip.gps_corrections
        if manual + gps > 0 {
            line(Phrase(uk: "Поправки: \(manual) \(Plural.ukrainian(manual, one: "ручна", few: "ручні", many: "ручних")) (\(late) +1), \(gps) GPS", en: "Corrections: \(manual) manual (\(late) +1), \(gps) GPS")(L))
        }
        out += extras(status, language: L, names: names)
        return out
    }

    private static func extras(_ status: StatusDocument, language L: Language, names: StationNames) -> String {
        var out = ""
        // Which clock arms the alerts (the man page's promise): a suspended board wakes for them, or not.
        switch status.clock {
        case "boottime_alarm":
            out += Phrase(uk: "Сигнали: CLOCK_BOOTTIME_ALARM (будять пристрій і зі сну)",
                          en: "Alerts: CLOCK_BOOTTIME_ALARM (they wake a suspended device)")(L) + "\n"
        case "boottime":
            out += Phrase(uk: "Сигнали: CLOCK_BOOTTIME (пристрій у сні їх не почує: немає CAP_WAKE_ALARM)",
                          en: "Alerts: CLOCK_BOOTTIME (a suspended device misses them: no CAP_WAKE_ALARM)")(L) + "\n"
        default: break
        }
        // Each fault in the reader's language (`fault_details`); a daemon without them has the English `faults`.
        let faults = status.fault_details.isEmpty ? status.faults : status.fault_details.map { Phrase(uk: $0.uk, en: $0.en)(L) }
        for fault in faults { out += "⚠ " + fault + "\n" }
        if !status.wall_clock.synchronised {
            out += Phrase(uk: "⚠ системний годинник не синхронізовано", en: "⚠ the system clock is not synchronised")(L) + "\n"
        }
        if let session = status.calibration_session {
            let line = LineLabel.text(session.line, L)
            let direction = session.direction
            let presses = session.presses
            let next = names.name(session.next_station, L)
            let departure = session.expecting == "departure"
            out += Phrase(uk: "Калібрування: \(line) \(direction), натискань: \(presses); далі — "
                              + (departure ? "відправлення в бік «\(next)»" : "зупинка «\(next)»"),
                          en: "Calibrating: \(line) \(direction), presses: \(presses); next: "
                              + (departure ? "the departure toward \(next)" : "the stop at \(next)"))(L) + "\n"
            // In the reader's language (`rejected_details`); a daemon without them has the English `rejected`.
            let rejected = session.rejected_details.isEmpty ? session.rejected : session.rejected_details.compactMap { $0[L.rawValue] }
            for text in rejected { out += "  ⚠ " + text + "\n" }
        }
        out += SuspensionsView.statusLines(status.suspensions, language: L, names: names)
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
