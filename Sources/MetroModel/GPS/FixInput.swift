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
    /// Model nanoseconds per nanosecond of the wall clock: 1 in service. A demo's or a test's `time_scale` runs the
    /// model faster than the receiver's clock, so the fix's age (wall clock) spans that many times more of the
    /// trip timeline, and the fix is placed where the model was when it was taken, not where it is on receipt.
    public var timeScale: Double
    public init(latitude: Double, longitude: Double, horizontalErrorMeters: Double?, mode: Int,
                speedMetersPerSecond: Double? = nil, receiverUnixNanoseconds: Int64?, receivedAt: Instant,
                timeScale: Double = 1)
    {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalErrorMeters = horizontalErrorMeters
        self.mode = mode
        self.speedMetersPerSecond = speedMetersPerSecond
        self.receiverUnixNanoseconds = receiverUnixNanoseconds
        self.receivedAt = receivedAt
        self.timeScale = timeScale
    }
}
