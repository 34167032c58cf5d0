import MetroModel

/// The trip being ridden, with everything needed to re-arm it after a restart: the schedule, which alerts have
/// fired and when, the alert plan they were fired against, the service warning, and GPS bookkeeping.
public struct ActiveTrip: Codable, Equatable, Sendable {
    public var trip: Trip
    /// Alert kind → the instant it fired: it fell due and was sent to the motor ("due, about to play").
    public var fired: [AlertID: Instant]
    /// Alert kind → the instant the rider had felt all of its buzz (its pattern ended, it was acknowledged, or a
    /// later alert superseded it; for the arrival alarm: acknowledged, or its last play ended). An alert fired but
    /// not delivered is played again after a restart: delivery is at least once.
    public var delivered: [AlertID: Instant]
    /// The alert plan last armed (a correction compares against it to re-arm moved alerts).
    public var plans: [AlertPlan]
    /// The service-hours warning computed at start (model §7).
    public var service: ServiceIssue?
    /// When the last GPS correction was applied (30 s rate limit, model §5.4).
    public var lastGPSCorrection: Instant?
    /// First instant a fix snapped to each route event (passive calibration, model §6.2).
    public var passive: PassiveCalibration
    /// The route as passive calibration reads it (modelled dwell per event), fixed at start.
    public var passiveStops: [PassiveCalibration.Stop]
    /// When motion confirmed "yours is next" at the stop before the destination (model §5.5): at most once a trip,
    /// never played again after a restart (it repeats an alert; the alert's own delivery stands).
    public var nextStopConfirmed: Instant?
    /// Set by the store when the trip was saved during an earlier boot (its instants are on the old boot clock).
    public var savedOnOtherBoot: Bool?

    private enum CodingKeys: String, CodingKey {
        case trip, fired, delivered, plans, service, lastGPSCorrection, passive, passiveStops, savedOnOtherBoot
        case nextStopConfirmed
    }

    /// Decodes a stored trip. One stored before delivery was recorded has no `delivered`: its fired alerts count
    /// as not delivered, so a restart plays them again (a second buzz is better than a lost one).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        trip = try c.decode(Trip.self, forKey: .trip)
        fired = try c.decode([AlertID: Instant].self, forKey: .fired)
        delivered = try c.decodeIfPresent([AlertID: Instant].self, forKey: .delivered) ?? [:]
        plans = try c.decode([AlertPlan].self, forKey: .plans)
        service = try c.decodeIfPresent(ServiceIssue.self, forKey: .service)
        lastGPSCorrection = try c.decodeIfPresent(Instant.self, forKey: .lastGPSCorrection)
        passive = try c.decode(PassiveCalibration.self, forKey: .passive)
        passiveStops = try c.decode([PassiveCalibration.Stop].self, forKey: .passiveStops)
        savedOnOtherBoot = try c.decodeIfPresent(Bool.self, forKey: .savedOnOtherBoot)
        nextStopConfirmed = try c.decodeIfPresent(Instant.self, forKey: .nextStopConfirmed)
    }

    public init(trip: Trip, service: ServiceIssue?, passiveStops: [PassiveCalibration.Stop]) {
        self.trip = trip
        self.fired = [:]
        self.delivered = [:]
        self.plans = []
        self.service = service
        self.lastGPSCorrection = nil
        self.passive = PassiveCalibration()
        self.passiveStops = passiveStops
    }
}

/// Counts of GPS fixes seen during trips, by what became of them (visible in `status --json`).
public struct GPSStatistics: Equatable, Sendable, Codable {
    public var fixes: Int = 0
    public var accepted: Int = 0
    public var rejected: [FixRejection: Int] = [:]
    public var lastSnap: (station: StationID, at: Instant)? {
        get { lastSnapStation.map { ($0, lastSnapAt!) } }
        set { lastSnapStation = newValue?.station; lastSnapAt = newValue?.at }
    }
    var lastSnapStation: StationID?
    var lastSnapAt: Instant?
    public init() {}
}

/// What the rider is doing, as the status reports it.
public enum RideState: String, Sendable, Codable {
    /// No trip (a route may be chosen).
    case idle
    /// A trip is running and the destination is still ahead.
    case riding
    /// The model's arrival has passed but nobody has confirmed or cancelled yet (until expiry).
    case arrived
}

/// Everything a status view needs, published after every mutation.
public struct EngineStatus: Equatable, Sendable {
    public var state: RideState
    public var route: RouteChoice?
    public var active: ActiveTrip?
    public var snapshot: StatusSnapshot?
    public var gps: GPSStatistics
    public var calibrationSession: CalibrationSession?
    /// Rejected samples of the running calibration session, each naming the value and the plausible range.
    public var calibrationRejections: [Phrase] = []
    /// The instant the status was computed at (model timeline).
    public var now: Instant
    /// Stretches the rider suspended (planning through them is refused).
    public var suspensions: [SuspendedStretch] = []
}

extension EngineStatus {
    /// The same status seen at `now`: the ride's state and its snapshot move with time, nothing else does (a
    /// publisher showing a status given at a press instant shows it as of the present).
    public func seen(at now: Instant, network: any RideNetwork) -> EngineStatus {
        var seen = self
        seen.now = now
        seen.snapshot = active.map { StatusSnapshot(trip: $0.trip, network: network, now: now, service: $0.service) }
        if let active { seen.state = now >= active.trip.arrival ? .arrived : .riding } else { seen.state = .idle }
        return seen
    }
}

extension ActiveTrip {
    /// The same trip with every instant moved by `nanoseconds` (used to carry a trip saved before a reboot onto
    /// the new boot clock through the wall clock).
    public func shifted(by nanoseconds: Int64) -> ActiveTrip {
        func s(_ i: Instant) -> Instant { Instant(nanoseconds: i.nanoseconds + nanoseconds) }
        var out = self
        out.trip = trip.shifted(by: nanoseconds)
        out.fired = fired.mapValues(s)
        out.delivered = delivered.mapValues(s)
        out.plans = plans.map { AlertPlan(kind: $0.kind, instant: s($0.instant), station: $0.station) }
        out.lastGPSCorrection = lastGPSCorrection.map(s)
        out.nextStopConfirmed = nextStopConfirmed.map(s)
        out.passive = PassiveCalibration()
        out.savedOnOtherBoot = nil
        return out
    }

    /// A trip saved during an earlier boot, re-anchored on this boot's clock through the wall clock: the instant
    /// that was wall time W then is wall time W now.
    public func movedToCurrentBoot(wall: WallClockMapping) -> ActiveTrip {
        shifted(by: trip.wall.unixNanosecondsAtZero - wall.unixNanosecondsAtZero)
    }
}

extension Trip {
    /// The same trip with every instant moved by `nanoseconds`, the wall mapping adjusted so wall times stay put.
    public func shifted(by nanoseconds: Int64) -> Trip {
        func s(_ i: Instant) -> Instant { Instant(nanoseconds: i.nanoseconds + nanoseconds) }
        var out = self
        out.t0 = s(t0)
        out.initialArrival = s(initialArrival)
        out.events = events.map {
            var moved = $0
            moved.arrival = s($0.arrival)
            moved.departure = s($0.departure)
            return moved
        }
        out.wall = WallClockMapping(unixNanosecondsAtZero: wall.unixNanosecondsAtZero - nanoseconds)
        return out
    }
}
