/// How often each whole-second value was seen: the import's way of taking medians and spreads over every trip of
/// a feed without keeping every sample. Running and dwell times take a few dozen distinct values per segment, so
/// its size grows with the spread of the values, not with the number of trips.
public struct ValueHistogram: Sendable, Equatable {
    public private(set) var counts: [Int: Int] = [:]
    public private(set) var total = 0

    public init() {}

    public mutating func add(_ value: Int, times: Int = 1) {
        counts[value, default: 0] += times
        total += times
    }

    public mutating func merge(_ other: ValueHistogram) {
        for (value, n) in other.counts { add(value, times: n) }
    }

    /// The smallest value with at least `fraction` of the samples at or below it (nearest rank); nil when empty.
    /// `percentile(0.5)` is the lower median, a value that was really seen.
    public func percentile(_ fraction: Double) -> Int? {
        guard total > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(total)).rounded(.up)))
        var seen = 0
        for value in counts.keys.sorted() {
            seen += counts[value]!
            if seen >= rank { return value }
        }
        return counts.keys.max()
    }

    public var median: Int? { percentile(0.5) }
    public var minimum: Int? { counts.keys.min() }
    public var maximum: Int? { counts.keys.max() }
}
