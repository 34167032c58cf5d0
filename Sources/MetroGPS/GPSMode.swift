/// The kind of position fix gpsd reports. Only fixes with a position exist here: gpsd's "no fix" (mode 1)
/// and "not seen" (mode 0) reports are dropped by the session.
public enum GPSMode: Int32, Sendable {
    /// Latitude and longitude only.
    case twoD = 2
    /// Latitude, longitude and altitude.
    case threeD = 3
}
