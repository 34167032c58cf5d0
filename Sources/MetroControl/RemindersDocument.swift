import MetroModel

/// `{"reminders": [...]}`: each reminder with its number, its next occurrence and the days on the way on which its
/// wall time does not exist (the clocks go forward over it).
public struct RemindersDocument: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var number: Int
        public var time: String
        /// Canonical days: `daily`, `mon-fri`, `sat,sun`, …
        public var days: String
        public var from: String
        public var to: String
        /// The next occurrence, Kyiv time with its offset (`2026-10-25T03:30:00+03:00`), or null.
        public var next: String?
        /// Dates before `next` on which the time does not exist, `2026-03-29`.
        public var skipped: [String]
        /// The last occurrence that fired, or null.
        public var last_fired: String?

        private enum CodingKeys: String, CodingKey { case number, time, days, from, to, next, skipped, last_fired }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(number, forKey: .number)
            try c.encode(time, forKey: .time)
            try c.encode(days, forKey: .days)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
            try c.encode(next, forKey: .next)
            try c.encode(skipped, forKey: .skipped)
            try c.encode(last_fired, forKey: .last_fired)
        }
    }
    public var reminders: [Entry]

    public init(_ book: ReminderBook, wallNowUnixSeconds: Int64) {
        reminders = book.reminders.enumerated().map { index, r in
            let next = ReminderSchedule.next(of: r, wallNow: wallNowUnixSeconds)
            return Entry(number: index + 1, time: r.timeText, days: r.days.text(), from: r.route.from.rawValue,
                         to: r.route.to.rawValue,
                         next: next.map { KyivTimestamp.seconds(unixNanoseconds: $0.unixSeconds * 1_000_000_000) },
                         skipped: next?.skipped.map(\.description) ?? [],
                         last_fired: r.lastFiredUnixSeconds.map { KyivTimestamp.seconds(unixNanoseconds: $0 * 1_000_000_000) })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(reminders)
    }

    public init(from decoder: any Decoder) throws {
        reminders = try decoder.singleValueContainer().decode([Entry].self)
    }
}
