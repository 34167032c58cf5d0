/// The kind of fix gpsd reports. A report without a position (gpsd's "no fix", mode 1, or "not seen",
/// mode 0) still reaches the caller as `noFix`, so that it can be counted as a fix that could not be used.
public enum GPSMode: Int32, Sendable {
    /// No position: the receiver has no fix (gpsd's modes 0 and 1).
    case noFix = 1
    /// Latitude and longitude only.
    case twoD = 2
    /// Latitude, longitude and altitude.
    case threeD = 3

    /// gpsd's mode number: 0 and 1 are both "no position".
    init?(gpsdMode: Int32) {
        switch gpsdMode {
        case 0, 1: self = .noFix
        default: self.init(rawValue: gpsdMode)
        }
    }
}
