/// Civil (wall-clock) time in Europe/Kyiv: the calendar fields a rider reads off a clock in Kyiv.
public struct CivilTime: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int
    /// Offset from UTC in force at that instant: 7200 (EET) or 10800 (EEST).
    public var utcOffsetSeconds: Int

    /// Seconds since local midnight of this calendar date.
    public var secondsOfDay: Int { hour * 3600 + minute * 60 + second }

    /// `2026-08-17T22:20:00+03:00`.
    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        let off = abs(utcOffsetSeconds)
        let y = String(year)
        return "\(String(repeating: "0", count: max(0, 4 - y.count)) + y)-\(two(month))-\(two(day))T"
            + "\(two(hour)):\(two(minute)):\(two(second))\(sign)\(two(off / 3600)):\(two(off % 3600 / 60))"
    }
}

/// Europe/Kyiv civil time as a pure function of Unix time, with no time-zone database.
///
/// The model must reason in Kyiv wall time whatever the host's zone, and `FoundationEssentials` knows only GMT,
/// so the rule is written out here: UTC+2 (EET) in winter, UTC+3 (EEST) from the last Sunday of March 01:00 UTC
/// until the last Sunday of October 01:00 UTC. These are the EU rules Ukraine has followed since 1996; they
/// are checked against the system's tz database for 2000–2037 in the tests. A change of Ukrainian law (for
/// example abolishing clock changes) needs a change here.
public enum KyivTime {
    /// Standard (winter) offset, seconds.
    public static let standardOffset = 2 * 3600
    /// Summer offset, seconds.
    public static let summerOffset = 3 * 3600

    /// The civil time in Kyiv at a Unix time.
    public static func civil(unixSeconds: Int64) -> CivilTime {
        let offset = utcOffset(atUnixSeconds: unixSeconds)
        let local = unixSeconds + Int64(offset)
        let days = floorDivide(local, by: 86_400)
        let secondsOfDay = Int(local - days * 86_400)
        let (y, m, d) = civilFromDays(days)
        return CivilTime(year: y, month: m, day: d, hour: secondsOfDay / 3600, minute: secondsOfDay % 3600 / 60,
                         second: secondsOfDay % 60, weekday: weekday(days: days), utcOffsetSeconds: offset)
    }

    /// The UTC offset in force in Kyiv at a Unix time.
    public static func utcOffset(atUnixSeconds unix: Int64) -> Int {
        let year = civilFromDays(floorDivide(unix, by: 86_400)).year
        let start = transitionUnixSeconds(year: year, month: 3)
        let end = transitionUnixSeconds(year: year, month: 10)
        return (unix >= start && unix < end) ? summerOffset : standardOffset
    }

    /// The Unix time of a Kyiv wall time.
    ///
    /// Fields may overflow and roll over as on a calendar (hour 25 is 01:00 the next day, second 90 is
    /// 1 min 30 s), which is how service hours past midnight are read (model §7).
    /// - A **repeated** wall time (03:00–03:59 on the last Sunday of October happens twice) resolves to the
    ///   earlier instant, the one still on summer time.
    /// - A **skipped** wall time (03:00–03:59 on the last Sunday of March never shows on a clock) is shifted
    ///   forward by the size of the gap: 03:30 becomes 04:30 summer time, the instant that is 03:30 by the winter
    ///   clock.
    public static func unixSeconds(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0,
                                   second: Int = 0) -> Int64
    {
        // Months may overflow too; normalise them into the year first.
        let m0 = month - 1
        let y = year + Int(floorDivide(Int64(m0), by: 12))
        let m = Int(Int64(m0) - floorDivide(Int64(m0), by: 12) * 12) + 1
        let localAsUTC = daysFromCivil(year: y, month: m, day: 1) * 86_400
            + Int64(day - 1) * 86_400 + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
        let summer = localAsUTC - Int64(summerOffset)
        if utcOffset(atUnixSeconds: summer) == summerOffset { return summer }  // earlier of a repeated hour
        let winter = localAsUTC - Int64(standardOffset)
        // Either a plain winter time, or a skipped wall time read on the winter clock (= shifted forward).
        return winter
    }

    /// The Unix time of the EU transition (01:00 UTC on the last Sunday) in a month.
    static func transitionUnixSeconds(year: Int, month: Int) -> Int64 {
        let lastDay = daysFromCivil(year: year, month: month, day: 31)
        let back = Int64(weekday(days: lastDay) % 7)  // Sunday (7) → 0 days back
        return (lastDay - back) * 86_400 + 3600
    }

    /// ISO weekday (1 = Monday … 7 = Sunday) of a day number (days since 1970-01-01, a Thursday).
    static func weekday(days: Int64) -> Int {
        let r = Int(days - floorDivide(days + 3, by: 7) * 7 + 3)  // (days + 3) mod 7, 0 = Monday
        return r + 1
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = floorDivide(y, by: 400)
        let yoe = y - era * 400
        let mp = Int64((month + 9) % 12)
        let doy = (153 * mp + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day number.
    public static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, by: 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), Int(m), Int(d))
    }
}
