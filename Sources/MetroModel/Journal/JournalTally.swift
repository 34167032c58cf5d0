/// The journal's figures — `stats` (`JournalStatistics`, `RideAccuracy`) and every year's `stats --year`
/// (`YearOnTheMetro`) — kept up to date as trips are journaled, so that reading them costs the same however long
/// the journal is: a request for them is as cheap as any other, and the only thread never stalls on a long journal.
///
/// Built once from the stored journal (in any order) and then fed each trip as it is journaled; the figures equal
/// those computed from scratch over the same entries.
public struct JournalTally: Sendable {
    /// The network as the data file plans it, without the rider's suspensions: the stations a ride passed.
    private let network: any RideNetwork
    private var statistics = JournalStatistics.Tally()
    /// The arrival accuracy over the whole journal.
    public private(set) var accuracy = RideAccuracy(entries: [])
    private var years: [Int: YearOnTheMetro.Tally] = [:]
    /// The stations and lines of each route ridden, planned once per route rather than once per ride.
    private var ridden: [RouteChoice: (stations: [StationID], lines: [LineID])] = [:]
    /// How many entries were counted.
    public private(set) var count = 0

    /// An empty tally over `network` (the data file's).
    public init(network: any RideNetwork) {
        self.network = network.withLocalSuspensions([])
    }

    /// The figures over the whole journal.
    public var statisticsFigures: JournalStatistics { JournalStatistics(statistics) }

    /// The figures of `year`.
    public func year(_ year: Int) -> YearOnTheMetro {
        YearOnTheMetro(year: year, tally: years[year] ?? YearOnTheMetro.Tally(), network: network)
    }

    /// Counts one journaled trip.
    public mutating func add(_ entry: JournalEntry) {
        count += 1
        statistics.add(entry)
        // The times of day on the network's own clock, as the year below (a local copy: the closure may not read
        // `self` while `accuracy` is being changed).
        let network = self.network
        accuracy.add(entry, clock: { network.civil(unixSeconds: $0) })
        // A year is the calendar year of the start on the network's own clock (Kyiv's, or an imported network's
        // time zone); an entry without a wall time of its start has none.
        guard let unixMilliseconds = entry.t0UnixMilliseconds, unixMilliseconds > 0 else { return }
        let civil = network.civil(unixSeconds: floorDivide(unixMilliseconds, by: 1000))
        let route = ridden(from: entry.from, to: entry.to)
        years[civil.year, default: YearOnTheMetro.Tally()].add(
            entry, unixMilliseconds: unixMilliseconds, civil: civil, stationsRidden: route.stations, linesRidden: route.lines)
    }

    /// The stations and lines ridden from `from` to `to`, whatever the rider has suspended since: the lines of the
    /// route's events (on an imported network a station may be served by several); a route the data file no
    /// longer plans counts its two ends (those the network still has) and their lines.
    private mutating func ridden(from: StationID, to: StationID) -> (stations: [StationID], lines: [LineID]) {
        let route = RouteChoice(from: from, to: to)
        if let known = ridden[route] { return known }
        let result: (stations: [StationID], lines: [LineID])
        if let events = try? network.route(from: from, to: to, leavingAtUnixSeconds: nil) {
            result = (events.map(\.station), events.map(\.line))
        } else {
            let ends = [from, to].filter { network.station($0) != nil }
            result = (ends, ends.compactMap { network.station($0)?.line })
        }
        ridden[route] = result
        return result
    }
}
