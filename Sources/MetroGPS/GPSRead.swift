/// What one drain of a gpsd session found.
public enum GPSRead: Equatable, Sendable {
    /// The TPV reports that were waiting, oldest first, with or without a position; empty when only other
    /// messages (or part of one) arrived.
    case fixes([GPSFix])
    /// gpsd closed the connection or it failed: close the session and reconnect later. Fixes read in the
    /// same drain before the end are dropped with it.
    case disconnected
}
