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
    /// The stations of each route ridden, planned once per route rather than once per ride.
    private var stationsOfRoute: [RouteChoice: [StationID]] = [:]
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
        accuracy.add(entry)
        // A year is the Kyiv calendar year of the start; an entry without a wall time of its start has none.
        guard let unixMilliseconds = entry.t0UnixMilliseconds, unixMilliseconds > 0 else { return }
        let civil = KyivTime.civil(unixSeconds: floorDivide(unixMilliseconds, by: 1000))
        years[civil.year, default: YearOnTheMetro.Tally()].add(
            entry, unixMilliseconds: unixMilliseconds, civil: civil, stationsRidden: stations(from: entry.from, to: entry.to))
    }

    /// The stations ridden from `from` to `to`, whatever the rider has suspended since; a route the data file no
    /// longer plans counts its two ends (those the network still has).
    private mutating func stations(from: StationID, to: StationID) -> [StationID] {
        let route = RouteChoice(from: from, to: to)
        if let known = stationsOfRoute[route] { return known }
        let stations: [StationID]
        if let events = try? network.route(from: from, to: to, leavingAtUnixSeconds: nil) {
            stations = events.map(\.station)
        } else {
            stations = [from, to].filter { network.station($0) != nil }
        }
        stationsOfRoute[route] = stations
        return stations
    }
}
