import MetroModel

/// ISO 8601 times as the command line reads and writes them, always reasoning in Kyiv time.
public enum TimeText {
    /// `2026-08-17T22:20:00+03:00`: Kyiv local time with its numeric offset, whole seconds.
    public static func iso(unixSeconds: Int64) -> String { KyivTime.civil(unixSeconds: unixSeconds).description }

    /// `22:20:00` on the Kyiv clock.
    public static func clock(unixSeconds: Int64) -> String {
        let civil = KyivTime.civil(unixSeconds: unixSeconds)
        return "\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))"
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// Parses `--at`: `YYYY-MM-DDTHH:MM[:SS[.fraction]]` (a space may replace `T`) with an optional `Z` or
    /// `±HH[:MM]` offset; without an offset the time is Kyiv local. `HH:MM[:SS]` alone means that time today in
    /// Kyiv (`todayFrom` is now). Fractions of a second are dropped. Returns Unix seconds.
    public static func parse(_ text: String, todayFrom nowUnixSeconds: Int64) throws(CLIError) -> Int64 {
        func bad(_ why: String) -> CLIError {
            .usage("cannot read time '\(text)': \(why) (expected e.g. 2026-08-17T22:20:00, 2026-08-17T22:20:00+03:00 or 22:20)")
        }
        var rest = Substring(text.trimmingCharacters())
        var year: Int, month: Int, day: Int
        if rest.count >= 10, rest[rest.index(rest.startIndex, offsetBy: 4)] == "-" {
            guard let y = Int(rest.prefix(4)), rest.dropFirst(4).first == "-",
                let m = Int(rest.dropFirst(5).prefix(2)), rest.dropFirst(7).first == "-",
                let d = Int(rest.dropFirst(8).prefix(2))
            else { throw bad("the date must be YYYY-MM-DD") }
            (year, month, day) = (y, m, d)
            rest = rest.dropFirst(10)
            guard let separator = rest.first, separator == "T" || separator == "t" || separator == " " else {
                throw bad("a time of day must follow the date after 'T'")
            }
            rest = rest.dropFirst()
        } else {
            let today = KyivTime.civil(unixSeconds: nowUnixSeconds)
            (year, month, day) = (today.year, today.month, today.day)
        }
        // The model counts nanoseconds in an Int64, which reaches only 1678…2262; the timetable means nothing that far.
        guard years.contains(year) else { throw bad("year \(year) is outside \(years.lowerBound)…\(years.upperBound)") }
        guard (1...12).contains(month) else { throw bad("month \(month) does not exist") }
        guard (1...daysIn(year: year, month: month)).contains(day) else { throw bad("day \(day) does not exist") }

        func number(_ digits: Int) -> Int? {
            let part = rest.prefix(digits)
            guard part.count == digits, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
                let value = Int(part) else { return nil }
            rest = rest.dropFirst(digits)
            return value
        }
        guard let hour = number(2), rest.first == ":" else { throw bad("the time of day must be HH:MM[:SS]") }
        rest = rest.dropFirst()
        guard let minute = number(2) else { throw bad("the minutes must be two digits") }
        var second = 0
        if rest.first == ":" {
            rest = rest.dropFirst()
            guard let s = number(2) else { throw bad("the seconds must be two digits") }
            second = s
            if rest.first == "." || rest.first == "," {
                rest = rest.dropFirst()
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty else { throw bad("a fraction of a second needs digits") }
                rest = rest.dropFirst(digits.count)
            }
        }
        guard hour < 24, minute < 60, second < 60 else { throw bad("\(hour):\(minute):\(second) is not a time of day") }

        if rest.isEmpty {
            return KyivTime.unixSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        }
        var offset = 0
        if rest == "Z" || rest == "z" {
            offset = 0
        } else if let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            guard let oh = number(2) else { throw bad("the offset must be ±HH:MM") }
            var om = 0
            if rest.first == ":" { rest = rest.dropFirst() }
            if !rest.isEmpty {
                guard let m = number(2), rest.isEmpty else { throw bad("the offset must be ±HH:MM") }
                om = m
            }
            guard oh <= 14, om < 60 else { throw bad("offset out of range") }
            offset = (sign == "-" ? -1 : 1) * (oh * 3600 + om * 60)
        } else {
            throw bad("unexpected '\(rest)' after the time")
        }
        let days = KyivTime.daysFromCivil(year: year, month: month, day: day)
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
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

extension String {
    /// Without leading and trailing spaces.
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
