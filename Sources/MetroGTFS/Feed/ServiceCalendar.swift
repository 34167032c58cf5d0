import MetroModel

/// On which dates each service of a feed runs: its weekly `calendar.txt` pattern between two dates, with the
/// additions and removals of `calendar_dates.txt` on top. A service may be defined by dates alone.
public struct ServiceCalendar: Sendable {
    private let weekly: [String: FeedCalendar]
    private let added: Set<DatedService>
    private let removed: Set<DatedService>

    /// The first and last dates any service runs on, or nil when none ever does.
    public let firstDate: ServiceDate?
    public let lastDate: ServiceDate?

    private struct DatedService: Hashable {
        let service: String
        let date: ServiceDate
    }

    public init(calendars: [FeedCalendar], dates: [FeedCalendarDate]) {
        weekly = Dictionary(calendars.map { ($0.serviceID, $0) }, uniquingKeysWith: { first, _ in first })
        added = Set(dates.filter(\.isAdded).map { DatedService(service: $0.serviceID, date: $0.date) })
        removed = Set(dates.filter { !$0.isAdded }.map { DatedService(service: $0.serviceID, date: $0.date) })
        // A weekly calendar's span counts only if some weekday in it is on; the span's ends are close enough for
        // choosing dates (the days actually run are tried one by one later).
        let spans = calendars.filter { $0.weekdays.contains(true) }.flatMap { [$0.start, $0.end] }
        let all = spans + added.map(\.date)
        firstDate = all.min()
        lastDate = all.max()
    }

    /// Whether `service` runs on `date`.
    public func isActive(_ service: String, on date: ServiceDate) -> Bool {
        let key = DatedService(service: service, date: date)
        if removed.contains(key) { return false }
        if added.contains(key) { return true }
        guard let calendar = weekly[service], calendar.start <= date, date <= calendar.end else { return false }
        return calendar.weekdays[Self.weekdayIndex(of: date)]
    }

    /// 0 Monday … 6 Sunday.
    public static func weekdayIndex(of date: ServiceDate) -> Int {
        RepresentativeDays.weekdayIndex(ofDay: KyivTime.daysFromCivil(year: date.year, month: date.month, day: date.day))
    }
}
