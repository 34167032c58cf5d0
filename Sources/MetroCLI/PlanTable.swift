import MetroModel

/// The readable schedule of `metrotimer plan`: every event with its clock times, the change, the alerts and the
/// service warning. English output contains no Cyrillic (station and line names come from the English columns).
public func planTable(_ plan: PlanResult, language: Language) -> String {
    let network = plan.network
    let trip = plan.trip
    func name(_ id: StationID) -> String { network.station(id)?.name(language) ?? id.rawValue }
    func lineLabel(_ id: LineID) -> String {
        let digits = id.rawValue.drop { !$0.isNumber }
        return Phrase(uk: "М\(digits)", en: "M\(digits)")(language)
    }
    func clock(_ instant: Instant) -> String { TimeText.clock(unixSeconds: trip.wall.unixSeconds(at: instant)) }
    let t0Unix = trip.wall.unixSeconds(at: trip.t0)
    let civil = KyivTime.civil(unixSeconds: t0Unix)
    let weekdays = [
        Phrase(uk: "понеділок", en: "Monday"), Phrase(uk: "вівторок", en: "Tuesday"),
        Phrase(uk: "середа", en: "Wednesday"), Phrase(uk: "четвер", en: "Thursday"),
        Phrase(uk: "пʼятниця", en: "Friday"), Phrase(uk: "субота", en: "Saturday"),
        Phrase(uk: "неділя", en: "Sunday"),
    ]
    let day = ServiceDay(unixSeconds: t0Unix)
    let date = "\(civil.year)-\(TimeText.two(civil.month))-\(TimeText.two(civil.day))"
    var text = "\(name(trip.from)) → \(name(trip.to))\n"
    text += Phrase(uk: "Відправлення \(date) о \(clock(trip.t0)) (\(weekdays[civil.weekday - 1](.uk))); ",
                   en: "Departure \(date) at \(clock(trip.t0)) (\(weekdays[civil.weekday - 1](.en))); ")(language)
    text += Phrase(uk: "розклад \(day.dayType == .weekend ? "вихідного" : "робочого") дня; ",
                   en: "\(day.dayType == .weekend ? "weekend" : "weekday") timetable; ")(language)
    let minutes = rhaDivide(trip.arrival - trip.t0, by: 60_000_000_000)
    text += Phrase(uk: "у дорозі ≈\(minutes) хв\n", en: "about \(minutes) min on the way\n")(language)
    text += "\n"

    let header = Phrase(uk: "прибуття  відправл.  станція", en: "arrives   departs    station")(language)
    text += "  " + header + "\n"
    let last = trip.events.count - 1
    for (index, event) in trip.events.enumerated() {
        var note: [String] = []
        if index == 0 { note.append(Phrase(uk: "відправлення", en: "departure")(language)) }
        if index == last { note.append(Phrase(uk: "ваша станція", en: "your stop")(language)) }
        if index < last, trip.events[index + 1].isTransfer {
            let next = trip.events[index + 1]
            let walk = network.transfer(from: event.line, to: next.line)?.walkSeconds ?? 0
            note.append(Phrase(uk: "пересадка: перехід на \(name(next.station)) (\(lineLabel(next.line))), ≈\(walk) с пішки",
                               en: "change: walk to \(name(next.station)) (\(lineLabel(next.line))), about \(walk) s")(language))
        }
        if event.isTransfer && index < last {
            note.append(Phrase(uk: "потяг \(lineLabel(event.line)) (з урахуванням очікування)",
                               en: "\(lineLabel(event.line)) train leaves (wait included)")(language))
        }
        if !event.isStop && !event.isTransfer {
            note.append(Phrase(uk: "закрита, без зупинки", en: "closed, no stop")(language))
        }
        let departs = event.departure == event.arrival && index != 0 && (index == last || event.isTransfer || !event.isStop)
            ? "        " : clock(event.departure)
        text += "  \(clock(event.arrival))  \(departs)   \(lineLabel(event.line)) \(name(event.station))"
        text += note.isEmpty ? "\n" : "  — " + note.joined(separator: "; ") + "\n"
    }

    text += "\n" + Phrase(uk: "Сповіщення:", en: "Alerts:")(language) + "\n"
    for alert in plan.alerts {
        let what: String
        switch alert.kind {
        case .transfer:
            what = Phrase(uk: "наступна — пересадка на \(name(alert.station))",
                          en: "next stop: change lines at \(name(alert.station))")(language)
        case .nextStop:
            what = Phrase(uk: "наступна — ваша (\(name(alert.station)))",
                          en: "yours is next (\(name(alert.station)))")(language)
        case .arrival:
            what = Phrase(uk: "виходьте: \(name(alert.station))", en: "get off now: \(name(alert.station))")(language)
        }
        text += "  \(clock(alert.instant))  \(what)\n"
    }
    if let issue = plan.service {
        text += "\n" + Phrase(uk: "Увага: ", en: "Warning: ")(language) + issue.message(language, network: network) + "\n"
    }
    return text
}
