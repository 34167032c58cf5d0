import MetroControl
import MetroModel

/// ISO 8601 times as the command line reads and writes them, always reasoning in Kyiv time.
public enum TimeText {
    /// `2026-08-17T22:20:00+03:00`: Kyiv local time with its numeric offset, whole seconds, as every JSON contract
    /// writes it (`KyivTimestamp`).
    public static func iso(unixSeconds: Int64) -> String { KyivTimestamp.seconds(unixSeconds: unixSeconds) }

    /// `22:20:00` on the Kyiv clock.
    public static func clock(unixSeconds: Int64) -> String {
        let civil = KyivTime.civil(unixSeconds: unixSeconds)
        return "\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))"
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// `EEST` (summer, +03:00) or `EET` (winter, +02:00): the zone in force in Kyiv at a Unix time.
    public static func zone(unixSeconds: Int64) -> String {
        KyivTime.utcOffset(atUnixSeconds: unixSeconds) == 3 * 3600 ? "EEST" : "EET"
    }

    /// Whether the Kyiv clock shows this instant's reading twice (the October hour after the clocks go back).
    public static func isRepeated(unixSeconds: Int64) -> Bool {
        if KyivTime.utcOffset(atUnixSeconds: unixSeconds) == 3 * 3600 {
            return KyivTime.utcOffset(atUnixSeconds: unixSeconds + 3600) == 2 * 3600
        }
        return KyivTime.utcOffset(atUnixSeconds: unixSeconds - 3600) == 3 * 3600
    }

    /// Parses `--at`: `YYYY-MM-DDTHH:MM[:SS[.fraction]]` (a space may replace `T`) with an optional `Z` or
    /// `±HH[:MM]` offset; without an offset the time is Kyiv local. `HH:MM[:SS]` alone means that time today in
    /// Kyiv (`todayFrom` is now). Fractions of a second are dropped. Returns Unix seconds.
    public static func parse(_ text: String, todayFrom nowUnixSeconds: Int64) throws(CLIError) -> Int64 {
        try parseNoting(text, todayFrom: nowUnixSeconds, language: .en).unixSeconds
    }

    /// A parsed `--at` and, for a Kyiv wall time that happens twice (the October hour), a note saying which of
    /// the two is meant.
    public struct ParsedTime: Sendable {
        public var unixSeconds: Int64
        public var note: Phrase?
    }

    /// `parse`, with errors in `language`, and refusing a Kyiv wall time that does not exist (the March hour the
    /// clocks skip) instead of moving it; a repeated one takes the first (summer-time) instant and says so.
    public static func parseNoting(_ text: String, todayFrom nowUnixSeconds: Int64, language L: Language)
        throws(CLIError) -> ParsedTime
    {
        var reader = TimeReader(text: text, language: L)
        let date = try reader.date(todayFrom: nowUnixSeconds)
        let time = try reader.timeOfDay()
        if reader.rest.isEmpty { return try reader.kyivWallTime(date, time) }
        let offset = try reader.offsetSeconds()
        let days = KyivTime.daysFromCivil(year: date.year, month: date.month, day: date.day)
        return ParsedTime(unixSeconds: days * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second - offset), note: nil)
    }

    /// `parseNoting` for a network in another time zone: a time without an offset, and "today", are read on that
    /// zone's clock (`zoneName` for the messages). A wall time the zone's clock skips is refused; one it shows twice
    /// takes the first instant and says so, as for Kyiv.
    public static func parseNoting(_ text: String, todayFrom nowUnixSeconds: Int64, language L: Language,
                                   zone: TimeZoneRules, zoneName: String) throws(CLIError) -> ParsedTime
    {
        var reader = TimeReader(text: text, language: L)
        let date = try reader.date(todayFrom: nowUnixSeconds, zone: zone)
        let time = try reader.timeOfDay()
        let days = KyivTime.daysFromCivil(year: date.year, month: date.month, day: date.day)
        let seconds = Int64(time.hour * 3600 + time.minute * 60 + time.second)
        if !reader.rest.isEmpty {
            let offset = try reader.offsetSeconds()
            return ParsedTime(unixSeconds: days * 86_400 + seconds - Int64(offset), note: nil)
        }
        let shown = "\(two(time.hour)):\(two(time.minute))"
        let day = "\(date.year)-\(two(date.month))-\(two(date.day))"
        switch zone.instants(ofLocalSeconds: days * 86_400 + seconds) {
        case .once(let unix):
            return ParsedTime(unixSeconds: unix, note: nil)
        case .repeated(let instants):
            return ParsedTime(unixSeconds: instants[0], note: Phrase(
                uk: "\(shown) \(day) за годинником \(zoneName) буває двічі (переведення годинника): взято перше; "
                    + "для другого вкажіть зсув",
                en: "\(shown) on \(day) happens twice on the \(zoneName) clock (the clocks go back): taking the first; "
                    + "for the second give an offset"))
        case .skipped, .unrepresentable:
            throw reader.bad(Phrase(uk: "\(shown) \(day) за годинником \(zoneName) не існує (переведення годинника); вкажіть зсув",
                                    en: "\(shown) on \(day) does not exist on the \(zoneName) clock (the clocks jump); give an offset"))
        }
    }

    /// The years `--at` accepts.
    static let years = 1900...2200

    static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// `TimeText.parseNoting` reading its text from the front, one part at a time, with `rest` what is still to read.
private struct TimeReader {
    typealias CivilDate = (year: Int, month: Int, day: Int)
    typealias TimeOfDay = (hour: Int, minute: Int, second: Int)

    let text: String
    let language: Language
    var rest: Substring

    init(text: String, language: Language) {
        self.text = text
        self.language = language
        rest = Substring(text.trimmingCharacters())
    }

    /// Every refusal names the whole text and shows the forms that are read.
    func bad(_ why: Phrase) -> CLIError {
        .usage(Phrase(uk: "не вдається прочитати час '\(text)': \(why.uk) (очікується напр. 2026-08-17T22:20:00, "
                          + "2026-08-17T22:20:00+03:00 або 22:20)",
                      en: "cannot read time '\(text)': \(why.en) (expected e.g. 2026-08-17T22:20:00, "
                          + "2026-08-17T22:20:00+03:00 or 22:20)")(language))
    }

    /// Exactly `digits` ASCII digits, consumed; nil (and nothing consumed) otherwise.
    mutating func number(_ digits: Int) -> Int? {
        let part = rest.prefix(digits)
        guard part.count == digits, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
            let value = Int(part) else { return nil }
        rest = rest.dropFirst(digits)
        return value
    }

    /// The written `YYYY-MM-DD` and its `T`, or today in Kyiv (or in `zone`) when the text starts with the time of day.
    mutating func date(todayFrom nowUnixSeconds: Int64, zone: TimeZoneRules? = nil) throws(CLIError) -> CivilDate {
        let date: CivilDate
        if rest.count >= 10, rest[rest.index(rest.startIndex, offsetBy: 4)] == "-" {
            date = try writtenDate()
        } else {
            let today = zone?.civil(unixSeconds: nowUnixSeconds) ?? KyivTime.civil(unixSeconds: nowUnixSeconds)
            date = (today.year, today.month, today.day)
        }
        try validate(date: date)
        return date
    }

    private mutating func writtenDate() throws(CLIError) -> CivilDate {
        guard let y = PlainNumber.whole(rest.prefix(4)), rest.dropFirst(4).first == "-",
            let m = PlainNumber.whole(rest.dropFirst(5).prefix(2)), rest.dropFirst(7).first == "-",
            let d = PlainNumber.whole(rest.dropFirst(8).prefix(2))
        else { throw bad(Phrase(uk: "дата має бути РРРР-ММ-ДД", en: "the date must be YYYY-MM-DD")) }
        rest = rest.dropFirst(10)
        guard let separator = rest.first, separator == "T" || separator == "t" || separator == " " else {
            throw bad(Phrase(uk: "після дати через 'T' має йти час доби", en: "a time of day must follow the date after 'T'"))
        }
        rest = rest.dropFirst()
        return (y, m, d)
    }

    private func validate(date: CivilDate) throws(CLIError) {
        let (year, month, day) = date
        let years = TimeText.years
        // The model counts nanoseconds in an Int64, which reaches only 1678…2262; the timetable means nothing that far.
        guard years.contains(year) else {
            throw bad(Phrase(uk: "рік \(year) поза межами \(years.lowerBound)…\(years.upperBound)",
                             en: "year \(year) is outside \(years.lowerBound)…\(years.upperBound)"))
        }
        guard (1...12).contains(month) else { throw bad(Phrase(uk: "місяця \(month) не існує", en: "month \(month) does not exist")) }
        guard (1...TimeText.daysIn(year: year, month: month)).contains(day) else {
            throw bad(Phrase(uk: "дня \(day) у місяці \(month) не існує", en: "day \(day) does not exist in month \(month)"))
        }
    }

    /// `HH:MM[:SS[.fraction]]`; the fraction is read only to be dropped.
    mutating func timeOfDay() throws(CLIError) -> TimeOfDay {
        guard let hour = number(2), rest.first == ":" else { throw bad(Phrase(uk: "час доби має бути ГГ:ХХ[:СС]", en: "the time of day must be HH:MM[:SS]")) }
        rest = rest.dropFirst()
        guard let minute = number(2) else { throw bad(Phrase(uk: "хвилини — дві цифри", en: "the minutes must be two digits")) }
        var second = 0
        if rest.first == ":" {
            rest = rest.dropFirst()
            guard let s = number(2) else { throw bad(Phrase(uk: "секунди — дві цифри", en: "the seconds must be two digits")) }
            second = s
            if rest.first == "." || rest.first == "," {
                rest = rest.dropFirst()
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty else { throw bad(Phrase(uk: "частка секунди потребує цифр", en: "a fraction of a second needs digits")) }
                rest = rest.dropFirst(digits.count)
            }
        }
        try validate(time: (hour, minute, second))
        return (hour, minute, second)
    }

    private func validate(time: TimeOfDay) throws(CLIError) {
        let (hour, minute, second) = time
        guard hour < 24 else {
            throw bad(Phrase(uk: "години \(hour) не буває: година доби — від 00 до 23 (після опівночі вкажіть дату наступного дня, "
                                 + "напр. 2026-08-18T01:00)",
                             en: "there is no hour \(hour): hours of the day run from 00 to 23 (after midnight give the next "
                                 + "day's date, e.g. 2026-08-18T01:00)"))
        }
        guard minute < 60 else { throw bad(Phrase(uk: "хвилин лише 00–59, не \(minute)", en: "minutes run 00–59, not \(minute)")) }
        guard second < 60 else { throw bad(Phrase(uk: "секунд лише 00–59, не \(second)", en: "seconds run 00–59, not \(second)")) }
    }

    /// A time without an offset is what the Kyiv clock shows: of its two possible readings (summer +03:00, winter
    /// +02:00) those hold whose offset is in force at that instant — both in the October hour the clocks repeat,
    /// neither in the March hour they skip.
    func kyivWallTime(_ date: CivilDate, _ time: TimeOfDay) throws(CLIError) -> TimeText.ParsedTime {
        let two = TimeText.two
        let localAsUTC = KyivTime.daysFromCivil(year: date.year, month: date.month, day: date.day) * 86_400
            + Int64(time.hour * 3600 + time.minute * 60 + time.second)
        let summer = localAsUTC - 3 * 3600, winter = localAsUTC - 2 * 3600
        let summerHolds = KyivTime.utcOffset(atUnixSeconds: summer) == 3 * 3600
        let winterHolds = KyivTime.utcOffset(atUnixSeconds: winter) == 2 * 3600
        let shown = "\(two(time.hour)):\(two(time.minute))"
        let day = "\(date.year)-\(two(date.month))-\(two(date.day))"
        switch (summerHolds, winterHolds) {
        case (true, true):
            return TimeText.ParsedTime(unixSeconds: summer, note: Phrase(
                uk: "\(shown) \(day) буває двічі (годинник переводять з 04:00 літнього часу на 03:00 зимового): взято перше, "
                    + "EEST (+03:00); друге — \(day)T\(shown)+02:00",
                en: "\(shown) on \(day) happens twice (the clocks go back from 04:00 summer time to 03:00 winter time): "
                    + "taking the first, EEST (+03:00); for the second write \(day)T\(shown)+02:00"))
        case (false, false):
            throw bad(Phrase(
                uk: "\(shown) \(day) у Києві не існує: о 03:00 годинник переводять одразу на 04:00 (EET → EEST); "
                    + "візьміть 04:\(two(time.minute)) або вкажіть зсув",
                en: "\(shown) on \(day) does not exist in Kyiv: at 03:00 the clocks jump to 04:00 (EET → EEST); "
                    + "use 04:\(two(time.minute)) or give an offset"))
        case (true, false):
            return TimeText.ParsedTime(unixSeconds: summer, note: nil)
        case (false, true):
            return TimeText.ParsedTime(unixSeconds: winter, note: nil)
        }
    }

    /// What follows the time: `Z`, or `±HH[:MM]`, as seconds east of UTC.
    mutating func offsetSeconds() throws(CLIError) -> Int {
        if rest == "Z" || rest == "z" { return 0 }
        guard let sign = rest.first, sign == "+" || sign == "-" else {
            throw bad(Phrase(uk: "зайве '\(rest)' після часу", en: "unexpected '\(rest)' after the time"))
        }
        rest = rest.dropFirst()
        let malformed = Phrase(uk: "зсув має бути ±ГГ:ХХ", en: "the offset must be ±HH:MM")
        guard let oh = number(2) else { throw bad(malformed) }
        var om = 0
        if rest.first == ":" { rest = rest.dropFirst() }
        if !rest.isEmpty {
            guard let m = number(2), rest.isEmpty else { throw bad(malformed) }
            om = m
        }
        guard oh <= 14, om < 60 else { throw bad(Phrase(uk: "зсув поза межами", en: "offset out of range")) }
        return (sign == "-" ? -1 : 1) * (oh * 3600 + om * 60)
    }
}

extension String {
    /// Without leading and trailing spaces.
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
