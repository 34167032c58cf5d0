import MetroGTFS
import MetroModel
import MetroTestSupport

/// Rides with one change on an imported network: from a call of a trip to a station its line never serves, with a
/// stop between the change and the destination. The
/// engine's own route says where to change; a draw is judged only where that route rides the trip itself to the
/// change, changes once, and a train of the other line then takes the rider to the destination over the route's
/// stations. The truth of the change is the feed's own next train: the rider walks to the other platform (the
/// network's walk, off by the world's factor for a measured interchange) and boards the first train of that line
/// leaving after they get there (its scheduled departure with the world's noise) that calls at the destination,
/// whether or not it calls where the route counts stops.
/// Each draw is ridden twice on the same truth: by a rider who presses only at the start, whom the engine must
/// warn as if the earliest train it could be were theirs (model §5.3), and by one who presses "train departed"
/// when asked (the figures' key ends in `pressingTrainDeparted`).
extension FeedWorld {
    /// How the figures of riders pressing "train departed" when asked are told apart: `1 → 2, presses …`.
    public static let pressingTrainDeparted = ", presses \"train departed\" when asked"

    /// A trip of the day the world runs, as it keeps it to draw changes onto.
    public struct Trip: Sendable {
        public var line: String
        public var calls: [FeedDigestBuilder.Call]
        public init(line: String, calls: [FeedDigestBuilder.Call]) {
            self.line = line
            self.calls = calls
        }
    }

    /// Where the day's trips of each line leave each station, in order of their scheduled departure: the trains a
    /// changing rider can take.
    public struct Departures: Sendable {
        struct Key: Hashable {
            var line: String
            var station: String
        }

        /// A trip leaving: its scheduled departure and which call of which trip it is.
        struct Leaving: Sendable {
            var departure: Int
            var trip: Int
            var call: Int
        }

        let trips: [Trip]
        private var leaving: [Key: [Leaving]] = [:]
        /// Every station each line calls at, in order of their ids.
        private(set) var stations: [String: [String]] = [:]

        public init(trips: [Trip]) {
            self.trips = trips
            for (index, trip) in trips.enumerated() {
                for (call, stop) in trip.calls.enumerated().dropLast() {
                    leaving[Key(line: trip.line, station: stop.station), default: []]
                        .append(Leaving(departure: stop.departure, trip: index, call: call))
                }
            }
            for key in leaving.keys { leaving[key]!.sort { ($0.departure, $0.trip) < ($1.departure, $1.trip) } }
            var served: [String: Set<String>] = [:]
            for trip in trips { served[trip.line, default: []].formUnion(trip.calls.map(\.station)) }
            stations = served.mapValues { $0.sorted() }
        }

        /// The trains of `line` leaving `station`, from the first scheduled at or after `earliest`.
        func leaving(line: String, station: String, from earliest: Int) -> ArraySlice<Leaving> {
            let all = leaving[Key(line: line, station: station)] ?? []
            var low = 0, high = all.count
            while low < high {
                let middle = (low + high) / 2
                if all[middle].departure < earliest { low = middle + 1 } else { high = middle }
            }
            return all[low...]
        }
    }

    /// Rides `count` draws with a change, each boarding `trips[index]` at a random call.
    public mutating func rideWithChanges(from index: Int, departures: Departures, count: Int, _ random: inout SplitMix64) {
        for _ in 0..<count { rideWithChange(first: departures.trips[index], departures: departures, &random) }
    }

    mutating func rideWithChange(first: Trip, departures: Departures, _ random: inout SplitMix64) {
        let calls = first.calls
        let ownStations = Set(departures.stations[first.line] ?? [])
        let elsewhere = departures.stations.keys.sorted().filter { $0 != first.line }
            .flatMap { line in (departures.stations[line] ?? []).filter { !ownStations.contains($0) }.map { (line, $0) } }
        guard calls.count >= 2, !elsewhere.isEmpty else { return }
        let boarding = Int(random.next() % UInt64(calls.count - 1))
        let (secondLine, destination) = elsewhere[Int(random.next() % UInt64(elsewhere.count))]
        let key = "\(first.line) → \(secondLine)"
        let from = StationID(calls[boarding].station), to = StationID(destination)
        let departureUnix = serviceMidnight + Int64(calls[boarding].departure)

        // The engine's route: this trip to the change, then the other line's stations.
        guard let route = try? network.route(from: from, to: to, leavingAtUnixSeconds: departureUnix),
              let transfer = route.firstIndex(where: \.isTransfer), route.filter(\.isTransfer).count == 1,
              route.count - transfer >= 3,  // a stop between the change and the destination, as on one line
              route[transfer...].allSatisfy({ $0.line.rawValue == secondLine }),
              route[transfer].station == route[transfer - 1].station,
              case let firstLeg = Array(calls[boarding...].prefix(transfer)),
              firstLeg.map(\.station) == route[..<transfer].map(\.station.rawValue),
              route[..<transfer].allSatisfy({ $0.line.rawValue == first.line })
        else { figures[key, default: Figures()].otherRoute += 1; return }
        let station = firstLeg[firstLeg.count - 1].station

        // The truth: the first leg, the walk, and the first train of the other line to the destination leaving
        // after the rider is on its platform.
        let firstTimes = trueTimes(firstLeg, &random)
        let firstArrivals = firstTimes.arrival
        let walk = Double(network.general.walkSeconds(from: StationID(station), to: StationID(station)))
            * random.uniform(world.measuredWalkFactor)
        let onPlatform = Double(calls[boarding].departure) + firstArrivals[firstArrivals.count - 1] + walk
        var taken: (calls: ArraySlice<FeedDigestBuilder.Call>, departs: Double)?
        for candidate in departures.leaving(line: secondLine, station: station,
                                            from: Int((onPlatform - world.runningNoise.lowerBound.magnitude).rounded(.down))) {
            let onward = departures.trips[candidate.trip].calls[candidate.call...]
            // Any train of that line calling at the destination, as a rider takes it: a local where the route
            // counts an express's stops, or the other way round, runs the same stretch slower or faster.
            guard let last = onward.dropFirst().firstIndex(where: { $0.station == destination }) else { continue }
            let ride = onward[...last]
            let departs = Double(candidate.departure) + random.uniform(world.runningNoise)
            if departs >= onPlatform {
                taken = (ride, departs)
                break
            }
        }
        guard let taken else { return }  // no later train of that line to the destination that day
        let secondTimes = trueTimes(taken.calls, &random)
        let secondArrivals = secondTimes.arrival
        let secondPullsOut = taken.departs - Double(calls[boarding].departure)
        let stopBefore = secondPullsOut + secondArrivals[secondArrivals.count - 2]
        let doorsOpen = secondPullsOut + secondArrivals[secondArrivals.count - 1]
        judge(key, from: from, to: to, departureUnix: departureUnix, stopBefore: stopBefore, doorsOpen: doorsOpen, &random)
        judge(key + Self.pressingTrainDeparted, from: from, to: to, departureUnix: departureUnix,
              stopBefore: stopBefore, doorsOpen: doorsOpen, secondTrainPullsOut: secondPullsOut, &random)
        // The rider with GPS: the first train's stops, then on the platform of the change from the end of the walk
        // until the second train pulls out, and that train's stops.
        var second = TrueStops(calls: Array(taken.calls), times: secondTimes, offset: secondPullsOut)
        second.arrival[0] = onPlatform - Double(calls[boarding].departure)
        judgeWithGPS(key, from: from, to: to, departureUnix: departureUnix, stopBefore: stopBefore, doorsOpen: doorsOpen,
                     stops: TrueStops(calls: firstLeg, times: firstTimes).then(second))
    }
}
