/// A ride in progress or planned: the route, its schedule and what corrected it (model §3–§5).
///
/// `t0` and `initialArrival` are never rewritten by a correction; `events` always holds the current schedule.
public struct Trip: Hashable, Sendable, Codable {
    public var from: StationID
    public var to: StationID
    /// The anchor: the instant the train pulled out of the departure station.
    public var t0: Instant
    /// Timeline → Unix time, for timetable look-ups only.
    public var wall: WallClockMapping
    public var route: [RouteEvent]
    public var events: [ScheduledEvent]
    /// The arrival planned at the start, kept for the journal.
    public var initialArrival: Instant
    /// Applied ±1 and "train departed" corrections.
    public var manualCorrections: Int
    /// Applied +1 corrections (the model ran ahead of the train).
    public var lateCorrections: Int
    /// Applied GPS snaps.
    public var gpsCorrections: Int
    /// The model's current station index after the last anchored replan; nil before any.
    public var current: Int?

    public init(from: StationID, to: StationID, t0: Instant, wall: WallClockMapping, route: [RouteEvent],
                events: [ScheduledEvent], initialArrival: Instant, manualCorrections: Int = 0,
                lateCorrections: Int = 0, gpsCorrections: Int = 0, current: Int? = nil)
    {
        self.from = from
        self.to = to
        self.t0 = t0
        self.wall = wall
        self.route = route
        self.events = events
        self.initialArrival = initialArrival
        self.manualCorrections = manualCorrections
        self.lateCorrections = lateCorrections
        self.gpsCorrections = gpsCorrections
        self.current = current
    }

    /// The modelled arrival at the destination.
    public var arrival: Instant { events[events.count - 1].arrival }

    /// How long after the arrival the trip stays open for late corrections (model §4).
    public static let expirySeconds = 600

    /// The trip is journaled `expired` and cleared at this instant; it moves with every correction.
    public var expiry: Instant { arrival + Trip.expirySeconds }

    /// Index of the first change's transfer event, when the route changes lines and the destination is not the
    /// boarding station.
    public var transferIndex: Int? {
        events.indices.dropLast().first { events[$0].isTransfer }
    }

    /// The transfer events of every change whose boarding station is not the destination, in riding order (one on
    /// Kyiv's network at most; any number on an imported one).
    public var changeIndices: [Int] {
        events.indices.dropLast().filter { events[$0].isTransfer }
    }

    /// Index of the first event whose arrival is strictly after `now`, or the event count if none (model §5.2).
    public func nextIndex(at now: Instant) -> Int {
        events.firstIndex { $0.arrival > now } ?? events.count
    }

    /// Index of the station the model places the train at: the last event reached by `now` (0 before t0).
    public func currentIndex(at now: Instant) -> Int { max(nextIndex(at: now) - 1, 0) }

    /// Whether the rider is changing lines at `now`: from the modelled arrival at a change's exit station until the
    /// arrival at the first station after it (model §5.3).
    public func isChangingLines(at now: Instant) -> Bool {
        changeIndices.contains { k in k + 1 < events.count && now >= events[k - 1].arrival && now < events[k + 1].arrival }
    }

    /// Whether a "train departed" press at `now` can be the departure after a change: while changing lines, and
    /// while the change is not confirmed also until the latest plausible departure of the new train (the wait may
    /// have been the whole headway), so the press of a rider who waited long is still taken as one. The status's
    /// `changing_lines` keeps the model window (it changes only when an arrival passes).
    public func acceptsTrainDeparted(at now: Instant) -> Bool { changeAcceptingTrainDeparted(at: now) != nil }

    /// The transfer event of the change a "train departed" press at `now` is taken for: of the changes whose window
    /// (`acceptsTrainDeparted`) holds `now`, the last one reached — a rider at a later change's exit station has
    /// left the earlier change behind.
    public func changeAcceptingTrainDeparted(at now: Instant) -> Int? {
        changeIndices.last { k in
            guard k + 1 < events.count, now >= events[k - 1].arrival else { return false }
            if now < events[k + 1].arrival { return true }
            guard let latest = latestPlausibleDeparture(change: k) else { return false }
            return now < latest
        }
    }
}

extension RideNetwork {
    /// Plans and schedules a trip anchored at the departure press `t0` (model §2–§3).
    public func startTrip(from: StationID, to: StationID, t0: Instant, wall: WallClockMapping,
                          calibration: CalibrationStore) throws(PlanError) -> Trip
    {
        let route = try self.route(from: from, to: to, leavingAtUnixSeconds: wall.unixSeconds(at: t0))
        let events = fill(route: route, from: 1, cursor: t0, prefix: [ScheduledEvent(route[0], at: t0)],
                          calibration: calibration, wall: wall)
        return Trip(from: from, to: to, t0: t0, wall: wall, route: route, events: events,
                    initialArrival: events[events.count - 1].arrival)
    }
}
