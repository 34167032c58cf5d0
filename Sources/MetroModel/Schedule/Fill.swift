extension Network {
    /// Travel time and dwell from one route event to the next: the walk of a change (no dwell) or the segment
    /// timing by the fallback chain.
    public func travelAndDwell(from previous: RouteEvent, to event: RouteEvent, calibration: CalibrationStore)
        -> (travel: Int, dwell: Int)
    {
        if event.isTransfer, let node = transfer(from: previous.line, to: event.line), node.board == event.station {
            return (node.walkSeconds, 0)
        }
        let timing = self.timing(SegmentKey(from: previous.station, to: event.station), calibration: calibration)
        return (timing.running, timing.dwell)
    }

    /// Computes the schedule of `route` from position `index` on (model §3) and returns `prefix` followed by it.
    ///
    /// `prefix` holds the already scheduled events `0 ..< index` and `cursor` is the instant the train leaves
    /// event `index − 1`. A transfer that is not the last event adds a quarter of the headway of the boarded line
    /// (direction node → next event) at the instant the rider reaches the platform, rounded down; this leans the
    /// countdown early on purpose (model §3). Dwell is added only at ordinary stops before the destination. The walk
    /// of a change starts after the exit station's dwell although the rider steps off when the doors open: the
    /// accuracy lab measured both, and the 25 s this books offsets part of the early lean of the quarter-headway
    /// wait (docs/accuracy.md).
    public func fill(route: [RouteEvent], from index: Int, cursor start: Instant, prefix: [ScheduledEvent],
                     calibration: CalibrationStore, wall: WallClockMapping) -> [ScheduledEvent]
    {
        precondition(prefix.count == index && index >= 1, "fill needs the events before `index`")
        var events = prefix
        events.reserveCapacity(route.count)
        var cursor = start
        let last = route.count - 1
        guard index <= last else { return events }
        for i in index...last {
            let event = route[i]
            let (travel, dwell) = travelAndDwell(from: route[i - 1], to: event, calibration: calibration)
            var wait = 0
            if event.isTransfer && i < last, let direction = direction(from: event.station, to: route[i + 1].station) {
                let platform = wall.unixSeconds(at: cursor + travel)
                wait = (headway(line: event.line, direction: direction, atUnixSeconds: platform) ?? 0) / 4
            }
            let arrival = cursor + (travel + wait)
            let departure = (event.isStop && !event.isTransfer && i < last) ? arrival + dwell : arrival
            events.append(ScheduledEvent(event, at: arrival))
            events[i].departure = departure
            if event.isTransfer && i < last { events[i].bookedWaitSeconds = wait }
            cursor = departure
        }
        return events
    }
}
