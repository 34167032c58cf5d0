/// A ride planned on a schema 2 network: the route the planner chose, its schedule as a `Trip` and the alerts.
public struct GeneralPlan: Sendable {
    public var route: PlannedRoute
    public var trip: Trip
    /// By instant: the trip's own (model §4), a "change here" and a reminder for every change.
    public var alerts: [AlertPlan]
    /// The service day and kind of day whose timetable was used.
    public var service: ZonedServiceTime
    /// The first/last-train warning (model §7), if any.
    public var serviceIssue: ServiceIssue?
}

extension GeneralNetwork {
    /// Plans the fastest ride from `from` to `to` leaving at `t0` (at most `maxChanges` changes; nil: any number)
    /// and schedules it by the model's rules (§3): running times of the hour's band, dwells at the stops on the
    /// way, a walk and a quarter of the boarded line's headway at each change, the feed's spreads on every event
    /// for the never-late rule (§4).
    public func plan(from: StationID, to: StationID, t0: Instant, wall: WallClockMapping, service: ZonedServiceTime,
                     maxChanges: Int? = nil) throws(RoutingError) -> GeneralPlan
    {
        let planner = RoutePlanner(graph: graph)
        let route = try planner.plan(from: from, to: to, maxChanges: maxChanges,
                                     headway: headways.routeHeadway(day: service.kindOfDay,
                                                                    departingAtSecondsAfterMidnight: service.secondsAfterMidnight))
        let events = schedule(route, t0: t0, service: service)
        let trip = Trip(from: from, to: to, t0: t0, wall: wall, route: route.events, events: events,
                        initialArrival: events[events.count - 1].arrival)
        var plan = GeneralPlan(route: route, trip: trip, alerts: Self.alerts(of: trip), service: service)
        plan.serviceIssue = serviceIssue(for: plan)
        return plan
    }

    /// The schedule of a planned route from `t0` (model §3): `fill` from the departure, on the service day of the
    /// plan (which may be a day of the feed's calendar standing in for one past it).
    func schedule(_ route: PlannedRoute, t0: Instant, service: ZonedServiceTime) -> [ScheduledEvent] {
        let events = route.events
        return fill(route: events, from: 1, cursor: t0, prefix: [ScheduledEvent(events[0], at: t0)],
                    calibration: .empty) { instant in
            (service.kindOfDay, service.secondsAfterMidnight + Int(floorDivide(instant - t0, by: 1_000_000_000)))
        }
    }

    /// Where an instant falls in the timetable: the kind of day and the seconds after the service day's midnight.
    typealias ServiceClock = (Instant) -> (day: String, seconds: Int)

    /// Computes the schedule of `route` from position `index` on (model §3), as `Network.fill` books Kyiv's, and
    /// returns `prefix` followed by it; `cursor` is the instant the train leaves event `index − 1`.
    ///
    /// A ride takes the running time of the hour's band the train leaves in and the dwell at a stop on the way,
    /// each from calibration where the rider has measured the segment; a change's walk starts after the exit
    /// station's dwell, its wait is a quarter of the boarded line's headway at the instant the rider reaches the
    /// platform (rounded down); no dwell is booked at the destination or at a change. Every ride carries the
    /// feed's spreads (measured from the shortest the feed has seen) for the never-late rule (model §4).
    func fill(route: [RouteEvent], from index: Int, cursor start: Instant, prefix: [ScheduledEvent],
              calibration: CalibrationStore, clock: ServiceClock) -> [ScheduledEvent]
    {
        precondition(prefix.count == index && index >= 1, "fill needs the events before `index`")
        var events = prefix
        events.reserveCapacity(route.count)
        var cursor = start
        let last = route.count - 1
        guard index <= last else { return events }
        for i in index...last {
            let event = route[i], previous = route[i - 1]
            var travel = 0, dwell = 0, wait = 0
            var runningSpread: Int?, dwellSpread: Int?
            if event.isTransfer {
                travel = walkSeconds(from: previous.station, to: event.station)
                if i < last, let direction = direction(line: event.line, from: event.station, to: route[i + 1].station) {
                    let platform = clock(cursor + travel)
                    wait = (headways.headway(line: event.line, direction: direction, day: platform.day,
                                             secondsAfterMidnight: platform.seconds) ?? 0) / 4
                }
            } else {
                (travel, dwell, runningSpread, dwellSpread) = timing(line: event.line, from: previous.station,
                                                                     to: event.station, hour: clock(cursor).seconds / 3600,
                                                                     calibration: calibration)
            }
            let arrival = cursor + (travel + wait)
            let stops = event.isStop && !event.isTransfer && i < last
            var scheduled = ScheduledEvent(event, at: arrival)
            scheduled.departure = stops ? arrival + dwell : arrival
            scheduled.runningSpreadSeconds = runningSpread
            if stops { scheduled.dwellSpreadSeconds = dwellSpread }
            if event.isTransfer && i < last { scheduled.bookedWaitSeconds = wait }
            events.append(scheduled)
            cursor = scheduled.departure
        }
        return events
    }

    /// `timing(line:from:to:hour:)` with the rider's calibration of the segment, where there is one, in place of
    /// the feed's running time or dwell; the spread still reaches down to the shortest the feed has seen, so a
    /// measured time slower than the timetable's never makes an alert late.
    func timing(line: LineID, from: StationID, to: StationID, hour: Int, calibration: CalibrationStore)
        -> (running: Int, dwell: Int, runningSpread: Int?, dwellSpread: Int?)
    {
        var timing = self.timing(line: line, from: from, to: to, hour: hour)
        let key = SegmentKey(from: from, to: to)
        if let measured = calibration.runningAverage(for: key) {
            let fastest = timing.running - (timing.runningSpread ?? 0)
            timing.running = rha(measured)
            if timing.runningSpread != nil { timing.runningSpread = max(timing.running - fastest, 0) }
        }
        if let measured = calibration.dwellAverage(for: key) {
            let shortest = timing.dwell - (timing.dwellSpread ?? 0)
            timing.dwell = rha(measured)
            if timing.dwellSpread != nil { timing.dwellSpread = max(timing.dwell - shortest, 0) }
        }
        return timing
    }

    /// The direction in which a pattern of `line` calls at `from` and later at `to`, nil when none does.
    public func direction(line: LineID, from: StationID, to: StationID) -> Direction? {
        guard let record = self.line(line) else { return nil }
        for pattern in record.patterns {
            guard let a = pattern.stations.firstIndex(of: from.rawValue),
                  pattern.stations[(a + 1)...].contains(to.rawValue) else { continue }
            return Direction(rawValue: pattern.direction)
        }
        return nil
    }

    /// The trip's alerts (model §4) — a "change here" for every change and a reminder for each one not yet
    /// confirmed — sorted by instant, the trip's own order kept among equal ones.
    static func alerts(of trip: Trip) -> [AlertPlan] {
        trip.alerts().enumerated().sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }.map(\.element)
    }
}
