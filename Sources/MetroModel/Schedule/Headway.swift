extension Network {
    /// The interval between trains (seconds) on a line in a direction at a Unix time (SPEC §3.1), or nil when the
    /// data has no row for it.
    ///
    /// The row is chosen by the local hour clamped to 6…22 and the service day's day type; within the hour the
    /// value moves linearly from the row's start value to its end value (before 06:00 the start of the 06 row,
    /// after 22:59 the end of the 22 row).
    public func headway(line: LineID, direction: Direction, atUnixSeconds unix: Int64) -> Int? {
        let civil = KyivTime.civil(unixSeconds: unix)
        let day = ServiceDay(unixSeconds: unix).dayType
        let hour = civil.hour
        let tableHour = min(max(hour, 6), 22)
        let fraction: Double
        if hour < 6 {
            fraction = 0
        } else if hour > 22 {
            fraction = 1
        } else {
            fraction = Double(civil.minute * 60 + civil.second) / 3600
        }
        guard let pair = headwayPair(line: line, hour: tableHour, day: day, direction: direction) else { return nil }
        return rha(Double(pair.start) + Double(pair.end - pair.start) * fraction)
    }
}
