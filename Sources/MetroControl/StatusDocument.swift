import MetroEngine
import MetroModel

/// Facts about the daemon itself that the status reports beside the engine's state.
public struct DaemonFacts: Equatable, Sendable {
    /// `boottime_alarm` or `boottime`: which clock alerts are armed on.
    public var clock: String
    /// `gpio` or `simulated`.
    public var hardware: String
    public var timeScale: Double
    /// Whether the kernel says the wall clock is synchronised (adjtimex).
    public var wallClockSynchronised: Bool
    /// Which clock timetable look-ups used: `system` or `gps`.
    public var wallClockSource: String
    public var gpsWatching: Bool
    public var gpsConnected: Bool
    /// Hardware or link faults a rider debugging a board needs to see (empty when all is well).
    public var faults: [DaemonFault]
    /// The last motor transitions of the simulated board (newest last), empty on real hardware.
    public var motor: [String]
    public var language: Language

    public init(clock: String, hardware: String, timeScale: Double, wallClockSynchronised: Bool,
                wallClockSource: String, gpsWatching: Bool, gpsConnected: Bool, faults: [DaemonFault], motor: [String],
                language: Language)
    {
        self.clock = clock
        self.hardware = hardware
        self.timeScale = timeScale
        self.wallClockSynchronised = wallClockSynchronised
        self.wallClockSource = wallClockSource
        self.gpsWatching = gpsWatching
        self.gpsConnected = gpsConnected
        self.faults = faults
        self.motor = motor
        self.language = language
    }
}

/// `metrotimer status --json`: the documented contract (field names are relied on by scripts; fields may be added).
/// Instants are ISO 8601 Kyiv local time with milliseconds and offset.
public struct StatusDocument: Codable, Equatable, Sendable {
    public struct Route: Codable, Equatable, Sendable {
        public var from: String
        public var to: String
    }
    public struct Event: Codable, Equatable, Sendable {
        public var station: String
        public var arrival: String
        public var departure: String
        public var stop: Bool
        public var transfer: Bool
    }
    public struct Alert: Codable, Equatable, Sendable {
        public var kind: String
        public var station: String
        public var due: String
        public var fired: String?
        private enum CodingKeys: String, CodingKey { case kind, station, due, fired }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(station, forKey: .station)
            try c.encode(due, forKey: .due)
            try c.encode(fired, forKey: .fired)  // explicit null, as the contract says
        }
        public init(kind: String, station: String, due: String, fired: String?) {
            self.kind = kind
            self.station = station
            self.due = due
            self.fired = fired
        }
    }
    public struct Service: Codable, Equatable, Sendable {
        public var kind: String
        public var station: String
        public var time: String
    }
    public struct Trip: Codable, Equatable, Sendable {
        public var t0: String
        public var arrival: String
        public var planned_arrival: String
        public var expiry: String
        public var stops_remaining: Int
        public var total_stops: Int
        public var next_stop: String
        public var line: String
        public var changing_lines: Bool
        /// Whether the schedule is anchored at the new line's departure (a "train departed" press was accepted):
        /// the change's wait is then a fact, and there is nothing left to press for.
        public var train_departed: Bool
        public var events: [Event]
        public var alerts: [Alert]
        public var service: Service?
        public var manual_corrections: Int
        public var late_corrections: Int
        public var gps_corrections: Int
    }
    public struct Snap: Codable, Equatable, Sendable {
        public var station: String
        public var at: String
    }
    public struct GPS: Codable, Equatable, Sendable {
        public var watching: Bool
        public var connected: Bool
        public var fixes: Int
        public var accepted: Int
        public var rejected: [String: Int]
        public var last_snap: Snap?
        private enum CodingKeys: String, CodingKey { case watching, connected, fixes, accepted, rejected, last_snap }
        /// `last_snap` is an explicit null before the first snap, as the contract says.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(watching, forKey: .watching)
            try c.encode(connected, forKey: .connected)
            try c.encode(fixes, forKey: .fixes)
            try c.encode(accepted, forKey: .accepted)
            try c.encode(rejected, forKey: .rejected)
            try c.encode(last_snap, forKey: .last_snap)
        }
    }
    public struct WallClock: Codable, Equatable, Sendable {
        public var synchronised: Bool
        public var source: String
    }
    public struct CalibrationSessionInfo: Codable, Equatable, Sendable {
        public var line: String
        public var direction: String
        public var next_station: String?
        public var expecting: String
        public var presses: Int
        /// Samples this session recorded that failed the plausibility checks (value and range named), in English.
        public var rejected: [String]
        /// The same, each as `{"uk", "en"}`.
        public var rejected_details: [[String: String]]
        /// The segments (`from>to`) the session has passed so far: what `calibrate --end` reports on.
        public var covered: [String]
    }

    /// One fault: the stable word for the part at fault (`gpio`, `gps`, `motor`) and its text in each language.
    public struct FaultDetail: Codable, Equatable, Sendable {
        public var part: String
        public var uk: String
        public var en: String
    }

    public var state: String
    /// The instant the status describes, on the same clock as the trip's times (so a client's countdown is right
    /// even at a time scale).
    public var now: String
    public var route: Route?
    public var clock: String
    public var hardware: String
    public var time_scale: Double
    public var language: String
    public var wall_clock: WallClock
    public var trip: Trip?
    public var gps: GPS
    public var calibration_session: CalibrationSessionInfo?
    /// The faults in English (the log's words; stable for scripts).
    public var faults: [String]
    /// The same faults with what is at fault and the text in both languages, for a reader of either.
    public var fault_details: [FaultDetail] = []
    public var motor: [String]
    /// Stretches the rider suspended (`metrotimer suspend`), in the order given.
    public var suspensions: [SuspensionsDocument.Stretch] = []

    /// Encodes optionals as explicit nulls so `"trip": null` and `"route": null` are always present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state, forKey: .state)
        try c.encode(now, forKey: .now)
        try c.encode(route, forKey: .route)
        try c.encode(clock, forKey: .clock)
        try c.encode(hardware, forKey: .hardware)
        try c.encode(time_scale, forKey: .time_scale)
        try c.encode(language, forKey: .language)
        try c.encode(wall_clock, forKey: .wall_clock)
        try c.encode(trip, forKey: .trip)
        try c.encode(gps, forKey: .gps)
        try c.encode(calibration_session, forKey: .calibration_session)
        try c.encode(faults, forKey: .faults)
        try c.encode(fault_details, forKey: .fault_details)
        try c.encode(motor, forKey: .motor)
        try c.encode(suspensions, forKey: .suspensions)
    }
    private enum CodingKeys: String, CodingKey {
        case state, now, route, clock, hardware, time_scale, language, wall_clock, trip, gps, calibration_session, faults, motor
        case suspensions, fault_details
    }

    /// Builds the document from the engine's status and the daemon's facts. `wall` maps model instants that are
    /// not part of a trip (e.g. the last snap) to Unix time.
    public init(status: EngineStatus, facts: DaemonFacts, wall: WallClockMapping, network: Network) {
        state = status.state.rawValue
        let nowWall = status.active?.trip.wall ?? wall
        now = KyivTimestamp.milliseconds(unixNanoseconds: nowWall.unixNanoseconds(at: status.now))
        route = status.route.map { Route(from: $0.from.rawValue, to: $0.to.rawValue) }
        clock = facts.clock
        hardware = facts.hardware
        time_scale = facts.timeScale
        language = facts.language.rawValue
        wall_clock = WallClock(synchronised: facts.wallClockSynchronised, source: facts.wallClockSource)
        faults = facts.faults.map(\.text.en)
        fault_details = facts.faults.map { FaultDetail(part: $0.part.rawValue, uk: $0.text.uk, en: $0.text.en) }
        motor = facts.motor
        suspensions = SuspensionsDocument(status.suspensions).stretches
        if let active = status.active, let snapshot = status.snapshot {
            let trip = active.trip
            func t(_ instant: Instant) -> String {
                KyivTimestamp.milliseconds(unixNanoseconds: trip.wall.unixNanoseconds(at: instant))
            }
            self.trip = Trip(
                t0: t(trip.t0), arrival: t(trip.arrival), planned_arrival: t(trip.initialArrival),
                expiry: t(trip.expiry), stops_remaining: snapshot.stopsRemaining, total_stops: snapshot.totalStops,
                next_stop: snapshot.nextStop.rawValue, line: snapshot.currentLine.rawValue,
                changing_lines: snapshot.changingLines,
                train_departed: trip.transferIndex != nil && trip.current == trip.transferIndex,
                events: trip.events.map {
                    Event(station: $0.station.rawValue, arrival: t($0.arrival), departure: t($0.departure),
                          stop: $0.isStop, transfer: $0.isTransfer)
                },
                alerts: trip.alerts().map {
                    Alert(kind: $0.kind.rawValue, station: $0.station.rawValue, due: t($0.instant),
                          fired: active.fired[$0.kind].map(t))
                },
                service: active.service.map {
                    Service(kind: $0.kind.rawValue, station: $0.station.rawValue,
                            time: KyivTimestamp.seconds(unixNanoseconds: $0.unixSeconds * 1_000_000_000))
                },
                manual_corrections: trip.manualCorrections, late_corrections: trip.lateCorrections,
                gps_corrections: trip.gpsCorrections)
        } else {
            trip = nil
        }
        var rejected: [String: Int] = [:]
        for (reason, count) in status.gps.rejected { rejected[reason.rawValue] = count }
        gps = GPS(watching: facts.gpsWatching, connected: facts.gpsConnected, fixes: status.gps.fixes,
                  accepted: status.gps.accepted, rejected: rejected,
                  // Through the trip's own mapping while it rides, like every other trip instant: the current
                  // mapping moves with each wall-clock step or slew, and the snapshot must not (model §11).
                  last_snap: status.gps.lastSnap.map {
                      let mapping = status.active?.trip.wall ?? wall
                      return Snap(station: $0.station.rawValue,
                                  at: KyivTimestamp.milliseconds(unixNanoseconds: mapping.unixNanoseconds(at: $0.at)))
                  })
        calibration_session = status.calibrationSession.map {
            CalibrationSessionInfo(line: $0.line.rawValue, direction: $0.direction.rawValue,
                                   next_station: $0.stations.indices.contains($0.position + 1) ? $0.stations[$0.position + 1].station.rawValue : nil, expecting: $0.expecting.rawValue,
                                   presses: $0.rawPresses.count, rejected: status.calibrationRejections.map(\.en),
                                   rejected_details: status.calibrationRejections.map { ["uk": $0.uk, "en": $0.en] },
                                   covered: Self.covered($0))
        }
    }

    /// The segments a calibration session has passed: each pair of neighbouring stations up to where it stands.
    static func covered(_ session: CalibrationSession) -> [String] {
        (0..<session.position).map { "\(session.stations[$0].station.rawValue)>\(session.stations[$0 + 1].station.rawValue)" }
    }
}
