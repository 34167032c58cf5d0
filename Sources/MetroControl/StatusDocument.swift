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
    /// The motion recording running, or the last one the daemon stopped by itself (`record-motion`).
    public var recording: StatusDocument.Recording?

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
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }
    public struct Event: Codable, Equatable, Sendable {
        public var station: String
        public var arrival: String
        public var departure: String
        public var stop: Bool
        public var transfer: Bool
        public init(station: String, arrival: String, departure: String, stop: Bool, transfer: Bool) {
            self.station = station
            self.arrival = arrival
            self.departure = departure
            self.stop = stop
            self.transfer = transfer
        }
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
        public init(kind: String, station: String, time: String) {
            self.kind = kind
            self.station = station
            self.time = time
        }
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
        public init(t0: String, arrival: String, planned_arrival: String, expiry: String, stops_remaining: Int,
                    total_stops: Int, next_stop: String, line: String, changing_lines: Bool, train_departed: Bool,
                    events: [Event], alerts: [Alert], service: Service?, manual_corrections: Int,
                    late_corrections: Int, gps_corrections: Int)
        {
            self.t0 = t0
            self.arrival = arrival
            self.planned_arrival = planned_arrival
            self.expiry = expiry
            self.stops_remaining = stops_remaining
            self.total_stops = total_stops
            self.next_stop = next_stop
            self.line = line
            self.changing_lines = changing_lines
            self.train_departed = train_departed
            self.events = events
            self.alerts = alerts
            self.service = service
            self.manual_corrections = manual_corrections
            self.late_corrections = late_corrections
            self.gps_corrections = gps_corrections
        }
    }
    public struct Snap: Codable, Equatable, Sendable {
        public var station: String
        public var at: String
        public init(station: String, at: String) {
            self.station = station
            self.at = at
        }
    }
    public struct GPS: Codable, Equatable, Sendable {
        public var watching: Bool
        public var connected: Bool
        public var fixes: Int
        public var accepted: Int
        public var rejected: [String: Int]
        public var last_snap: Snap?
        public init(watching: Bool, connected: Bool, fixes: Int, accepted: Int, rejected: [String: Int], last_snap: Snap?) {
            self.watching = watching
            self.connected = connected
            self.fixes = fixes
            self.accepted = accepted
            self.rejected = rejected
            self.last_snap = last_snap
        }
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
        public init(synchronised: Bool, source: String) {
            self.synchronised = synchronised
            self.source = source
        }
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
        public init(line: String, direction: String, next_station: String?, expecting: String, presses: Int,
                    rejected: [String], rejected_details: [[String: String]], covered: [String])
        {
            self.line = line
            self.direction = direction
            self.next_station = next_station
            self.expecting = expecting
            self.presses = presses
            self.rejected = rejected
            self.rejected_details = rejected_details
            self.covered = covered
        }
    }

    /// The motion recording running (`end_reason` null), or the last one the daemon stopped by itself (at its cap,
    /// or the sensor failed) until the next is started or stopped, with a note saying so in both languages.
    public struct Recording: Codable, Equatable, Sendable {
        public var id: Int64
        public var label: String
        public var end_reason: String?
        public var note: [String: String]?
        public init(id: Int64, label: String, end_reason: String?, note: [String: String]?) {
            self.id = id
            self.label = label
            self.end_reason = end_reason
            self.note = note
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(label, forKey: .label)
            try c.encode(end_reason, forKey: .end_reason)
            try c.encode(note, forKey: .note)
        }
    }

    /// One fault: the stable word for the part at fault (`gpio`, `gps`, `motor`) and its text in each language.
    public struct FaultDetail: Codable, Equatable, Sendable {
        public var part: String
        public var uk: String
        public var en: String
        public init(part: String, uk: String, en: String) {
            self.part = part
            self.uk = uk
            self.en = en
        }
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
    /// The motion recording (`record-motion`), or null.
    public var recording: Recording?

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
        try c.encode(recording, forKey: .recording)
    }
    /// Reads what `encode(to:)` writes; `fault_details` and `suspensions` came later than the other fields, so a
    /// document from a daemon without them reads as having none (its clients fall back to the English `faults`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        state = try c.decode(String.self, forKey: .state)
        now = try c.decode(String.self, forKey: .now)
        route = try c.decode(Route?.self, forKey: .route)
        clock = try c.decode(String.self, forKey: .clock)
        hardware = try c.decode(String.self, forKey: .hardware)
        time_scale = try c.decode(Double.self, forKey: .time_scale)
        language = try c.decode(String.self, forKey: .language)
        wall_clock = try c.decode(WallClock.self, forKey: .wall_clock)
        trip = try c.decode(Trip?.self, forKey: .trip)
        gps = try c.decode(GPS.self, forKey: .gps)
        calibration_session = try c.decode(CalibrationSessionInfo?.self, forKey: .calibration_session)
        faults = try c.decode([String].self, forKey: .faults)
        fault_details = try c.decodeIfPresent([FaultDetail].self, forKey: .fault_details) ?? []
        motor = try c.decode([String].self, forKey: .motor)
        suspensions = try c.decodeIfPresent([SuspensionsDocument.Stretch].self, forKey: .suspensions) ?? []
        recording = try c.decodeIfPresent(Recording.self, forKey: .recording)
    }
    private enum CodingKeys: String, CodingKey {
        case state, now, route, clock, hardware, time_scale, language, wall_clock, trip, gps, calibration_session, faults, motor
        case suspensions, fault_details, recording
    }

    /// A document from its parts (the daemon builds it from the engine's status and its own facts).
    public init(state: String, now: String, route: Route?, clock: String, hardware: String, time_scale: Double,
                language: String, wall_clock: WallClock, trip: Trip?, gps: GPS,
                calibration_session: CalibrationSessionInfo?, faults: [String], fault_details: [FaultDetail],
                motor: [String], suspensions: [SuspensionsDocument.Stretch])
    {
        self.state = state
        self.now = now
        self.route = route
        self.clock = clock
        self.hardware = hardware
        self.time_scale = time_scale
        self.language = language
        self.wall_clock = wall_clock
        self.trip = trip
        self.gps = gps
        self.calibration_session = calibration_session
        self.faults = faults
        self.fault_details = fault_details
        self.motor = motor
        self.suspensions = suspensions
    }
}
