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
    /// Not within 400 m of the route's line where it runs under open sky.
    case offRoute = "off_route"
    /// Slower than a train at the platforms of a change: the rider on foot, waiting or walking, not a train.
    case onFoot = "on_foot"
}

