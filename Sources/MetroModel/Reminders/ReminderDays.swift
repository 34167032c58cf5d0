/// The days of the week a reminder fires on (ISO weekdays, 1 = Monday … 7 = Sunday).
///
/// Written as the rider types them: `daily`, `mon-fri`, `sat,sun`, `mon,wed-fri`, or in Ukrainian `пн-пт`,
/// `сб,нд`; ranges may wrap (`fri-mon`). The canonical text (`mon-fri`) is what lists show and the store keeps.
public struct ReminderDays: Sendable, Hashable, Codable {
    /// The ISO weekdays, each 1…7.
    public let weekdays: Set<Int>

    /// Every day.
    public static let daily = ReminderDays(unchecked: Set(1...7))

    private init(unchecked weekdays: Set<Int>) { self.weekdays = weekdays }

    /// Days from ISO weekdays; nil when empty or out of 1…7.
    public init?(weekdays: Set<Int>) {
        guard !weekdays.isEmpty, weekdays.allSatisfy({ (1...7).contains($0) }) else { return nil }
        self.weekdays = weekdays
    }

    static let english = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let ukrainian = ["пн", "вт", "ср", "чт", "пт", "сб", "нд"]

    /// Parses a day list, or explains in both languages what was wrong.
    public static func parse(_ text: String) throws(ReminderError) -> ReminderDays {
        let lowered = text.lowercased()
        if ["daily", "every", "щодня"].contains(lowered) { return .daily }
        func day(_ word: Substring) throws(ReminderError) -> Int {
            let w = String(word)
            if let i = english.firstIndex(of: w) ?? ukrainian.firstIndex(of: w) { return i + 1 }
            throw .badDays(text)
        }
        var days = Set<Int>()
        for part in lowered.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            switch ends.count {
            case 1: days.insert(try day(ends[0]))
            case 2:
                var d = try day(ends[0])
                let last = try day(ends[1])
                days.insert(d)
                while d != last { d = d % 7 + 1; days.insert(d) }
            default: throw .badDays(text)
            }
        }
        guard let parsed = ReminderDays(weekdays: days) else { throw .badDays(text) }
        return parsed
    }

    /// Whether the reminder fires on an ISO weekday.
    public func contains(_ weekday: Int) -> Bool { weekdays.contains(weekday) }

    /// The canonical text: `daily`, or runs of consecutive days (`mon-fri`, `sat,sun`, `mon,wed-fri`).
    public func text(_ language: Language = .en) -> String {
        if weekdays.count == 7 { return Phrase(uk: "щодня", en: "daily")(language) }
        let names = language == .uk ? ReminderDays.ukrainian : ReminderDays.english
        var parts: [String] = []
        var d = 1
        while d <= 7 {
            guard weekdays.contains(d) else { d += 1; continue }
            var end = d
            while end < 7 && weekdays.contains(end + 1) { end += 1 }
            parts.append(end - d >= 2 ? "\(names[d - 1])-\(names[end - 1])"
                : (d...end).map { names[$0 - 1] }.joined(separator: ","))
            d = end + 1
        }
        return parts.joined(separator: ",")
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try ReminderDays.parse(text) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad days '\(text)'"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text())
    }
}
