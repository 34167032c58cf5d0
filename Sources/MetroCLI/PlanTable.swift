import MetroModel

/// The readable schedule of `metrotimer plan`: every event with its clock times, the change, the alerts and the
/// service warning. English output contains no Cyrillic (station and line names come from the English columns).
public func planTable(_ plan: PlanResult, language: Language) -> String {
    let table = PlanTableText(plan: plan, language: language, marked: PlanTableText.needsZones(plan))
    return table.heading() + table.timings() + "\n" + table.eventRows() + table.alertRows() + table.serviceWarning()
}

/// The parts of `planTable`, each in the reader's language.
private struct PlanTableText {
    let plan: PlanResult
    let language: Language
    /// Whether every time carries its zone (EEST +03:00, EET +02:00).
    let marked: Bool

    private var network: Network { plan.network }
    private var trip: Trip { plan.trip }

    /// Around a clock change a bare "03:10" is not enough: when the plan's times are not all on one offset, or a
    /// time falls in the hour that happens twice, every time carries its zone.
    static func needsZones(_ plan: PlanResult) -> Bool {
        let trip = plan.trip
        let shown = [trip.t0] + trip.events.flatMap { [$0.arrival, $0.departure] } + plan.alerts.map(\.instant)
        let offsets = Set(shown.map { KyivTime.utcOffset(atUnixSeconds: trip.wall.unixSeconds(at: $0)) })
        return offsets.count > 1 || shown.contains { TimeText.isRepeated(unixSeconds: trip.wall.unixSeconds(at: $0)) }
    }

    private func name(_ id: StationID) -> String { network.station(id)?.name(language) ?? id.rawValue }

    private func lineLabel(_ id: LineID) -> String { LineLabel.text(id.rawValue, language) }

    private func clock(_ instant: Instant) -> String {
        let unix = trip.wall.unixSeconds(at: instant)
        return TimeText.clock(unixSeconds: unix) + (marked ? " " + TimeText.zone(unixSeconds: unix) : "")
    }

    private static let weekdays = PlanWeekdays.names

    /// The route, the departure with its day and timetable, the time on the way and, around a clock change, what
    /// the zones mean.
    func heading() -> String {
        let t0Unix = trip.wall.unixSeconds(at: trip.t0)
        let civil = KyivTime.civil(unixSeconds: t0Unix)
        let weekday = Self.weekdays[civil.weekday - 1]
        let day = ServiceDay(unixSeconds: t0Unix)
        let date = "\(civil.year)-\(TimeText.two(civil.month))-\(TimeText.two(civil.day))"
        var text = "\(name(trip.from)) → \(name(trip.to))\n"
        text += Phrase(uk: "Відправлення \(date) о \(clock(trip.t0)) (\(weekday(.uk))); ",
                       en: "Departure \(date) at \(clock(trip.t0)) (\(weekday(.en))); ")(language)
        if day.day != civil.day {
            // After midnight the metro still runs the previous day's service (model §7).
            let previous = Self.weekdays[day.weekday - 1]
            text += Phrase(uk: "доба руху — \(previous(.uk)) \(day); ", en: "service day \(previous(.en)) \(day); ")(language)
        }
        text += Phrase(uk: "розклад \(day.dayType == .weekend ? "вихідного" : "робочого") дня; ",
                       en: "\(day.dayType == .weekend ? "weekend" : "weekday") timetable; ")(language)
        let minutes = rhaDivide(trip.arrival - trip.t0, by: 60_000_000_000)
        text += Phrase(uk: "у дорозі ≈\(minutes) хв\n", en: "about \(minutes) min on the way\n")(language)
        if marked {
            text += Phrase(uk: "Увага: переведення годинника — EEST = літній час (+03:00), EET = зимовий (+02:00)\n",
                           en: "Note: the clocks change — EEST = summer time (+03:00), EET = winter time (+02:00)\n")(language)
        }
        return text
    }

    /// The rider's own calibration and the timetable can differ by minutes: the table says which it used.
    func timings() -> String {
        switch plan.timings {
        case .timetable(let reason):
            return Phrase(uk: "Час руху й стоянок: за розкладом", en: "Timings: the timetable")(language)
                + (reason.map { " (" + $0(language) + ")" } ?? "") + "\n"
        case .calibration(let segments):
            let names = segments.map { "\(name($0.from)) → \(name($0.to))" }.joined(separator: ", ")
            let n = segments.count
            return Phrase(uk: "Час руху й стоянок: ваше калібрування для \(n) \(Plural.ukrainian(n, one: "перегону", few: "перегонів", many: "перегонів")) "
                              + "(\(names)), решта — за розкладом",
                          en: "Timings: your calibration for \(n) \(Plural.english(n, one: "segment", other: "segments")) (\(names)), "
                              + "the timetable for the rest")(language) + "\n"
        }
    }

    func eventRows() -> String {
        let width = marked ? 13 : 8
        func column(_ s: String) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }
        let header = column(Phrase(uk: "прибуття", en: "arrives")(language)) + "  "
            + column(Phrase(uk: "відправл.", en: "departs")(language)) + "   " + Phrase(uk: "станція", en: "station")(language)
        var text = "  " + header + "\n"
        let last = trip.events.count - 1
        for (index, event) in trip.events.enumerated() {
            // At the last stop, a change or a station passed by, a departure equal to the arrival adds nothing.
            let departs = event.departure == event.arrival && index != 0 && (index == last || event.isTransfer || !event.isStop)
                ? String(repeating: " ", count: width) : clock(event.departure)
            let note = eventNotes(at: index)
            text += "  \(clock(event.arrival))  \(departs)   \(lineLabel(event.line)) \(name(event.station))"
            text += note.isEmpty ? "\n" : "  — " + note.joined(separator: "; ") + "\n"
        }
        return text
    }

    /// What a row says after its station: the start, the end, the walk to the next line, the wait for its train,
    /// a station passed without stopping.
    private func eventNotes(at index: Int) -> [String] {
        let event = trip.events[index]
        let last = trip.events.count - 1
        var note: [String] = []
        if index == 0 { note.append(Phrase(uk: "відправлення", en: "departure")(language)) }
        if index == last { note.append(Phrase(uk: "ваша станція", en: "your stop")(language)) }
        if index < last, trip.events[index + 1].isTransfer {
            let next = trip.events[index + 1]
            let walk = network.transfer(from: event.line, to: next.line)?.walkSeconds ?? 0
            note.append(Phrase(uk: "пересадка: перехід на станцію \(name(next.station)) (\(lineLabel(next.line))), ≈\(walk) с пішки",
                               en: "change: walk to \(name(next.station)) (\(lineLabel(next.line))), about \(walk) s")(language))
        }
        if event.isTransfer && index < last {
            note.append(Phrase(uk: "потяг \(lineLabel(event.line)) (з урахуванням очікування)",
                               en: "\(lineLabel(event.line)) train leaves (wait included)")(language))
        }
        if !event.isStop && !event.isTransfer {
            note.append(Phrase(uk: "закрита, без зупинки", en: "closed, no stop")(language))
        }
        return note
    }

    func alertRows() -> String {
        var text = "\n" + Phrase(uk: "Сповіщення:", en: "Alerts:")(language) + "\n"
        for alert in plan.alerts {
            text += "  \(clock(alert.instant))  \(alertText(alert))\n"
        }
        return text
    }

    private func alertText(_ alert: AlertPlan) -> String { alertPhrase(alert.kind, station: name(alert.station))(language) }

    func serviceWarning() -> String {
        guard let issue = plan.service else { return "" }
        return "\n" + Phrase(uk: "Увага: ", en: "Warning: ")(language) + issue.message(language, network: network) + "\n"
    }
}

/// The days of the week as the plan tables name them, Monday first (ISO weekday − 1).
enum PlanWeekdays {
    static let names = [
        Phrase(uk: "понеділок", en: "Monday"), Phrase(uk: "вівторок", en: "Tuesday"),
        Phrase(uk: "середа", en: "Wednesday"), Phrase(uk: "четвер", en: "Thursday"),
        Phrase(uk: "пʼятниця", en: "Friday"), Phrase(uk: "субота", en: "Saturday"),
        Phrase(uk: "неділя", en: "Sunday"),
    ]
}

/// What an alert says in a plan table, about the station named `station`.
func alertPhrase(_ kind: AlertKind, station: String) -> Phrase {
    switch kind {
    case .transfer:
        return Phrase(uk: "наступна — пересадка на станції \(station)", en: "next stop: change lines at \(station)")
    case .trainDepartedReminder:
        return Phrase(uk: "нагадування: натисніть, щойно рушить потяг зі станції \(station)",
                      en: "reminder: press as your train pulls out of \(station)")
    case .nextStop:
        return Phrase(uk: "наступна — ваша (\(station))", en: "yours is next (\(station))")
    case .arrival:
        return Phrase(uk: "виходьте: \(station)", en: "get off now: \(station)")
    }
}
