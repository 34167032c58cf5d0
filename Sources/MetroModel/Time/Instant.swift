/// A point on the trip's timeline, in nanoseconds.
///
/// In the daemon the timeline is the kernel's boot-time clock (`CLOCK_BOOTTIME`: monotonic, counts suspend), so
/// a wall-clock step can never move an armed alert. Offline planning (`metrotimer plan`) uses Unix time as the
/// timeline. The model never reads a clock: every instant is an argument.
public struct Instant: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var nanoseconds: Int64
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
    /// An instant a whole number of seconds after the timeline's zero (saturating at the ends of `Int64`).
    public init(seconds: Int64) { self.nanoseconds = seconds.saturatingTimes(1_000_000_000) }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    /// The instant `seconds` later (negative: earlier). Saturates at the ends of `Int64` instead of trapping (no
    /// arithmetic on time may trap; the daemon's timeline stays far inside them, `ModelClock.timelineLimit`).
    public static func + (lhs: Instant, seconds: Int) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds.saturatingPlus(Int64(seconds).saturatingTimes(1_000_000_000)))
    }
    public static func - (lhs: Instant, seconds: Int) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds.saturatingMinus(Int64(seconds).saturatingTimes(1_000_000_000)))
    }
    /// Signed distance in nanoseconds (saturating).
    public static func - (lhs: Instant, rhs: Instant) -> Int64 {
        lhs.nanoseconds.saturatingMinus(rhs.nanoseconds)
    }
    /// Whole seconds from `other` to `self`, rounded half away from zero.
    public func seconds(since other: Instant) -> Int { Int(rhaDivide(self - other, by: 1_000_000_000)) }
    public var description: String { "\(nanoseconds)ns" }

    public init(from decoder: any Decoder) throws {
        nanoseconds = try decoder.singleValueContainer().decode(Int64.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(nanoseconds)
    }
}

/// Maps the trip timeline to Unix time (the wall clock), for timetable look-ups only.
///
/// In the daemon the mapping is `CLOCK_REALTIME − CLOCK_BOOTTIME` sampled when a mutation happens; offline it is
/// zero. It is never used to arm anything.
public struct WallClockMapping: Hashable, Sendable, Codable {
    /// Unix nanoseconds at timeline zero.
    public var unixNanosecondsAtZero: Int64
    public init(unixNanosecondsAtZero: Int64) { self.unixNanosecondsAtZero = unixNanosecondsAtZero }
    /// The identity mapping: the timeline *is* Unix time.
    public static let unixTimeline = WallClockMapping(unixNanosecondsAtZero: 0)
    /// Unix nanoseconds of a timeline instant.
    public func unixNanoseconds(at instant: Instant) -> Int64 { instant.nanoseconds.saturatingPlus(unixNanosecondsAtZero) }
    /// Whole Unix seconds of a timeline instant (floor).
    public func unixSeconds(at instant: Instant) -> Int64 {
        floorDivide(unixNanoseconds(at: instant), by: 1_000_000_000)
    }
    /// The timeline instant of a Unix time in nanoseconds.
    public func instant(atUnixNanoseconds unix: Int64) -> Instant {
        Instant(nanoseconds: unix.saturatingMinus(unixNanosecondsAtZero))
    }
}

/// `rha()` of the model: rounding half away from zero.
public func rha(_ value: Double) -> Int {
    Int(value.rounded(.toNearestOrAwayFromZero))
}

/// Integer division rounding half away from zero.
public func rhaDivide(_ numerator: Int64, by denominator: Int64) -> Int64 {
    precondition(denominator > 0)
    let q = numerator / denominator
    let r = numerator % denominator
    if 2 * abs(r) >= denominator { return numerator < 0 ? q - 1 : q + 1 }
    return q
}

/// Integer division rounding toward negative infinity.
public func floorDivide(_ numerator: Int64, by denominator: Int64) -> Int64 {
    precondition(denominator > 0)
    let q = numerator / denominator
    return (numerator % denominator < 0) ? q - 1 : q
}
