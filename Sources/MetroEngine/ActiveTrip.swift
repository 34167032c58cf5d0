import MetroModel

/// The trip being ridden, with everything needed to re-arm it after a restart: the schedule, which alerts have
/// fired and when, the alert plan they were fired against, the service warning, and GPS bookkeeping.
public struct ActiveTrip: Codable, Equatable, Sendable {
    public var trip: Trip
    /// Alert kind → the instant it fired.
    public var fired: [AlertKind: Instant]
    /// The alert plan last armed (a correction compares against it to re-arm moved alerts).
    public var plans: [AlertPlan]
    /// The service-hours warning computed at start (SPEC §7).
    public var service: ServiceIssue?
    /// When the last GPS correction was applied (30 s rate limit, SPEC §5.4).
    public var lastGPSCorrection: Instant?
    /// First instant a fix snapped to each route event (passive calibration, SPEC §6.2).
    public var passive: PassiveCalibration

    public init(trip: Trip, service: ServiceIssue?, passive: PassiveCalibration) {
        self.trip = trip
        self.fired = [:]
        self.plans = []
        self.service = service
        self.lastGPSCorrection = nil
        self.passive = passive
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
    /// The instant the status was computed at (model timeline).
    public var now: Instant
}
