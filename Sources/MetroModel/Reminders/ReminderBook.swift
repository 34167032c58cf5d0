/// The rider's reminders, ordered by time of day (their numbers in `remind list` are positions here).
public struct ReminderBook: Sendable, Equatable, Codable {
    /// More reminders than this are refused (a day has only so many rides).
    public static let maximumCount = 20
    /// A reminder found due later than this after its instant (the device was off, the clock jumped forward)
    /// is not buzzed: "time to go" ten minutes late is worse than none. It is logged as missed.
    public static let graceSeconds: Int64 = 600

    public private(set) var reminders: [Reminder]

    public init(_ reminders: [Reminder] = []) {
        self.reminders = reminders.sorted(by: ReminderBook.order)
    }

    private static func order(_ a: Reminder, _ b: Reminder) -> Bool {
        (a.hour, a.minute, a.createdUnixSeconds) < (b.hour, b.minute, b.createdUnixSeconds)
    }

    /// Adds a reminder; returns its number.
    public mutating func add(_ reminder: Reminder) throws(ReminderError) -> Int {
        if let same = reminders.firstIndex(where: {
            $0.hour == reminder.hour && $0.minute == reminder.minute && $0.days == reminder.days && $0.route == reminder.route
        }) { throw .duplicate(same + 1) }
        guard reminders.count < ReminderBook.maximumCount else { throw .tooMany }
        reminders.append(reminder)
        reminders.sort(by: ReminderBook.order)
        return reminders.firstIndex(of: reminder)! + 1
    }

    /// Removes reminder `number` (1-based) and returns it.
    public mutating func remove(number: Int) throws(ReminderError) -> Reminder {
        guard (1...max(reminders.count, 1)).contains(number), number <= reminders.count else {
            throw .noSuchReminder(number, count: reminders.count)
        }
        return reminders.remove(at: number - 1)
    }

    /// The earliest next occurrence over every reminder (Unix seconds): the one wall-clock alarm to arm. Nil when
    /// there is none, so nothing wakes the device between reminders or when there are no reminders.
    public func nextFire(wallNow: Int64) -> Int64? {
        reminders.compactMap { ReminderSchedule.next(of: $0, wallNow: wallNow)?.unixSeconds }.min()
    }

    /// What became of one reminder at a wake-up.
    public enum Outcome: Sendable, Equatable {
        /// Its occurrence is due: buzz and choose the route.
        case due(Reminder, atUnixSeconds: Int64)
        /// Its occurrence passed more than `graceSeconds` ago (the device was off, the clock stepped forward).
        case missed(Reminder, atUnixSeconds: Int64)
    }

    /// The reminders whose occurrence came at or before `wallNow` and after their last firing, each marked fired
    /// (so it never fires twice, even when the clock is stepped back).
    public mutating func takeDue(wallNow: Int64) -> [Outcome] {
        var outcomes: [Outcome] = []
        for index in reminders.indices {
            let reminder = reminders[index]
            // A long sleep needs no more than the last week looked at: only the latest occurrence matters.
            var base = max(reminder.lastFiredUnixSeconds ?? reminder.createdUnixSeconds, reminder.createdUnixSeconds)
            base = max(base, wallNow - 8 * 86_400)
            var latest: Int64?
            while let next = ReminderSchedule.next(hour: reminder.hour, minute: reminder.minute, days: reminder.days,
                                                   after: base), next.unixSeconds <= wallNow
            {
                latest = next.unixSeconds
                base = next.unixSeconds
            }
            guard let at = latest else { continue }
            reminders[index].lastFiredUnixSeconds = at
            outcomes.append(wallNow - at <= ReminderBook.graceSeconds
                ? .due(reminders[index], atUnixSeconds: at) : .missed(reminders[index], atUnixSeconds: at))
        }
        return outcomes
    }
}
