/// A ride planned on a schema 2 network: the route the planner chose, its schedule as a `Trip` and the alerts.
public struct GeneralPlan: Sendable {
    public var route: PlannedRoute
    public var trip: Trip
    /// In firing order: the trip's own (model §4), with a "change here" for every change after the first.
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

    /// The schedule of a planned route from `t0` (model §3), as `Network.fill` books Kyiv's: a change's walk starts
    /// after the exit station's dwell, its wait is a quarter of the headway at the instant the rider reaches the
    /// platform (rounded down), and no dwell is booked at the destination or at a change.
    func schedule(_ route: PlannedRoute, t0: Instant, service: ZonedServiceTime) -> [ScheduledEvent] {
        let plan = route.events
        // The direction of the train boarded at each change, in the order of the changes.
        var boardedDirections = route.legs.dropFirst().map(\.direction).makeIterator()
        var events = [ScheduledEvent(plan[0], at: t0)]
        var cursor = t0
        var elapsed = 0
        let last = plan.count - 1
        guard last >= 1 else { return events }
        for i in 1...last {
            let event = plan[i], previous = plan[i - 1]
            var travel = 0, dwell = 0, wait = 0
            var runningSpread: Int?, dwellSpread: Int?
            if event.isTransfer {
                travel = walkSeconds(from: previous.station, to: event.station)
                let direction = boardedDirections.next()
                if i < last, let direction {
                    let platform = service.secondsAfterMidnight + elapsed + travel
                    wait = (headways.headway(line: event.line, direction: direction, day: service.kindOfDay,
                                             secondsAfterMidnight: platform) ?? 0) / 4
                }
            } else {
                let timing = timing(line: event.line, from: previous.station, to: event.station,
                                    hour: (service.secondsAfterMidnight + elapsed) / 3600)
                (travel, dwell, runningSpread, dwellSpread) = timing
            }
            let arrival = cursor + (travel + wait)
            let stops = event.isStop && !event.isTransfer && i < last
            var scheduled = ScheduledEvent(event, at: arrival)
            scheduled.departure = stops ? arrival + dwell : arrival
            scheduled.runningSpreadSeconds = runningSpread
            if stops { scheduled.dwellSpreadSeconds = dwellSpread }
            if event.isTransfer && i < last { scheduled.bookedWaitSeconds = wait }
            events.append(scheduled)
            elapsed += travel + wait + (stops ? dwell : 0)
            cursor = scheduled.departure
        }
        return events
    }

    /// The trip's alerts (model §4), which warn of its first change, with a "change here" for each later one: at
    /// the arrival at the last stop before its exit station since the previous change, or as the previous change's
    /// train leaves when there is none. Sorted by instant, the trip's own order kept among equal ones.
    static func alerts(of trip: Trip) -> [AlertPlan] {
        var plans = trip.alerts()
        let transfers = trip.events.indices.dropLast().filter { trip.events[$0].isTransfer }
        for (previous, k) in zip(transfers, transfers.dropFirst()) {
            let before = k - 2 > previous ? ((previous + 1)...(k - 2)).last { trip.events[$0].isStop } : nil
            plans.append(AlertPlan(kind: .transfer, instant: trip.events[before ?? previous].arrival,
                                   station: trip.events[k - 1].station))
        }
        return plans.enumerated().sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }.map(\.element)
    }
}
