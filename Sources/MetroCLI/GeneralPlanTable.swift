import MetroModel

/// The readable schedule of `metrotimer plan` on a schema 2 network, in the shape of Kyiv's (`planTable`): the
/// route, the departure with its service day and kind of timetable, every event with its clock times on the
/// network's own clock, each change, the alerts and any first/last-train warning. Each row names its line by id (a GTFS `route_id`, short
/// as riders say it: `1`, `A`), a change by the line's full name.
func generalPlanTable(_ result: GeneralPlanResult, language L: Language) -> String {
    let trip = result.plan.trip
    let network = result.network
    let offsets = Set(([trip.t0] + trip.events.map(\.arrival) + result.plan.alerts.map(\.instant)).map {
        result.zone.utcOffset(atUnixSeconds: trip.wall.unixSeconds(at: $0))
    })
    // Every time carries its zone's abbreviation when the plan spans a clock change.
    func clock(_ instant: Instant) -> String {
        let unix = trip.wall.unixSeconds(at: instant)
        let civil = result.zone.civil(unixSeconds: unix)
        let text = "\(TimeText.two(civil.hour)):\(TimeText.two(civil.minute)):\(TimeText.two(civil.second))"
        return offsets.count > 1 ? text + " " + result.zone.localTimeType(atUnixSeconds: unix).abbreviation : text
    }
    func name(_ id: StationID) -> String { network.name(of: id)(L) }
    func lineName(_ id: LineID) -> String { network.line(id).map { Phrase(uk: $0.uk, en: $0.en)(L) } ?? id.rawValue }

    let service = result.plan.service
    let start = result.zone.civil(unixSeconds: trip.wall.unixSeconds(at: trip.t0))
    let date = "\(start.year)-\(TimeText.two(start.month))-\(TimeText.two(start.day))"
    let weekday = PlanWeekdays.names[start.weekday - 1]
    var text = "\(name(trip.from)) → \(name(trip.to))\n"
    text += Phrase(uk: "Відправлення \(date) о \(clock(trip.t0)) (\(weekday.uk), \(network.file.time_zone)); ",
                   en: "Departure \(date) at \(clock(trip.t0)) (\(weekday.en), \(network.file.time_zone)); ")(L)
    if service.day != start.day {
        let previous = PlanWeekdays.names[service.weekday - 1]
        text += Phrase(uk: "доба руху — \(previous.uk) \(service.isoDate); ",
                       en: "service day \(previous.en) \(service.isoDate); ")(L)
    }
    let kind: Phrase = switch service.kindOfDay {
    case "saturday": Phrase(uk: "розклад суботи", en: "Saturday timetable")
    case "sunday": Phrase(uk: "розклад неділі", en: "Sunday timetable")
    default: Phrase(uk: "розклад робочого дня", en: "weekday timetable")
    }
    let minutes = rhaDivide(trip.arrival - trip.t0, by: 60_000_000_000)
    let changes = result.plan.route.changes
    text += kind(L) + "; " + Phrase(
        uk: "у дорозі ≈\(minutes) хв, \(changes) \(Plural.ukrainian(changes, one: "пересадка", few: "пересадки", many: "пересадок"))\n",
        en: "about \(minutes) min on the way, \(changes) \(Plural.english(changes, one: "change", other: "changes"))\n")(L)
    text += Phrase(uk: "Час руху й стоянок: за розкладом фіду (\(network.file.provenance.agency))",
                   en: "Timings: the feed's timetable (\(network.file.provenance.agency))")(L) + "\n\n"

    let width = offsets.count > 1 ? 14 : 8
    func column(_ s: String) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }
    text += "  " + column(Phrase(uk: "прибуття", en: "arrives")(L)) + "  " + column(Phrase(uk: "відправл.", en: "departs")(L))
        + "   " + Phrase(uk: "станція", en: "station")(L) + "\n"
    let last = trip.events.count - 1
    for (index, event) in trip.events.enumerated() {
        let departs = event.departure == event.arrival && index != 0 && (index == last || event.isTransfer || !event.isStop)
            ? String(repeating: " ", count: width) : clock(event.departure)
        var notes: [String] = []
        if index == 0 { notes.append(Phrase(uk: "відправлення", en: "departure")(L)) }
        if index == last { notes.append(Phrase(uk: "ваша станція", en: "your stop")(L)) }
        if index < last, trip.events[index + 1].isTransfer {
            let next = trip.events[index + 1]
            let walk = network.walkSeconds(from: event.station, to: next.station)
            notes.append(next.station == event.station
                ? Phrase(uk: "пересадка на лінію \(lineName(next.line)), ≈\(walk) с", en: "change to line \(lineName(next.line)), about \(walk) s")(L)
                : Phrase(uk: "пересадка: перехід на станцію \(name(next.station)) (лінія \(lineName(next.line))), ≈\(walk) с пішки",
                         en: "change: walk to \(name(next.station)) (line \(lineName(next.line))), about \(walk) s")(L))
        }
        if event.isTransfer && index < last {
            notes.append(Phrase(uk: "потяг лінії \(lineName(event.line)) (з урахуванням очікування)",
                                en: "line \(lineName(event.line)) train leaves (wait included)")(L))
        }
        if !event.isStop && !event.isTransfer { notes.append(Phrase(uk: "закрита, без зупинки", en: "closed, no stop")(L)) }
        text += "  \(column(clock(event.arrival)))  \(departs)   \(event.line) \(name(event.station))"
        text += notes.isEmpty ? "\n" : "  — " + notes.joined(separator: "; ") + "\n"
    }

    text += "\n" + Phrase(uk: "Сповіщення:", en: "Alerts:")(L) + "\n"
    for alert in result.plan.alerts {
        let what = alertPhrase(alert.kind, station: name(alert.station))
        text += "  \(clock(alert.instant))  \(what(L))\n"
    }
    if let issue = result.plan.serviceIssue {
        text += "\n" + Phrase(uk: "Увага: ", en: "Warning: ")(L)
            + issue.message(L, stationName: name(issue.station), civil: result.zone.civil(unixSeconds: issue.unixSeconds)) + "\n"
    }
    return text
}
