import MetroModel

/// `metrotimer journal --json`: one entry per ended trip, newest first (contract names).
public struct JournalDocument: Codable, Equatable, Sendable {
    public var id: Int64
    public var t0: String
    public var from: String
    public var to: String
    public var planned_s: Int
    public var final_s: Int
    @ExplicitNull public var confirmed_s: Int?
    public var outcome: String
    public var manual_corrections: Int
    public var late_corrections: Int
    public var gps_corrections: Int
    public var transfers: Int
    /// confirmed − final: positive = the countdown ran fast (safe side).
    @ExplicitNull public var error_s: Int?
    /// When "yours is next" sounded − t0, seconds (null: it never did, or the entry predates this).
    @ExplicitNull public var next_stop_s: Int?

    public init(_ entry: JournalEntry) {
        id = entry.id
        t0 = entry.t0UnixMilliseconds.map { KyivTimestamp.milliseconds(unixNanoseconds: $0 * 1_000_000) } ?? ""
        from = entry.from.rawValue
        to = entry.to.rawValue
        planned_s = entry.plannedSeconds
        final_s = entry.finalSeconds
        confirmed_s = entry.confirmedSeconds
        outcome = entry.outcome.rawValue
        manual_corrections = entry.manualCorrections
        late_corrections = entry.lateCorrections
        gps_corrections = entry.gpsCorrections
        transfers = entry.transfers
        error_s = entry.errorSeconds
        next_stop_s = entry.nextStopSeconds
    }
}

/// `metrotimer stats`: the accuracy figures of model §8.
public struct StatsDocument: Codable, Equatable, Sendable {
    public var trips: Int
    public var measured_trips: Int
    public var median_error_s: Int?
    public var within_30s_share: Double?
    public var late_correction_share: Double?
    public var trips_with_late_correction_share: Double?

    public init(_ stats: JournalStatistics) {
        trips = stats.tripCount
        measured_trips = stats.measuredTripCount
        median_error_s = stats.medianErrorSeconds
        within_30s_share = stats.withinThirtySecondsShare
        late_correction_share = stats.lateCorrectionShare
        trips_with_late_correction_share = stats.tripsWithLateCorrectionShare
    }
}

/// `metrotimer calibration --json`: per directed segment, averages and sample counts.
public struct CalibrationDocument: Codable, Equatable, Sendable {
    public struct Segment: Codable, Equatable, Sendable {
        public var segment: String
        public var running_avg_s: Double?
        public var running_samples: Int
        public var dwell_avg_s: Double?
        public var dwell_samples: Int
    }
    public var segments: [Segment]

    public init(_ store: CalibrationStore) {
        segments = store.records.map {
            Segment(segment: $0.key.description, running_avg_s: $0.running?.average, running_samples: $0.running?.count ?? 0,
                    dwell_avg_s: $0.dwell?.average, dwell_samples: $0.dwell?.count ?? 0)
        }
    }
}

/// `metrotimer routes`: the chosen, pinned and recent routes.
public struct RoutesDocument: Codable, Equatable, Sendable {
    public struct Route: Codable, Equatable, Sendable {
        public var from: String
        public var to: String
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }
    public var selected: Route?
    public var pinned: [Route]
    public var recents: [Route]

    public init(selected: RouteChoice?, pinned: [RouteChoice], recents: [RouteChoice]) {
        func r(_ c: RouteChoice) -> Route { Route(from: c.from.rawValue, to: c.to.rawValue) }
        self.selected = selected.map(r)
        self.pinned = pinned.map(r)
        self.recents = recents.map(r)
    }
}
