import MetroModel

/// The dates a feed's timetable is summarised from: for each kind of day, the date of that kind within the feed's
/// calendar with the most trips running. A holiday (a Wednesday on the Sunday timetable) or a week of engineering
/// works runs fewer trips than an ordinary day of its kind, so the busiest date is the ordinary timetable, whatever
/// way the feed writes its services (weekly calendars, or dates only).
public struct RepresentativeDays: Sendable, Equatable {
    /// The chosen date of each kind of day the feed runs on; a kind with no trips in the calendar is absent.
    public let dates: [FeedDayType: ServiceDate]

    /// The calendar's span is capped, since a feed that claims to run for decades would make this loop long for
    /// no better answer: the first two years are enough to see every kind of day many times.
    public static let maximumDays = 2 * 366

    /// Chooses among the dates `first...last` (at most `maximumDays` of them); `tripsOn` counts the trips that
    /// run on a date. Ties go to the earliest date.
    public init(first: ServiceDate, last: ServiceDate, tripsOn: (ServiceDate) -> Int) {
        let start = KyivTime.daysFromCivil(year: first.year, month: first.month, day: first.day)
        let end = min(KyivTime.daysFromCivil(year: last.year, month: last.month, day: last.day), start + Int64(Self.maximumDays) - 1)
        var best: [FeedDayType: (date: ServiceDate, trips: Int)] = [:]
        var day = start
        while day <= end {
            let (y, m, d) = KyivTime.civilFromDays(day)
            let date = ServiceDate(year: y, month: m, day: d)
            let trips = tripsOn(date)
            let kind = FeedDayType(weekdayIndex: Self.weekdayIndex(ofDay: day))
            if trips > 0, trips > best[kind]?.trips ?? 0 { best[kind] = (date, trips) }
            day += 1
        }
        dates = best.mapValues(\.date)
    }

    /// 0 Monday … 6 Sunday, for a day counted from 1970-01-01 (a Thursday).
    static func weekdayIndex(ofDay day: Int64) -> Int {
        Int(((day % 7) + 7 + 3) % 7)
    }
}
