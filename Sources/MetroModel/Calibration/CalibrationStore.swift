/// Measured segment timings, keyed by directed segment `from>to` (SPEC §6).
///
/// An injected value, never a global: the timing chain (SPEC §3.2) only asks for the two averages.
public struct CalibrationStore: Sendable, Equatable {
    struct Averages: Sendable, Equatable {
        var running: Double?
        var dwell: Double?
    }
    var records: [SegmentKey: Averages] = [:]

    /// An empty store.
    public init() {}

    /// A store with no measurements.
    public static let empty = CalibrationStore()

    /// The measured running-time average for exactly this direction, if any.
    public func runningAverage(for key: SegmentKey) -> Double? { records[key]?.running }

    /// The measured dwell average (at `key.to`) for exactly this direction, if any.
    public func dwellAverage(for key: SegmentKey) -> Double? { records[key]?.dwell }

    /// Sets both averages of a segment directly, for tests of code that only reads calibration.
    public mutating func setForTesting(_ key: SegmentKey, running: Double?, dwell: Double?) {
        records[key] = Averages(running: running, dwell: dwell)
    }
}
