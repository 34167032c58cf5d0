/// A GTFS time of day, `H:MM:SS` or `HH:MM:SS`, counted from noon minus 12 h of the service day: it may pass
/// 24:00:00 (a trip that runs past midnight keeps its service day's date), so it is a count of seconds, not a clock
/// time.
public struct ServiceTime: Sendable, Hashable, Comparable {
    public let seconds: Int
    public init(seconds: Int) { self.seconds = seconds }
    public static func < (lhs: ServiceTime, rhs: ServiceTime) -> Bool { lhs.seconds < rhs.seconds }
}

/// A GTFS service date, `YYYYMMDD`.
public struct ServiceDate: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int
    public init(year: Int, month: Int, day: Int) { self.year = year; self.month = month; self.day = day }
    public static func < (lhs: ServiceDate, rhs: ServiceDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`, as the network file and the messages write dates.
    public var isoText: String {
        func padded(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
