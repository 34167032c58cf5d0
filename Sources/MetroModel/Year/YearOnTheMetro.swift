/// A rider's year on the metro, from the journal: the figures of `metrotimer stats --year`.
///
/// Which trips count (choices written in docs/decisions.md):
/// - a **ride** is a journaled trip whose start (t0, Kyiv time) falls in the year and that was not cancelled
///   (`arrived` or `expired`; a cancelled trip is counted apart, it may never have left the platform);
/// - **time underground** adds each ride's confirmed duration when the rider said "I'm off", else the model's
///   final arrival — the whole ride, surface stretches included; an "I'm off" pressed by mistake (set aside in
///   `stats`) counts as no confirmation;
/// - **stations** are every station the ride's route passed (as the network plans it today), **lines** theirs;
/// - **earliest / latest** compare the time of day on the service day, which runs past midnight (a ride at 00:20
///   is later than one at 23:50);
/// - **accuracy** is `JournalStatistics` over that year's entries.
public struct YearOnTheMetro: Sendable, Equatable {
    /// One ride's start, for the earliest and latest.
    public struct RideTime: Sendable, Equatable {
        /// Unix milliseconds of t0.
        public let unixMilliseconds: Int64
        public let route: RouteChoice
        /// Kyiv wall time of t0.
        public let civil: CivilTime
    }

    public let year: Int
    public let rides: Int
    public let cancelled: Int
    public let secondsUnderground: Int
    public let stations: Set<StationID>
    public let lines: [LineID]
    /// The most ridden route and its count (ties: the route ridden most recently).
    public let favourite: (route: RouteChoice, rides: Int)?
    public let earliest: RideTime?
    public let latest: RideTime?
    public let accuracy: JournalStatistics

    /// Hour at which the service day starts: rides before it belong to the evening before.
    static let serviceDayStartHour = 4

    /// The figures of `year` over a journal (any order). Entries without a wall time of their start are left out.
    public init(year: Int, entries: [JournalEntry], network: Network) {
        self.year = year
        let inYear = entries.filter { entry in
            guard let ms = entry.t0UnixMilliseconds, ms > 0 else { return false }
            return KyivTime.civil(unixSeconds: floorDivide(ms, by: 1000)).year == year
        }.sorted { ($0.t0UnixMilliseconds ?? 0, $0.id) < ($1.t0UnixMilliseconds ?? 0, $1.id) }
        let ridden = inYear.filter { $0.outcome != .stopped }
        rides = ridden.count
        cancelled = inYear.count - ridden.count
        secondsUnderground = ridden.reduce(0) { $0 + max(0, $1.measuredConfirmedSeconds ?? $1.finalSeconds) }
        var stations = Set<StationID>()
        var counts: [RouteChoice: (count: Int, last: Int)] = [:]
        for (index, entry) in ridden.enumerated() {
            let route = RouteChoice(from: entry.from, to: entry.to)
            counts[route] = ((counts[route]?.count ?? 0) + 1, index)
            // The stations ridden, whatever the rider has suspended since; a route the data file no longer plans
            // counts its two ends.
            if let events = try? network.withLocalSuspensions([]).route(from: entry.from, to: entry.to) {
                stations.formUnion(events.map(\.station))
            } else {
                stations.formUnion([entry.from, entry.to].filter { network.station($0) != nil })
            }
        }
        self.stations = stations
        lines = Set(stations.compactMap { network.station($0)?.line }).sorted()
        favourite = counts.max { ($0.value.count, $0.value.last) < ($1.value.count, $1.value.last) }
            .map { ($0.key, $0.value.count) }
        let times = ridden.map { entry in
            RideTime(unixMilliseconds: entry.t0UnixMilliseconds!, route: RouteChoice(from: entry.from, to: entry.to),
                     civil: KyivTime.civil(unixSeconds: floorDivide(entry.t0UnixMilliseconds!, by: 1000)))
        }
        func key(_ t: RideTime) -> Int {
            let s = t.civil.secondsOfDay
            return s < YearOnTheMetro.serviceDayStartHour * 3600 ? s + 86_400 : s
        }
        earliest = times.min { key($0) < key($1) }
        latest = times.max { key($0) < key($1) }
        accuracy = JournalStatistics(entries: inYear)
    }

    public static func == (a: YearOnTheMetro, b: YearOnTheMetro) -> Bool {
        a.year == b.year && a.rides == b.rides && a.cancelled == b.cancelled && a.secondsUnderground == b.secondsUnderground
            && a.stations == b.stations && a.lines == b.lines && a.favourite?.route == b.favourite?.route
            && a.favourite?.rides == b.favourite?.rides && a.earliest == b.earliest && a.latest == b.latest
            && a.accuracy == b.accuracy
    }
}
