import MetroModel

/// The `accuracy` part of the `stats` reply: the late-warning rate and the planned arrival's error from real
/// rides (`RideAccuracy`), overall and per route direction and time of day, and the mistaken presses set aside.
public struct AccuracyDocument: Codable, Equatable, Sendable {
    /// Figures over one group of measured rides.
    public struct Figures: Codable, Equatable, Sendable {
        public var rides: Int
        /// Rides that recorded when "yours is next" sounded; `late_share` is over these.
        public var warned_rides: Int
        public var late_rides: Int
        public var late_share: Double?
        /// Confirmed − planned arrival, seconds: positive means the ride took longer than planned.
        public var median_error_s: Int?
        public var p95_abs_error_s: Int?
        public var within_30s_share: Double?

        public init(_ f: RideAccuracy.Figures) {
            rides = f.rides
            warned_rides = f.warned
            late_rides = f.late
            late_share = f.lateShare
            median_error_s = f.medianErrorSeconds
            p95_abs_error_s = f.p95AbsoluteErrorSeconds
            within_30s_share = f.withinThirtySecondsShare
        }
    }

    /// One route direction at one time of day (`time_of_day` null when the start's wall time was unknown).
    public struct Group: Codable, Equatable, Sendable {
        public var from: String
        public var to: String
        public var time_of_day: String?
        public var figures: Figures
    }

    public var all: Figures
    public var groups: [Group]
    /// Mistaken "I'm off" presses left out, by reason (`too_early`, `too_late`).
    public var set_aside: [String: Int]
    public var set_aside_total: Int

    public init(_ accuracy: RideAccuracy) {
        all = Figures(accuracy.all)
        groups = accuracy.groups.keys.sorted().map {
            Group(from: $0.from.rawValue, to: $0.to.rawValue, time_of_day: $0.timeOfDay?.rawValue,
                  figures: Figures(accuracy.groups[$0]!))
        }
        set_aside = Dictionary(uniqueKeysWithValues: RideAccuracy.SetAside.allCases.map { ($0.rawValue, accuracy.setAside[$0] ?? 0) })
        set_aside_total = accuracy.setAsideCount
    }
}
