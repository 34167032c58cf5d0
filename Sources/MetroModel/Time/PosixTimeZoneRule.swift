/// A zone's rule for every instant after the last transition a TZif file lists: its footer, a POSIX TZ string
/// such as `EET-2EEST,M3.5.0/3,M10.5.0/4` (RFC 8536 §3.3, with version 3's hours beyond 24 and negative).
///
/// A pure function of the instant. The rule repeats every 400 Gregorian years (146 097 days, a whole number of
/// weeks), so an instant is first brought into one such cycle: any Int64 instant, however far, is answered with
/// small numbers and no arithmetic can trap.
public struct PosixTimeZoneRule: Hashable, Sendable {
    /// The time kept when daylight saving time is not in force (all year when `daylightSaving` is nil).
    public let standard: LocalTimeType
    /// The daylight-saving time and when it starts and ends, if the zone keeps one.
    public let daylightSaving: DaylightSaving?

    /// Daylight-saving time and the two yearly moments that bound it.
    public struct DaylightSaving: Hashable, Sendable {
        public let time: LocalTimeType
        /// When it starts, read on the standard-time clock.
        public let start: RuleMoment
        /// When it ends, read on the daylight-saving clock.
        public let end: RuleMoment
        public init(time: LocalTimeType, start: RuleMoment, end: RuleMoment) {
            self.time = time
            self.start = start
            self.end = end
        }
    }

    /// A yearly moment: a day of the year and a time of that day, which may run past 24 h or be negative.
    public struct RuleMoment: Hashable, Sendable {
        public let day: RuleDay
        /// Seconds after local midnight of `day`: −167 h … +167 h (default 02:00).
        public let secondsAfterMidnight: Int
        public init(day: RuleDay, secondsAfterMidnight: Int) {
            self.day = day
            self.secondsAfterMidnight = secondsAfterMidnight
        }
    }

    /// The three ways a POSIX TZ string names a day of the year.
    public enum RuleDay: Hashable, Sendable {
        /// `Jn`, 1–365: February 29 is never counted, so J60 is always March 1.
        case julianSkippingLeapDay(Int)
        /// `n`, 0–365: February 29 is counted in leap years.
        case zeroBasedDay(Int)
        /// `Mm.w.d`: weekday `weekday` (0 = Sunday) of week `week` (1–4, or 5 = the last) of month `month`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    public init(standard: LocalTimeType, daylightSaving: DaylightSaving?) {
        self.standard = standard
        self.daylightSaving = daylightSaving
    }

    /// The local time type in force at a Unix time.
    public func localTimeType(atUnixSeconds unix: Int64) -> LocalTimeType {
        guard let dst = daylightSaving else { return standard }
        return isDaylightSaving(atCycleSeconds: Self.cycleSeconds(unix)) ? dst.time : standard
    }

    /// The moments in `after < t ≤ through` at which the type changes, with the type from then on, earliest
    /// first. Meant for short spans (a few days): the span is brought into one 400-year cycle as a whole.
    public func changes(after start: Int64, through end: Int64) -> [(at: Int64, type: LocalTimeType)] {
        guard let dst = daylightSaving, start < end else { return [] }
        let (span, spanOverflow) = end.subtractingReportingOverflow(start)
        guard !spanOverflow, span <= Self.maximumChangeSpan else { return [] }
        let cycleStart = Self.cycleSeconds(start)
        let cycleEnd = cycleStart + span
        let events = Self.sortedEvents(of: dst, standard: standard,
                                       years: Self.year(of: cycleStart) - 2...Self.year(of: cycleEnd) + 1)
        var inDST = Self.state(before: cycleStart + 1, events: events)  // in force at `start` itself
        var result: [(at: Int64, type: LocalTimeType)] = []
        for event in events where event.at > cycleStart && event.at <= cycleEnd && event.startsDST != inDST {
            inDST = event.startsDST
            // Back from the cycle to the caller's span: the offset into the span is small and lands inside it.
            result.append((at: start + (event.at - cycleStart), type: inDST ? dst.time : standard))
        }
        return result
    }

    /// The longest span `changes(after:through:)` answers: more than any two offsets can differ.
    static let maximumChangeSpan: Int64 = 8 * 86_400

    /// Seconds in 400 Gregorian years.
    static let cycleLength: Int64 = 146_097 * 86_400

    /// An instant brought into [0, 400 years): the same position in the 400-year cycle as `unix`.
    static func cycleSeconds(_ unix: Int64) -> Int64 {
        let remainder = unix % cycleLength  // truncating: never traps, lies in (−cycle, cycle)
        return remainder < 0 ? remainder + cycleLength : remainder
    }

    /// The UTC calendar year of a Unix time within a few cycles of 1970.
    static func year(of unix: Int64) -> Int { KyivTime.civilFromDays(floorDivide(unix, by: 86_400)).year }

    /// A start or end of daylight saving time, as a Unix time.
    struct Event {
        let at: Int64
        let startsDST: Bool
    }

    /// Whether DST is in force at an instant within the cycle: the kind of the last event at or before it.
    func isDaylightSaving(atCycleSeconds t: Int64) -> Bool {
        guard let dst = daylightSaving else { return false }
        let year = Self.year(of: t)
        return Self.state(before: t + 1, events: Self.sortedEvents(of: dst, standard: standard, years: year - 2...year + 1))
    }

    /// Whether DST is in force just before `t`: the kind of the last event earlier than `t`.
    static func state(before t: Int64, events: [Event]) -> Bool {
        events.last(where: { $0.at < t })?.startsDST ?? false
    }

    /// The events of some years, earliest first. A year whose start and end coincide keeps standard time; a year
    /// whose daylight saving lasts a whole year or more (`J1/0,J365/25`, RFC 8536's "all year") has no end. At
    /// equal instants an end sorts before a start, so the next year's start wins over this year's end.
    static func sortedEvents(of dst: DaylightSaving, standard: LocalTimeType, years: ClosedRange<Int>) -> [Event] {
        var events: [Event] = []
        for year in years {
            let start = unixSeconds(of: dst.start, year: year, offset: standard.utcOffsetSeconds)
            let end = unixSeconds(of: dst.end, year: year, offset: dst.time.utcOffsetSeconds)
            if start == end { continue }
            events.append(Event(at: start, startsDST: true))
            let yearLength = (KyivTime.daysFromCivil(year: year + 1, month: 1, day: 1)
                - KyivTime.daysFromCivil(year: year, month: 1, day: 1)) * 86_400
            if !(start < end && end - start >= yearLength) { events.append(Event(at: end, startsDST: false)) }
        }
        return events.sorted { ($0.at, $0.startsDST ? 1 : 0) < ($1.at, $1.startsDST ? 1 : 0) }
    }

    /// The Unix time of a rule moment in a year, read on a clock `offset` seconds east of UTC.
    static func unixSeconds(of moment: RuleMoment, year: Int, offset: Int) -> Int64 {
        let day = dayNumber(of: moment.day, year: year)
        return day * 86_400 + Int64(moment.secondsAfterMidnight) - Int64(offset)
    }

    /// Days since 1970-01-01 of a rule day in a year.
    static func dayNumber(of ruleDay: RuleDay, year: Int) -> Int64 {
        let january1 = KyivTime.daysFromCivil(year: year, month: 1, day: 1)
        switch ruleDay {
        case .julianSkippingLeapDay(let n):
            let isLeap = KyivTime.daysFromCivil(year: year, month: 3, day: 1)
                - KyivTime.daysFromCivil(year: year, month: 2, day: 28) == 2
            return january1 + Int64(n - 1) + (isLeap && n >= 60 ? 1 : 0)
        case .zeroBasedDay(let n):
            return january1 + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = KyivTime.daysFromCivil(year: year, month: month, day: 1)
            let nextMonthFirst = month == 12 ? KyivTime.daysFromCivil(year: year + 1, month: 1, day: 1)
                : KyivTime.daysFromCivil(year: year, month: month + 1, day: 1)
            let firstWeekday = Int64(KyivTime.weekday(days: first) % 7)  // ISO 7 (Sunday) → 0, as POSIX counts
            var day = first + (Int64(weekday) - firstWeekday + 7) % 7 + Int64(week - 1) * 7
            while day >= nextMonthFirst { day -= 7 }  // week 5 is "the last", which may be the fourth
            return day
        }
    }
}
