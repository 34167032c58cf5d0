extension Network {
    /// The interval between trains (seconds) on a line in a direction at a Unix time (model §3.1), or nil when the
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
        // The fraction f of the hour as seconds out of 3600 (f = 0 before 06:00, f = 1 after 22:59).
        let secondsIntoHour: Int64
        if hour < 6 {
            secondsIntoHour = 0
        } else if hour > 22 {
            secondsIntoHour = 3600
        } else {
            secondsIntoHour = Int64(civil.minute * 60 + civil.second)
        }
        guard let pair = headwayPair(line: line, hour: tableHour, day: day, direction: direction) else { return nil }
        // rha(start + (end − start)·f) in integers: f = n/3600 has no exact binary fraction, and a value that is
        // exactly x.5 (227.5) would come out of floating point as 227.49999999999997 and round down.
        let scaled = Int64(pair.start) * 3600 + Int64(pair.end - pair.start) * secondsIntoHour
        return Int(rhaDivide(scaled, by: 3600))
    }
}
