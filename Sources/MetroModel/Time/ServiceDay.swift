/// The metro's operating day an instant belongs to (model §7).
///
/// The metro closes near 23:15 and opens near 05:30, so an instant before 04:00 local time belongs to the
/// previous calendar date's service day. Wall times of the timetable ("first train 05:51") are read on the clock
/// of that service day.
public struct ServiceDay: Hashable, Sendable, CustomStringConvertible {
    /// The local hour at which a new service day begins.
    public static let boundaryHour = 4

    public let year: Int
    public let month: Int
    public let day: Int
    /// ISO weekday of the service date: 1 = Monday … 7 = Sunday.
    public let weekday: Int

    /// The service day of a calendar date.
    public init(year: Int, month: Int, day: Int) {
        let days = KyivTime.daysFromCivil(year: year, month: month, day: day)
        let (y, m, d) = KyivTime.civilFromDays(days)
        self.year = y
        self.month = m
        self.day = d
        self.weekday = KyivTime.weekday(days: days)
    }

    /// The service day of an instant given as Unix seconds.
    public init(unixSeconds: Int64) {
        let civil = KyivTime.civil(unixSeconds: unixSeconds)
        if civil.hour < ServiceDay.boundaryHour {
            self.init(year: civil.year, month: civil.month, day: civil.day - 1)
        } else {
            self.init(year: civil.year, month: civil.month, day: civil.day)
        }
    }

    /// Weekday or weekend timetable: Saturday and Sunday are weekend; public holidays use the weekday table.
    public var dayType: DayType { weekday >= 6 ? .weekend : .weekday }

    /// The instant (Unix seconds) the clock of this service day shows `seconds` after its midnight.
    ///
    /// Computed from calendar fields (hours, minutes, seconds; past 24 h rolls over to the next date), never as
    /// "midnight + N seconds", so 05:51 is 05:51 on the clock also on the clock-change days.
    public func unix(ofWallSeconds seconds: Int) -> Int64 {
        KyivTime.unixSeconds(year: year, month: month, day: day, hour: seconds / 3600,
                             minute: seconds % 3600 / 60, second: seconds % 60)
    }

    /// `2026-08-17`.
    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
