/// A calendar date in Kyiv, `2026-03-29`.
public struct KyivDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }
    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
    public static func < (a: KyivDate, b: KyivDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}

/// When a reminder's wall time happens, across the clock changes. Pure: every instant is an argument.
///
/// - On the last Sunday of March the clock jumps from 03:00 to 04:00: a reminder at 03:xx **does not exist** that
///   day and is skipped (and named as skipped), rather than moved to a time the rider did not ask for.
/// - On the last Sunday of October 03:00–03:59 happens twice: a reminder then fires **once**, at the first
///   (summer-time) instant; the second pass of the same wall time is not a new occurrence.
public enum ReminderSchedule {
    /// The Unix time of `hour:minute` Kyiv wall time on a date: the earlier instant when the time repeats, nil
    /// when the clock skips it that day.
    public static func instant(on date: KyivDate, hour: Int, minute: Int) -> Int64? {
        let unix = KyivTime.unixSeconds(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute)
        let shown = KyivTime.civil(unixSeconds: unix)
        guard shown.year == date.year, shown.month == date.month, shown.day == date.day, shown.hour == hour,
            shown.minute == minute
        else { return nil }
        return unix
    }

    /// The first occurrence strictly after `after` (Unix seconds) of a wall time on some days, and the dates on
    /// the way on which it did not exist. Nil only for an empty day set.
    public static func next(hour: Int, minute: Int, days: ReminderDays, after: Int64)
        -> (unixSeconds: Int64, date: KyivDate, skipped: [KyivDate])?
    {
        let start = KyivTime.civil(unixSeconds: after)
        let first = KyivTime.daysFromCivil(year: start.year, month: start.month, day: start.day)
        var skipped: [KyivDate] = []
        // Two weeks always reach an existing occurrence: the clock skips an hour on one day a year.
        for offset in Int64(0)...15 {
            let dayNumber = first + offset
            guard days.contains(KyivTime.weekday(days: dayNumber)) else { continue }
            let (y, m, d) = KyivTime.civilFromDays(dayNumber)
            let date = KyivDate(year: y, month: m, day: d)
            guard let unix = instant(on: date, hour: hour, minute: minute) else {
                skipped.append(date)
                continue
            }
            if unix > after { return (unix, date, skipped) }
        }
        return nil
    }

    /// The next occurrence of a reminder at or after `wallNow`, never one at or before its creation or its last
    /// firing.
    public static func next(of reminder: Reminder, wallNow: Int64)
        -> (unixSeconds: Int64, date: KyivDate, skipped: [KyivDate])?
    {
        let floor = max(wallNow - 1, reminder.lastFiredUnixSeconds ?? reminder.createdUnixSeconds, reminder.createdUnixSeconds)
        return next(hour: reminder.hour, minute: reminder.minute, days: reminder.days, after: floor)
    }
}
