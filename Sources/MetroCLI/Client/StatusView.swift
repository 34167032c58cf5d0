import MetroControl
import MetroModel

/// The glance view of `metrotimer status`: destination, next stop, stops left, countdown, alert times, the service
/// warning and the counters. English output never contains Cyrillic (station names come from the English column).
enum StatusView {
    /// The `status` of a reply, read and rendered.
    static func render(reply: JSONValue, language: Language, names: StationNames, nowUnixNanoseconds: Int64)
        throws(CLIError) -> String
    {
        let status = try ReplyDocument.decode(StatusDocument.self, reply, field: .status, language: language)
        return render(status, language: language, names: names, nowUnixNanoseconds: nowUnixNanoseconds)
    }

    static func render(_ status: StatusDocument, language: Language, names: StationNames, nowUnixNanoseconds: Int64) -> String {
        var out = timeScaleNote(status.time_scale, language)
        if let trip = status.trip {
            out += progressLines(trip, arrived: status.state == "arrived", language: language, names: names)
            // The daemon's "now" is on the trip's clock (right at a time scale too); fall back to ours.
            let now = KyivTimestamp.unixNanoseconds(status.now) ?? nowUnixNanoseconds
            out += arrivalLine(trip, nowUnixNanoseconds: now, language: language)
            out += alertLines(trip.alerts, language: language, names: names)
            out += trip.service.map { serviceLine($0, language: language, names: names) } ?? ""
            out += correctionsLine(trip, language: language)
        } else {
            out += idleLines(status.route, language: language, names: names)
        }
        return out + extras(status, language: language, names: names)
    }

    /// A sped-up daemon (a demo or a test) says so first: its times do not pass at the real clock's pace.
    private static func timeScaleNote(_ scale: Double, _ L: Language) -> String {
        guard scale != 1 else { return "" }
        return Phrase(uk: "УВАГА: прискорений час ×\(format(scale)) (демо/тест)", en: "NOTE: time scale ×\(format(scale)) (demo/test)")(L) + "\n"
    }

    private static func idleLines(_ route: StatusDocument.Route?, language L: Language, names: StationNames) -> String {
        guard let route else {
            return Phrase(uk: "Очікування. Маршрут не вибрано: metrotimer route ЗВІДКИ КУДИ",
                          en: "Idle. No route chosen: metrotimer route FROM TO")(L) + "\n"
        }
        let from = names.name(route.from, L), to = names.name(route.to, L)
        return Phrase(uk: "Очікування. Маршрут: \(from) → \(to).", en: "Idle. Route: \(from) → \(to).")(L) + "\n"
            + Phrase(uk: "Натисніть кнопку (або metrotimer start), коли потяг рушить.",
                     en: "Press the button (or metrotimer start) as the train pulls out.")(L) + "\n"
    }

    private static func progressLines(_ trip: StatusDocument.Trip, arrived: Bool, language L: Language, names: StationNames)
        -> String
    {
        let from = names.name(trip.events.first?.station, L)
        let to = names.name(trip.events.last?.station, L)
        if arrived {
            return Phrase(uk: "Прибуття: \(to). Виходьте. (metrotimer arrived підтверджує)",
                          en: "Arrived: \(to). Get off. (metrotimer arrived confirms)")(L) + "\n"
        }
        var out = Phrase(uk: "У дорозі: \(from) → \(to)", en: "Riding: \(from) → \(to)")(L) + "\n"
        // Once "train departed" was accepted the wait is a fact: nothing left to press for.
        if trip.changing_lines, !trip.train_departed {
            out += Phrase(uk: "Пересадка: після відправлення потяга — metrotimer departed (або коротке натискання)",
                          en: "Changing lines: when the new train departs, metrotimer departed (or a short press)")(L) + "\n"
        }
        let next = names.name(trip.next_stop, L), remaining = trip.stops_remaining
        out += Phrase(uk: "Наступна: \(next) · ще \(Plural.stops(remaining, .uk))",
                      en: "Next: \(next) · \(Plural.stops(remaining, .en)) to go")(L) + "\n"
        return out
    }

    private static func arrivalLine(_ trip: StatusDocument.Trip, nowUnixNanoseconds now: Int64, language L: Language) -> String {
        let countdown = KyivTimestamp.unixNanoseconds(trip.arrival).map { countdownText(($0 - now) / 1_000_000_000, L) } ?? ""
        return Phrase(uk: "Прибуття: \(clock(trip.arrival))\(countdown)", en: "Arrival: \(clock(trip.arrival))\(countdown)")(L) + "\n"
    }

    private static func alertLines(_ alerts: [StatusDocument.Alert], language L: Language, names: StationNames) -> String {
        var out = ""
        for alert in alerts {
            let label: Phrase
            switch alert.kind {
            case "transfer":
                let station = names.name(alert.station, L)
                label = Phrase(uk: "пересадка (\(station))", en: "change here (\(station))")
            case "train_departed_reminder":
                label = Phrase(uk: "нагадування: натисніть, щойно рушить потяг", en: "reminder: press as your train pulls out")
            case "next_stop": label = Phrase(uk: "наступна — ваша", en: "yours is next")
            default: label = Phrase(uk: "виходьте", en: "get off now")
            }
            out += "  " + Phrase(uk: "сигнал", en: "alert")(L) + " \(clock(alert.due)) " + label(L)
                + (alert.fired != nil ? Phrase(uk: " ✓ спрацював", en: " ✓ fired")(L) : "") + "\n"
        }
        return out
    }

    private static func serviceLine(_ service: StatusDocument.Service, language L: Language, names: StationNames) -> String {
        let station = names.name(service.station, L)
        let time = clock(service.time)
        switch service.kind {
        case "before_first":
            return Phrase(uk: "⚠ до першого потяга: \(station), перший о \(time)", en: "⚠ before the first train at \(station) (first at \(time))")(L) + "\n"
        case "after_last":
            return Phrase(uk: "⚠ після останнього потяга: \(station), останній о \(time)", en: "⚠ after the last train at \(station) (last at \(time))")(L) + "\n"
        default:
            return Phrase(uk: "⚠ останній потяг скоро: \(station) о \(time)", en: "⚠ last train soon at \(station) (\(time))")(L) + "\n"
        }
    }

    /// A trip nobody corrected says nothing; of the manual corrections the +1s (the train behind the model) are
    /// counted apart, since they show which way the model was wrong.
    private static func correctionsLine(_ trip: StatusDocument.Trip, language L: Language) -> String {
        let manual = trip.manual_corrections, late = trip.late_corrections, gps = trip.gps_corrections
        guard manual + gps > 0 else { return "" }
        return Phrase(uk: "Поправки: \(manual) \(Plural.ukrainian(manual, one: "ручна", few: "ручні", many: "ручних")) (\(late) +1), \(gps) GPS", en: "Corrections: \(manual) manual (\(late) +1), \(gps) GPS")(L) + "\n"
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
        if let recording = status.recording {
            if let note = recording.note?[L.rawValue] {
                out += "⚠ " + note + "\n"
            } else if recording.end_reason == nil {
                out += Phrase(uk: "Запис руху \(recording.id) триває (metrotimer record-motion stop)",
                              en: "Recording motion: \(recording.id) (metrotimer record-motion stop)")(L) + "\n"
            }
        }
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
