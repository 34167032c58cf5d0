/// The kinds of day a feed's timetable is summarised by. Most metros run one timetable Monday to Friday and
/// others on Saturdays and on Sundays (and holidays), so the three are kept apart; a network that runs the same
/// on both weekend days simply has the same figures twice.
public enum FeedDayType: String, Sendable, Hashable, CaseIterable, Codable {
    case weekday
    case saturday
    case sunday

    /// The day type of a weekday numbered as `ServiceCalendar` numbers them: 0 Monday … 6 Sunday.
    public init(weekdayIndex: Int) {
        switch weekdayIndex {
        case 5: self = .saturday
        case 6: self = .sunday
        default: self = .weekday
        }
    }
}
