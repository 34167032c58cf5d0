/// The accuracy of real rides, from the journal (`metrotimer stats`): how often "yours is next" came after the
/// rider was already off, and how far the arrival planned at the start was from the rider's "I'm off", overall and
/// per route direction and time of day.
///
/// Only `arrived` trips with a confirmation measure anything. An "I'm off" far outside any plausible arrival — less
/// than half the computed ride, or more than twice it plus ten minutes — is a press by mistake (on the platform
/// before boarding, or long after leaving): it is set aside, counted with its reason, and measures nothing.
public struct RideAccuracy: Sendable, Equatable {
    /// Figures over one group of measured rides.
    public struct Figures: Sendable, Equatable {
        public var rides = 0
        /// Rides whose "I'm off" came before "yours is next" had sounded (or it never did).
        public var late = 0
        /// Rides that recorded when "yours is next" sounded (journaled since that was kept); the late rate is over these.
        public var warned = 0
        /// Sorted confirmed − planned arrival, seconds (positive: the ride took longer than planned).
        public private(set) var errors: [Int] = []
        /// The errors' sizes, sorted: kept beside them so no figure sorts anything when it is read.
        public private(set) var absoluteErrors: [Int] = []

        public var lateShare: Double? { warned > 0 ? Double(late) / Double(warned) : nil }
        /// Median of the error, nearest rank.
        public var medianErrorSeconds: Int? { quantile(0.5) }
        /// 95th percentile of the error's size, nearest rank.
        public var p95AbsoluteErrorSeconds: Int? {
            guard !absoluteErrors.isEmpty else { return nil }
            return absoluteErrors[max(Int((0.95 * Double(absoluteErrors.count)).rounded(.up)) - 1, 0)]
        }
        /// Share within ±30 s.
        public var withinThirtySecondsShare: Double? {
            errors.isEmpty ? nil : Double(absoluteErrors.upperBound(of: 30)) / Double(errors.count)
        }

        func quantile(_ q: Double) -> Int? {
            guard !errors.isEmpty else { return nil }
            return errors[max(Int((q * Double(errors.count)).rounded(.up)) - 1, 0)]
        }

        mutating func add(_ entry: JournalEntry, confirmed: Int) {
            rides += 1
            if let warning = entry.nextStopSeconds {
                warned += 1
                if confirmed < warning { late += 1 }
            }
            let error = confirmed - entry.plannedSeconds
            errors.insertSorted(error)
            absoluteErrors.insertSorted(abs(error))
        }
    }

    /// Why an "I'm off" was set aside.
    public enum SetAside: String, Sendable, CaseIterable {
        /// Less than half the computed ride after the start.
        case tooEarly = "too_early"
        /// More than twice the computed ride plus ten minutes after the start.
        case tooLate = "too_late"
    }

    /// The time of day a ride started, by the timetable's day and hours on the network's own clock.
    public enum TimeOfDay: String, Sendable, CaseIterable, Comparable {
        case peak, midday, evening, late, weekend

        /// The part of Kyiv's service day a Unix time falls in (see `init(civil:)`).
        public init(unixSeconds: Int64) { self.init(civil: KyivTime.civil(unixSeconds: unixSeconds)) }

        /// The part of the service day a wall-clock reading falls in, on whichever network's clock it was read:
        /// weekday 07–10 peak, 10–16 midday, 16–20 evening, otherwise late; any hour of a weekend service day is
        /// weekend. Before `ServiceDay.boundaryHour` the service day is the previous date's (model §7).
        public init(civil: CivilTime) {
            // ISO weekdays 1…7: the day before Monday (1) is Sunday (7).
            let serviceWeekday = civil.hour < ServiceDay.boundaryHour ? (civil.weekday + 5) % 7 + 1 : civil.weekday
            if serviceWeekday >= 6 { self = .weekend; return }
            switch civil.hour {
            case 7..<10: self = .peak
            case 10..<16: self = .midday
            case 16..<20: self = .evening
            default: self = .late
            }
        }

        public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A route direction (from → to) at a time of day.
    public struct Group: Hashable, Sendable, Comparable {
        public var from: StationID
        public var to: StationID
        public var timeOfDay: TimeOfDay?
        public init(from: StationID, to: StationID, timeOfDay: TimeOfDay?) {
            self.from = from
            self.to = to
            self.timeOfDay = timeOfDay
        }
        public static func < (a: Group, b: Group) -> Bool {
            (a.from.rawValue, a.to.rawValue, a.timeOfDay.map { TimeOfDay.allCases.firstIndex(of: $0)! } ?? -1)
                < (b.from.rawValue, b.to.rawValue, b.timeOfDay.map { TimeOfDay.allCases.firstIndex(of: $0)! } ?? -1)
        }
    }

    public var all = Figures()
    public var groups: [Group: Figures] = [:]
    public var setAside: [SetAside: Int] = [:]

    /// Whether an "I'm off" `confirmed` seconds after t0 is plausible for a ride computed to take `final` seconds.
    public static func setAsideReason(confirmed: Int, final: Int) -> SetAside? {
        if confirmed * 2 < final { return .tooEarly }
        if confirmed > 2 * final + 600 { return .tooLate }
        return nil
    }

    /// The figures over a journal kept on Kyiv's clock.
    public init(entries: [JournalEntry]) {
        for entry in entries { add(entry) }
    }

    /// The figures over a journal, its times of day read on `clock` (a network's: the civil time of a Unix second).
    public init(entries: [JournalEntry], clock: (Int64) -> CivilTime) {
        for entry in entries { add(entry, clock: clock) }
    }

    /// Counts one journaled trip on Kyiv's clock.
    public mutating func add(_ entry: JournalEntry) { add(entry, clock: KyivTime.civil(unixSeconds:)) }

    /// Counts one journaled trip (the figures are kept up to date as trips are journaled, see `JournalTally`), its
    /// time of day read on `clock`: an imported network's rides are grouped by the hours its riders live by.
    public mutating func add(_ entry: JournalEntry, clock: (Int64) -> CivilTime) {
        guard entry.outcome == .arrived, let confirmed = entry.confirmedSeconds else { return }
        if let reason = Self.setAsideReason(confirmed: confirmed, final: entry.finalSeconds) {
            setAside[reason, default: 0] += 1
            return
        }
        all.add(entry, confirmed: confirmed)
        let time = entry.t0UnixMilliseconds.map { TimeOfDay(civil: clock(floorDivide($0, by: 1000))) }
        groups[Group(from: entry.from, to: entry.to, timeOfDay: time), default: Figures()].add(entry, confirmed: confirmed)
    }

    /// Mistaken presses set aside, of any reason.
    public var setAsideCount: Int { setAside.values.reduce(0, +) }
}
