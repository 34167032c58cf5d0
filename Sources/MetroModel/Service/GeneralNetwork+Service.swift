extension GeneralNetwork {
    /// The service warning for a plan on a schema 2 network (model §7, §2.1), checked at every boarding as
    /// `Network.serviceIssue(for:)` checks Kyiv's: the start and each change's train, against the first and last
    /// departure of that line in that direction from that station on that kind of day.
    ///
    /// GTFS service days overlap: trains after midnight run on the previous day's timetable (past 24:00) while the
    /// new day's first trains may already run. A boarding is served if either day's window holds it — the service
    /// day's, or the next day's at 24 h less — so a line that runs all night is never "too late". A last train
    /// within the hour is "last soon" only when the next day's first train is more than an hour after it. The first
    /// hard issue wins (`after_last`, `before_first`), else the first `last_soon`, else none; the checks only warn.
    public func serviceIssue(for plan: GeneralPlan) -> ServiceIssue? {
        serviceIssue(for: plan.trip, service: plan.service)
    }

    /// The service warning for a trip scheduled from the service time `service` of its departure; the line's
    /// direction at each boarding is the one its patterns run from there to the next event.
    public func serviceIssue(for trip: Trip, service: ZonedServiceTime) -> ServiceIssue? {
        var boardings: [Int] = []
        if trip.events.count > 1 && !trip.events[1].isTransfer { boardings.append(0) }
        for k in trip.events.indices.dropLast() where k > 0 && trip.events[k].isTransfer { boardings.append(k) }
        let nextDay = ZonedServiceTime.kindOfDay(weekday: service.weekday % 7 + 1)
        var lastSoon: ServiceIssue?
        for index in boardings {
            let event = trip.events[index]
            guard let direction = direction(line: event.line, from: event.station,
                                            to: trip.events[index + 1].station)?.rawValue else { continue }
            let at = index == 0 ? trip.t0 : event.arrival
            let elapsed = Int(floorDivide(at - trip.t0, by: 1_000_000_000))
            let seconds = service.secondsAfterMidnight + elapsed
            let unix = trip.wall.unixSeconds(at: at)
            func window(_ day: String) -> (first: Int, last: Int)? {
                serviceWindows[ServiceWindowKey(station: event.station.rawValue, line: event.line.rawValue,
                                                direction: direction, day: day)]
            }
            guard let today = window(service.kindOfDay) else { continue }
            let tomorrow = window(nextDay)
            if today.first <= seconds && seconds <= today.last {
                let continues = tomorrow.map { $0.first + 86_400 <= today.last + 3600 } ?? false
                if lastSoon == nil, today.last - seconds < 3600, !continues {
                    lastSoon = ServiceIssue(kind: .lastSoon, station: event.station, unixSeconds: unix + Int64(today.last - seconds))
                }
                continue
            }
            if let tomorrow, tomorrow.first <= seconds - 86_400 && seconds - 86_400 <= tomorrow.last { continue }
            if seconds < today.first {
                return ServiceIssue(kind: .beforeFirst, station: event.station, unixSeconds: unix + Int64(today.first - seconds))
            }
            return ServiceIssue(kind: .afterLast, station: event.station, unixSeconds: unix - Int64(seconds - today.last))
        }
        return lastSoon
    }
}

/// A station's first and last departure of a line in a direction on a kind of day, as a schema 2 file keys them.
struct ServiceWindowKey: Hashable {
    let station: String
    let line: String
    let direction: String
    let day: String
}
