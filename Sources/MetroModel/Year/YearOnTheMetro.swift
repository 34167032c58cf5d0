/// A rider's year on the metro, from the journal: the figures of `metrotimer stats --year`.
///
/// Which trips count (choices written in docs/decisions.md):
/// - a **ride** is a journaled trip whose start (t0, on the network's clock: Kyiv's, or an imported network's
///   time zone) falls in the year and that was not cancelled (`arrived` or `expired`; a cancelled trip is
///   counted apart, it may never have left the platform);
/// - **time underground** adds each ride's confirmed duration when the rider said "I'm off", else the model's
///   final arrival — the whole ride, surface stretches included; an "I'm off" pressed by mistake (set aside in
///   `stats`) counts as no confirmation;
/// - **stations** are every station the ride's route passed (as the network plans it today), **lines** the lines it
///   rides there;
/// - **earliest / latest** compare the time of day on the service day, which runs past midnight (a ride at 00:20
///   is later than one at 23:50);
/// - **accuracy** is `JournalStatistics` over that year's entries.
public struct YearOnTheMetro: Sendable, Equatable {
    /// One ride's start, for the earliest and latest.
    public struct RideTime: Sendable, Equatable {
        /// Unix milliseconds of t0.
        public let unixMilliseconds: Int64
        public let route: RouteChoice
        /// Wall time of t0 on the network's clock.
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
    public init(year: Int, entries: [JournalEntry], network: any RideNetwork) {
        var journal = JournalTally(network: network)
        for entry in entries { journal.add(entry) }
        self = journal.year(year)
    }

    /// The figures of a year's tally.
    init(year: Int, tally: Tally, network: any RideNetwork) {
        self.year = year
        rides = tally.rides
        cancelled = tally.entries - tally.rides
        secondsUnderground = tally.secondsUnderground
        stations = tally.stations
        lines = tally.lines.sorted()
        favourite = tally.routes.max { ($0.value.rides, $0.value.last) < ($1.value.rides, $1.value.last) }
            .map { ($0.key, $0.value.rides) }
        earliest = tally.earliest?.time
        latest = tally.latest?.time
        accuracy = JournalStatistics(tally.accuracy)
    }

    /// The year's start key of a ride: the time of day on the service day, which runs past midnight.
    static func serviceDayKey(_ civil: CivilTime) -> Int {
        let s = civil.secondsOfDay
        return s < serviceDayStartHour * 3600 ? s + 86_400 : s
    }

    /// What one year's figures are made of, kept up to date one journaled trip at a time (`JournalTally`): adding
    /// a trip costs a dictionary update and a binary search, reading the figures costs the same whatever the
    /// journal's length (the stations and routes ridden are bounded by the network).
    struct Tally: Sendable {
        /// Where a ride stands in the journal's order (its start, then its id): ties between rides are decided by
        /// it as a sorted journal would decide them.
        struct Order: Comparable, Sendable {
            var unixMilliseconds: Int64
            var id: Int64
            static func < (a: Order, b: Order) -> Bool { (a.unixMilliseconds, a.id) < (b.unixMilliseconds, b.id) }
        }

        /// That year's entries (with a wall time of their start), cancelled ones included.
        var entries = 0
        var rides = 0
        var secondsUnderground = 0
        var stations = Set<StationID>()
        var lines = Set<LineID>()
        /// Rides per route, and the latest of them (the favourite's tie-break: the route ridden most recently).
        var routes: [RouteChoice: (rides: Int, last: Order)] = [:]
        /// The earliest and latest ride of the day, with their order (the first in the journal's order wins a tie).
        var earliest: (key: Int, order: Order, time: RideTime)?
        var latest: (key: Int, order: Order, time: RideTime)?
        var accuracy = JournalStatistics.Tally()

        /// Counts one entry of the year; `stationsRidden` are the stations its route passed, `linesRidden` the
        /// lines it rode.
        mutating func add(_ entry: JournalEntry, unixMilliseconds: Int64, civil: CivilTime, stationsRidden: [StationID],
                          linesRidden: [LineID]) {
            entries += 1
            accuracy.add(entry)
            guard entry.outcome != .stopped else { return }
            rides += 1
            secondsUnderground += max(0, entry.measuredConfirmedSeconds ?? entry.finalSeconds)
            stations.formUnion(stationsRidden)
            lines.formUnion(linesRidden)
            let route = RouteChoice(from: entry.from, to: entry.to)
            let order = Order(unixMilliseconds: unixMilliseconds, id: entry.id)
            let previous = routes[route]
            routes[route] = ((previous?.rides ?? 0) + 1, max(previous?.last ?? order, order))
            let time = RideTime(unixMilliseconds: unixMilliseconds, route: route, civil: civil)
            let key = YearOnTheMetro.serviceDayKey(civil)
            if earliest.map({ (key, order) < ($0.key, $0.order) }) ?? true { earliest = (key, order, time) }
            if latest.map({ key > $0.key || key == $0.key && order < $0.order }) ?? true { latest = (key, order, time) }
        }
    }

    public static func == (a: YearOnTheMetro, b: YearOnTheMetro) -> Bool {
        a.year == b.year && a.rides == b.rides && a.cancelled == b.cancelled && a.secondsUnderground == b.secondsUnderground
            && a.stations == b.stations && a.lines == b.lines && a.favourite?.route == b.favourite?.route
            && a.favourite?.rides == b.favourite?.rides && a.earliest == b.earliest && a.latest == b.latest
            && a.accuracy == b.accuracy
    }
}
