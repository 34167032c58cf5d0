/// One ended trip (model §8).
public struct JournalEntry: Sendable, Equatable, Codable {
    /// Unique, increasing id.
    public var id: Int64
    /// The anchor, on the trip timeline (boot-time clock in the daemon).
    public var t0: Instant
    /// Unix time of t0 in milliseconds, for showing the date; nil when the wall clock was not known.
    public var t0UnixMilliseconds: Int64?
    /// Departure station.
    public var from: StationID
    /// Destination station.
    public var to: StationID
    /// Initially planned arrival − t0, seconds.
    public var plannedSeconds: Int
    /// Arrival after all corrections − t0, seconds.
    public var finalSeconds: Int
    /// The rider's "I'm off" instant − t0, seconds; only for `arrived` (nil otherwise).
    public var confirmedSeconds: Int?
    /// Every applied ±1 and "train departed".
    public var manualCorrections: Int
    /// Applied +1 corrections ("the train is behind the model").
    public var lateCorrections: Int
    /// Applied GPS snaps.
    public var gpsCorrections: Int
    /// Number of changes of line in the route.
    public var transfers: Int
    /// How the trip ended.
    public var outcome: TripOutcome
    /// When "yours is next" sounded (its last time, if a correction moved it), − t0, seconds; nil when it never
    /// did (a trip ended before it, or journaled before this was recorded). An "I'm off" before it is a late ride.
    public var nextStopSeconds: Int?

    /// An entry. `confirmedSeconds` is kept only for `arrived`: no other outcome knows the true arrival.
    public init(id: Int64, t0: Instant, t0UnixMilliseconds: Int64?, from: StationID, to: StationID,
                plannedSeconds: Int, finalSeconds: Int, confirmedSeconds: Int?, manualCorrections: Int,
                lateCorrections: Int, gpsCorrections: Int, transfers: Int, outcome: TripOutcome,
                nextStopSeconds: Int? = nil) {
        self.id = id
        self.t0 = t0
        self.t0UnixMilliseconds = t0UnixMilliseconds
        self.from = from
        self.to = to
        self.plannedSeconds = plannedSeconds
        self.finalSeconds = finalSeconds
        self.confirmedSeconds = outcome == .arrived ? confirmedSeconds : nil
        self.manualCorrections = manualCorrections
        self.lateCorrections = lateCorrections
        self.gpsCorrections = gpsCorrections
        self.transfers = transfers
        self.outcome = outcome
        self.nextStopSeconds = nextStopSeconds
    }

    /// An entry from instants: every duration is whole seconds after t0, rounded half away from zero.
    /// `confirmedAt` (the "I'm off" press) is kept only for `arrived`.
    public init(id: Int64, t0: Instant, t0UnixMilliseconds: Int64?, from: StationID, to: StationID,
                plannedArrival: Instant, finalArrival: Instant, confirmedAt: Instant?, manualCorrections: Int,
                lateCorrections: Int, gpsCorrections: Int, transfers: Int, outcome: TripOutcome) {
        self.init(id: id, t0: t0, t0UnixMilliseconds: t0UnixMilliseconds, from: from, to: to,
                  plannedSeconds: plannedArrival.seconds(since: t0), finalSeconds: finalArrival.seconds(since: t0),
                  confirmedSeconds: confirmedAt?.seconds(since: t0), manualCorrections: manualCorrections,
                  lateCorrections: lateCorrections, gpsCorrections: gpsCorrections, transfers: transfers,
                  outcome: outcome)
    }

    /// Confirmed − final, seconds, for trips whose true arrival is known. Positive: the countdown ran fast
    /// (the warning came early — the safe side); negative: it lagged (the dangerous side).
    public var errorSeconds: Int? {
        guard outcome == .arrived, let confirmed = confirmedSeconds else { return nil }
        return confirmed - finalSeconds
    }

    /// The confirmed seconds when they measure the ride: an "I'm off" pressed by mistake (far outside any plausible
    /// arrival, `RideAccuracy.setAsideReason`) is set aside and measures nothing.
    public var measuredConfirmedSeconds: Int? {
        guard outcome == .arrived, let confirmed = confirmedSeconds,
            RideAccuracy.setAsideReason(confirmed: confirmed, final: finalSeconds) == nil
        else { return nil }
        return confirmed
    }

    /// `errorSeconds` of a ride whose "I'm off" measures it; nil for a press by mistake.
    public var measuredErrorSeconds: Int? { measuredConfirmedSeconds.map { $0 - finalSeconds } }

    private enum CodingKeys: String, CodingKey {
        case id, t0 = "t0_ns", t0UnixMilliseconds = "t0_unix_ms", from, to, plannedSeconds = "planned_s",
            finalSeconds = "final_s", confirmedSeconds = "confirmed_s", manualCorrections = "manual_corrections",
            lateCorrections = "late_corrections", gpsCorrections = "gps_corrections", transfers, outcome,
            nextStopSeconds = "next_stop_s"
    }
}
