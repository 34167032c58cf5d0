/// A schedule reminder: at `hour:minute` Kyiv wall time on `days`, the motor plays "time to go" and the route
/// `from → to` is chosen, so one press on the platform starts the ride.
public struct Reminder: Sendable, Hashable, Codable {
    public var hour: Int
    public var minute: Int
    public var days: ReminderDays
    public var route: RouteChoice
    /// When it was added (Unix seconds): an occurrence at or before it never fires.
    public var createdUnixSeconds: Int64
    /// The last occurrence that fired (Unix seconds), so a clock stepped back never fires it twice.
    public var lastFiredUnixSeconds: Int64?

    public init(hour: Int, minute: Int, days: ReminderDays, route: RouteChoice, createdUnixSeconds: Int64,
                lastFiredUnixSeconds: Int64? = nil)
    {
        self.hour = hour
        self.minute = minute
        self.days = days
        self.route = route
        self.createdUnixSeconds = createdUnixSeconds
        self.lastFiredUnixSeconds = lastFiredUnixSeconds
    }

    /// `07:40`.
    public var timeText: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(hour)):\(two(minute))"
    }

    /// Parses `HH:MM` (00:00 … 23:59), or explains what was wrong.
    public static func parseTime(_ text: String) throws(ReminderError) -> (hour: Int, minute: Int) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
            let h = PlainNumber.whole(parts[0]), let m = PlainNumber.whole(parts[1])
        else { throw .badTime(text) }
        guard (0...23).contains(h), (0...59).contains(m) else { throw .timeOutOfRange(text) }
        return (h, m)
    }
}

/// Why a reminder request cannot be served.
public enum ReminderError: Error, Equatable, Sendable {
    case badTime(String)
    case timeOutOfRange(String)
    case badDays(String)
    /// `remind remove N` with no reminder N.
    case noSuchReminder(Int, count: Int)
    /// More than `ReminderBook.maximumCount` reminders.
    case tooMany
    /// The same time, days and route already exist.
    case duplicate(Int)

    public func message(_ language: Language) -> String {
        switch self {
        case .badTime(let t):
            return Phrase(uk: "час має бути ГГ:ХХ (наприклад, 07:40), а не '\(t)'",
                          en: "the time must be HH:MM (for example 07:40), not '\(t)'")(language)
        case .timeOutOfRange(let t):
            return Phrase(uk: "такого часу не буває: '\(t)' (години 00–23, хвилини 00–59)",
                          en: "no clock shows '\(t)' (hours 00–23, minutes 00–59)")(language)
        case .badDays(let t):
            return Phrase(uk: "дні мають бути як mon-fri, sat,sun, пн-пт або daily, а не '\(t)'",
                          en: "days must look like mon-fri, sat,sun, mon,wed,fri or daily, not '\(t)'")(language)
        case .noSuchReminder(let n, let count):
            return count == 0
                ? Phrase(uk: "нагадування \(n) немає: нагадувань немає взагалі",
                         en: "there is no reminder \(n): there are no reminders")(language)
                : Phrase(uk: "нагадування \(n) немає (є 1–\(count); дивіться metrotimer remind list)",
                         en: "there is no reminder \(n) (there are 1–\(count); see metrotimer remind list)")(language)
        case .tooMany:
            return Phrase(uk: "не більше \(ReminderBook.maximumCount) нагадувань; спершу видаліть якесь",
                          en: "at most \(ReminderBook.maximumCount) reminders; remove one first")(language)
        case .duplicate(let n):
            return Phrase(uk: "таке нагадування вже є: номер \(n)",
                          en: "this reminder exists already: number \(n)")(language)
        }
    }
}
