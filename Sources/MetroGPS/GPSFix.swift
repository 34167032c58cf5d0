internal import CGPS

/// One TPV report from gpsd, exactly as the receiver gave it: no plausibility checks here (the daemon
/// decides what is too old, too far in the future or too inaccurate, and counts reports without a
/// position). Check `hasPosition` before using the coordinates.
public struct GPSFix: Equatable, Sendable {
    /// Degrees north, WGS-84; NaN when the report has no position.
    public var latitude: Double
    /// Degrees east, WGS-84; NaN when the report has no position.
    public var longitude: Double
    /// gpsd's horizontal error estimate in metres (derived from HDOP, about 19 m per unit); nil when gpsd
    /// does not know it (no HDOP from the receiver).
    public var horizontalErrorMeters: Double?
    /// No fix, 2D or 3D.
    public var mode: GPSMode
    /// The receiver's UTC time of the fix, nanoseconds since the Unix epoch; nil before the receiver has
    /// sent a date. It can be stale or in the future: it is the receiver's claim, not the system clock.
    public var receiverTimeUnixNs: Int64?
    /// Speed over ground in m/s; nil when the report has none (or a negative or non-finite one).
    public var speedMetersPerSecond: Double?

    /// A fix from its parts.
    public init(latitude: Double, longitude: Double, horizontalErrorMeters: Double?, mode: GPSMode,
                receiverTimeUnixNs: Int64?, speedMetersPerSecond: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalErrorMeters = horizontalErrorMeters
        self.mode = mode
        self.receiverTimeUnixNs = receiverTimeUnixNs
        self.speedMetersPerSecond = speedMetersPerSecond
    }

    /// Whether the report carries a usable position: a 2D or 3D fix with finite coordinates.
    public var hasPosition: Bool { mode != .noFix && latitude.isFinite && longitude.isFinite }

    /// The fix in the shim's flat struct; nil for a mode number gpsd does not define.
    init?(_ raw: cgps_fix) {
        guard let mode = GPSMode(gpsdMode: raw.mode) else { return nil }
        var time: Int64?
        if raw.time_set {
            let (scaled, overflow) = Int64(raw.time_sec).multipliedReportingOverflow(by: 1_000_000_000)
            if !overflow { time = scaled &+ Int64(raw.time_nsec) }
        }
        self.init(latitude: raw.latitude, longitude: raw.longitude,
                  horizontalErrorMeters: raw.eph.isFinite ? raw.eph : nil, mode: mode, receiverTimeUnixNs: time,
                  speedMetersPerSecond: raw.speed.isFinite && raw.speed >= 0 ? raw.speed : nil)
    }
}
