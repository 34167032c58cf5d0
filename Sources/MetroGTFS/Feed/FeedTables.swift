/// Every file of a feed but `stop_times.txt`, read and checked against each other: ids unique, references
/// resolved. Small beside the stop times, so held whole.
public struct FeedTables: Sendable {
    public var agencies: [FeedAgency]
    /// The feed's one time zone (every agency's).
    public var timeZone: String
    public var stops: [FeedStop]
    public var stopsByID: [String: FeedStop]
    public var routes: [FeedRoute]
    public var routesByID: [String: FeedRoute]
    public var trips: [String: FeedTrip]
    public var calendars: [FeedCalendar]
    public var calendarDates: [FeedCalendarDate]
    /// Frequencies per trip id.
    public var frequencies: [String: [FeedFrequency]]
    public var transfers: [FeedTransfer]
    public var info: FeedInfo?
}
