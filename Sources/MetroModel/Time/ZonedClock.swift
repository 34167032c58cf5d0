/// The civil time and the service day of any network's time zone: what `KyivTime` and `ServiceDay` are for Kyiv,
/// for the zone a schema 2 network names (its `TimeZoneRules`, read from the tz database by the caller).
extension TimeZoneRules {
    /// Coordinated Universal Time: no offset, no changes (for tests and tools that need a zone but no database).
    public static let utc = TimeZoneRules(transitions: [], typeIndices: [], types: [
        LocalTimeType(utcOffsetSeconds: 0, isDaylightSaving: false, abbreviation: "UTC"),
    ], footer: nil)

    /// The wall-clock reading of a Unix time in this zone. Saturating at the ends of Int64: no instant traps.
    public func civil(unixSeconds unix: Int64) -> CivilTime {
        let offset = utcOffset(atUnixSeconds: unix)
        let (local, overflow) = unix.addingReportingOverflow(Int64(offset))
        let clamped = overflow ? (offset > 0 ? Int64.max : Int64.min) : local
        let days = floorDivide(clamped, by: 86_400)
        let seconds = Int(clamped - days * 86_400)
        let (year, month, day) = KyivTime.civilFromDays(days)
        return CivilTime(year: year, month: month, day: day, hour: seconds / 3600, minute: seconds % 3600 / 60,
                         second: seconds % 60, weekday: KyivTime.weekday(days: days), utcOffsetSeconds: offset)
    }
}

/// Where an instant falls in a network's timetable: its service day (an instant before `ServiceDay.boundaryHour`
/// local belongs to the day before, as in Kyiv, model §7), the seconds after that day's midnight (past 24 h after
/// midnight, as GTFS counts them) and which kind of day's timetable runs.
public struct ZonedServiceTime: Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int
    /// ISO weekday of the service date: 1 = Monday … 7 = Sunday.
    public let weekday: Int
    /// Seconds after the service day's midnight.
    public let secondsAfterMidnight: Int

    public init(unixSeconds: Int64, rules: TimeZoneRules) {
        let civil = rules.civil(unixSeconds: unixSeconds)
        var days = KyivTime.daysFromCivil(year: civil.year, month: civil.month, day: civil.day)
        var seconds = civil.secondsOfDay
        if civil.hour < ServiceDay.boundaryHour {
            days -= 1
            seconds += 86_400
        }
        (year, month, day) = KyivTime.civilFromDays(days)
        weekday = KyivTime.weekday(days: days)
        secondsAfterMidnight = seconds
    }

    /// The kind of day a schema 2 file keeps headways and service hours for: `weekday`, `saturday` or `sunday`.
    /// A feed's holidays are not in the file (it keeps representative days), so a holiday runs by its weekday.
    public var kindOfDay: String { Self.kindOfDay(weekday: weekday) }

    /// The kind of day of an ISO weekday (1 = Monday … 7 = Sunday).
    public static func kindOfDay(weekday: Int) -> String { weekday == 6 ? "saturday" : weekday == 7 ? "sunday" : "weekday" }

    /// `YYYY-MM-DD`.
    public var isoDate: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
