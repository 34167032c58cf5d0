extension PosixTimeZoneRule {
    /// Reads a POSIX TZ string as a TZif footer holds it: `std offset [dst [offset] ,start[/time],end[/time]]`.
    ///
    /// Accepts RFC 8536 version 3's extensions (rule hours −167 … 167), quoted names (`<+03>-3`) and the three
    /// day forms (`Jn`, `n`, `Mm.w.d`). A daylight-saving name with no rule is refused rather than given the
    /// US rules some C libraries assume: a footer always writes its rule out.
    public init(parsing text: some Collection<UInt8>) throws(PosixTimeZoneRuleError) {
        var reader = PosixTZStringReader(bytes: Array(text))
        let standardName = try reader.name()
        let standardOffset = try reader.utcOffset()
        let standard = LocalTimeType(utcOffsetSeconds: standardOffset, isDaylightSaving: false,
                                     abbreviation: standardName)
        if reader.atEnd {
            self.init(standard: standard, daylightSaving: nil)
            return
        }
        let dstName = try reader.name()
        var dstOffset = standardOffset + 3600  // POSIX: one hour ahead of standard time unless written
        if let next = reader.peek, next != UInt8(ascii: ",") { dstOffset = try reader.utcOffset() }
        guard reader.skip(UInt8(ascii: ",")) else { throw PosixTimeZoneRuleError(.missingRule, at: reader.position) }
        let start = try reader.moment()
        guard reader.skip(UInt8(ascii: ",")) else { throw PosixTimeZoneRuleError(.badDate, at: reader.position) }
        let end = try reader.moment()
        guard reader.atEnd else { throw PosixTimeZoneRuleError(.trailingCharacters, at: reader.position) }
        let time = LocalTimeType(utcOffsetSeconds: dstOffset, isDaylightSaving: true, abbreviation: dstName)
        self.init(standard: standard, daylightSaving: DaylightSaving(time: time, start: start, end: end))
    }
}

/// A cursor over a TZ string's bytes. Every number it reads is bounded by digit count before it is multiplied,
/// so no input can make it trap.
struct PosixTZStringReader {
    let bytes: [UInt8]
    private(set) var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// `EST` (3+ letters) or `<+0330>` (3+ letters, digits, '+', '-' between angle brackets).
    mutating func name() throws(PosixTimeZoneRuleError) -> String {
        let begin = position
        let quoted = skip(UInt8(ascii: "<"))
        let nameStart = position
        while let byte = peek, Self.isLetter(byte) || (quoted && (Self.isDigit(byte) || byte == 0x2B || byte == 0x2D)) {
            position += 1
        }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        guard position - nameStart >= 3 else { throw PosixTimeZoneRuleError(.badName, at: begin) }
        if quoted, !skip(UInt8(ascii: ">")) { throw PosixTimeZoneRuleError(.badName, at: position) }
        return name
    }

    /// A POSIX offset, west-positive as written (`5` is UTC−5), returned east-positive as TZif keeps it.
    mutating func utcOffset() throws(PosixTimeZoneRuleError) -> Int {
        let begin = position
        guard let seconds = signedDuration(maximumHours: 24) else { throw PosixTimeZoneRuleError(.badOffset, at: begin) }
        return -seconds
    }

    /// `date[/time]`, the time 02:00 when left out.
    mutating func moment() throws(PosixTimeZoneRuleError) -> PosixTimeZoneRule.RuleMoment {
        let day = try ruleDay()
        var seconds = 7200
        if skip(UInt8(ascii: "/")) {
            let begin = position
            guard let time = signedDuration(maximumHours: 167) else { throw PosixTimeZoneRuleError(.badTime, at: begin) }
            seconds = time
        }
        return PosixTimeZoneRule.RuleMoment(day: day, secondsAfterMidnight: seconds)
    }

    mutating func ruleDay() throws(PosixTimeZoneRuleError) -> PosixTimeZoneRule.RuleDay {
        let begin = position
        if skip(UInt8(ascii: "J")) {
            guard let n = number(maximumDigits: 3), (1...365).contains(n) else {
                throw PosixTimeZoneRuleError(.badDate, at: begin)
            }
            return .julianSkippingLeapDay(n)
        }
        if skip(UInt8(ascii: "M")) {
            guard let month = number(maximumDigits: 2), (1...12).contains(month), skip(UInt8(ascii: ".")),
                  let week = number(maximumDigits: 1), (1...5).contains(week), skip(UInt8(ascii: ".")),
                  let weekday = number(maximumDigits: 1), (0...6).contains(weekday)
            else { throw PosixTimeZoneRuleError(.badDate, at: begin) }
            return .monthWeekDay(month: month, week: week, weekday: weekday)
        }
        guard let n = number(maximumDigits: 3), (0...365).contains(n) else {
            throw PosixTimeZoneRuleError(.badDate, at: begin)
        }
        return .zeroBasedDay(n)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, or nil when malformed or out of range.
    mutating func signedDuration(maximumHours: Int) -> Int? {
        var sign = 1
        if skip(UInt8(ascii: "-")) { sign = -1 } else { _ = skip(UInt8(ascii: "+")) }
        guard let hours = number(maximumDigits: 3), hours <= maximumHours else { return nil }
        var seconds = hours * 3600
        if skip(UInt8(ascii: ":")) {
            guard let minutes = number(maximumDigits: 2), minutes < 60 else { return nil }
            seconds += minutes * 60
            if skip(UInt8(ascii: ":")) {
                guard let secs = number(maximumDigits: 2), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// A decimal number of 1 to `maximumDigits` digits; nil when there is no digit or too many.
    mutating func number(maximumDigits: Int) -> Int? {
        let begin = position
        var value = 0
        while let byte = peek, Self.isDigit(byte) {
            guard position - begin < maximumDigits else { return nil }
            value = value * 10 + Int(byte - 0x30)
            position += 1
        }
        return position > begin ? value : nil
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
