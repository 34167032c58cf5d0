/// One position fix as gpsd delivers it, plus when it reached the daemon.
public struct FixInput: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Estimated horizontal error (metres), if the receiver gave one.
    public var horizontalErrorMeters: Double?
    /// gpsd's fix mode: 0/1 no fix, 2 = 2D, 3 = 3D.
    public var mode: Int
    /// Speed over ground (m/s), if the receiver gave one: it tells a train standing at a platform from one
    /// running through it.
    public var speedMetersPerSecond: Double?
    /// The receiver's time of the fix (Unix nanoseconds), if it has one.
    public var receiverUnixNanoseconds: Int64?
    /// When the fix reached the daemon, on the trip timeline.
    public var receivedAt: Instant
    public init(latitude: Double, longitude: Double, horizontalErrorMeters: Double?, mode: Int,
                speedMetersPerSecond: Double? = nil, receiverUnixNanoseconds: Int64?, receivedAt: Instant)
    {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalErrorMeters = horizontalErrorMeters
        self.mode = mode
        self.speedMetersPerSecond = speedMetersPerSecond
        self.receiverUnixNanoseconds = receiverUnixNanoseconds
        self.receivedAt = receivedAt
    }
}

/// Why a fix was dropped (model §5.4).
public enum FixRejection: String, Hashable, Sendable, CaseIterable, Codable {
    /// Mode is neither 2D nor 3D.
    case noFix = "no_fix"
    /// No horizontal error estimate (or a meaningless one, ≤ 0).
    case accuracyUnknown = "accuracy_unknown"
    /// Horizontal error above 100 m.
    case inaccurate
    /// Older than 10 s.
    case stale
    /// Time stamped in the future beyond the tolerance.
    case future
    /// Time stamped before the trip started.
    case beforeStart = "before_start"
    /// No receiver time.
    case noTime = "no_time"
    /// No surface station of the route within 400 m.
    case offRoute = "off_route"
}

/// What a fix means for the trip.
public enum SnapDecision: Equatable, Sendable {
    /// Dropped, with the reason.
    case rejected(FixRejection)
    /// Snapped to a route event. `correct` says whether to apply an anchored replan there now (the event differs
    /// from the model's current station and no GPS correction was applied in the last 30 s). Accepted fixes feed
    /// passive calibration either way.
    case accepted(eventIndex: Int, distanceMeters: Double, correct: Bool)
}

/// Limits of the GPS snap (model §5.4).
public enum SnapLimits {
    /// Largest accepted horizontal error estimate, metres.
    public static let maximumErrorMeters = 100.0
    /// Oldest accepted fix, seconds.
    public static let maximumAgeSeconds: Int64 = 10
    /// How far in the future a fix's time may be: the receiver's and the board's clocks are separately
    /// disciplined and the fix time is the start of the receiver's measurement epoch, so a second or two of skew
    /// is normal; more means one of the clocks is wrong.
    public static let futureToleranceSeconds: Int64 = 2
    /// Farthest a fix may be from the surface station it snaps to, metres.
    public static let snapRadiusMeters = 400.0
    /// Least time between two applied GPS corrections, seconds.
    public static let correctionIntervalSeconds = 30
}

extension RideNetwork {
    /// Decides what a GPS fix means for a trip (model §5.4), without changing anything.
    ///
    /// - `wallNowUnixNanoseconds`: the wall clock when the fix was handled, to judge the fix's age.
    /// - `lastAppliedGPSCorrection`: when a GPS correction was last applied to this trip, if ever.
    public func snapDecision(trip: Trip, fix: FixInput, wallNowUnixNanoseconds: Int64,
                             lastAppliedGPSCorrection: Instant?) -> SnapDecision
    {
        guard fix.mode == 2 || fix.mode == 3 else { return .rejected(.noFix) }
        guard let error = fix.horizontalErrorMeters, error.isFinite, error > 0 else {
            return .rejected(.accuracyUnknown)
        }
        guard error <= SnapLimits.maximumErrorMeters else { return .rejected(.inaccurate) }
        guard let fixTime = fix.receiverUnixNanoseconds else { return .rejected(.noTime) }
        // A stamp centuries off (a broken receiver) would overflow the subtraction: it is stale or future all the same.
        let (age, overflow) = wallNowUnixNanoseconds.subtractingReportingOverflow(fixTime)
        guard !overflow else { return .rejected(fixTime > wallNowUnixNanoseconds ? .future : .stale) }
        guard age <= SnapLimits.maximumAgeSeconds * 1_000_000_000 else { return .rejected(.stale) }
        guard age >= -SnapLimits.futureToleranceSeconds * 1_000_000_000 else { return .rejected(.future) }
        guard trip.wall.instant(atUnixNanoseconds: fixTime) >= trip.t0 else { return .rejected(.beforeStart) }

        var best: (index: Int, distance: Double)?
        for (index, event) in trip.events.enumerated() {
            guard let station = station(event.station), station.isSurface else { continue }
            let distance = greatCircleMeters(latitude1: fix.latitude, longitude1: fix.longitude,
                                             latitude2: station.latitude, longitude2: station.longitude)
            if distance <= SnapLimits.snapRadiusMeters && distance < (best?.distance ?? .infinity) {
                best = (index, distance)
            }
        }
        guard let best else { return .rejected(.offRoute) }

        let now = fix.receivedAt
        let rested = lastAppliedGPSCorrection.map {
            now - $0 >= Int64(SnapLimits.correctionIntervalSeconds) * 1_000_000_000
        } ?? true
        let correct = best.index != trip.currentIndex(at: now) && rested
        return .accepted(eventIndex: best.index, distanceMeters: best.distance, correct: correct)
    }

    /// Applies a snap: anchored replan at the snapped event (it may move the model backwards) and
    /// `gpsCorrections += 1`. An index outside the route leaves the trip unchanged.
    public func applySnap(trip: Trip, eventIndex: Int, now: Instant, calibration: CalibrationStore) -> Trip {
        guard var replanned = try? anchoredReplan(trip, at: eventIndex, now: now, calibration: calibration) else {
            return trip
        }
        replanned.gpsCorrections += 1
        return replanned
    }
}
