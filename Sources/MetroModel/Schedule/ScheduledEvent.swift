/// A route event with its modelled arrival and departure instants (model §3).
public struct ScheduledEvent: Hashable, Sendable, Codable {
    public var station: StationID
    public var line: LineID
    public var isStop: Bool
    public var isTransfer: Bool
    /// When the train reaches the station; for a transfer event, the modelled departure of the new line's train.
    public var arrival: Instant
    /// When the train leaves (arrival + dwell at an ordinary stop, else the arrival).
    public var departure: Instant
    /// At the boarding station of a change not yet confirmed: the wait for the train booked into `arrival`
    /// (seconds). The true wait may be anything from nothing to the whole headway, so the alerts carry it as
    /// uncertainty (see `Trip.earliestPlausibleArrival`). Nil elsewhere, and once a correction anchored the trip at
    /// or after the change.
    public var bookedWaitSeconds: Int?
    /// How much shorter than booked the running time into this station has been seen: the median (or the time
    /// band's) less the shortest of the trips an imported network was read from. The earliest plausible arrival takes the
    /// running time at least this much shorter (`Trip.earliestPlausible(at:)`). Nil where the data gives no
    /// spread (Kyiv's timetable), and at a transfer event.
    public var runningSpreadSeconds: Int?
    /// How much shorter than booked the dwell here has been seen (the median less the shortest of an imported
    /// network's trips), taken like `runningSpreadSeconds`. Nil where the data gives none.
    public var dwellSpreadSeconds: Int?
    public init(station: StationID, line: LineID, isStop: Bool, isTransfer: Bool, arrival: Instant,
                departure: Instant)
    {
        self.station = station
        self.line = line
        self.isStop = isStop
        self.isTransfer = isTransfer
        self.arrival = arrival
        self.departure = departure
    }
    /// The event at a route position with both instants set to one instant.
    public init(_ event: RouteEvent, at instant: Instant) {
        self.init(station: event.station, line: event.line, isStop: event.isStop, isTransfer: event.isTransfer,
                  arrival: instant, departure: instant)
    }
    /// The route event it schedules.
    public var routeEvent: RouteEvent {
        RouteEvent(station: station, line: line, isStop: isStop, isTransfer: isTransfer)
    }
}
