/// Builds a `FeedDigest` from a feed's trips, one trip at a time, as `stop_times.txt` is streamed: what it keeps
/// grows with stations, patterns and trips (one start time each), never with the stop times themselves.
public struct FeedDigestBuilder: Sendable {
    /// One call of a trip at a station, times in `ServiceTime` seconds.
    public struct Call: Sendable, Equatable {
        public var station: String
        public var arrival: Int
        public var departure: Int
        public init(station: String, arrival: Int, departure: Int) {
            self.station = station
            self.arrival = arrival
            self.departure = departure
        }
    }

    /// A trip's start, kept to derive headways once every trip is in (see `finish`).
    private struct TripStart: Sendable {
        let pattern: FeedPattern
        let days: Set<FeedDayType>
        let departure: Int
    }

    private var patterns: [FeedPattern: [FeedDayType: Int]] = [:]
    private var segments: [FeedSegmentKey: FeedSegmentTiming] = [:]
    /// Per pattern, each station's departure after the trip's first departure: where a pattern's trips are at
    /// a station, given only their start.
    private var offsets: [FeedPattern: [String: ValueHistogram]] = [:]
    private var starts: [TripStart] = []
    private var serviceHours: [FeedStationServiceKey: FeedServiceWindow] = [:]
    private var tripsUsed = 0
    private var tripsIgnored: [FeedIgnoredReason: Int] = [:]

    public init() {}

    /// Records a trip left out of the digest, so the import's summary can say how many and why.
    public mutating func ignore(_ reason: FeedIgnoredReason) { tripsIgnored[reason, default: 0] += 1 }

    /// Takes one trip in: its calls in order (times already interpolated where the feed left them out), the route,
    /// direction and the kinds of day its service runs on. Consecutive calls at one station (two platforms of one
    /// station) count as one call.
    public mutating func add(routeID: String, directionID: Int?, days: Set<FeedDayType>, calls: [Call]) {
        guard !days.isEmpty else { return ignore(.serviceNeverRuns) }
        let merged = Self.merged(calls)
        guard merged.count >= 2 else { return ignore(.tooFewStations) }
        tripsUsed += 1
        let pattern = FeedPattern(routeID: routeID, directionID: directionID, stations: merged.map(\.station))
        for day in days { patterns[pattern, default: [:]][day, default: 0] += 1 }
        let first = merged[0].departure
        starts.append(TripStart(pattern: pattern, days: days, departure: first))
        for (index, call) in merged.enumerated() {
            offsets[pattern, default: [:]][call.station, default: ValueHistogram()].add(call.departure - first)
            let isLast = index == merged.count - 1
            if !isLast {
                let next = merged[index + 1]
                let key = FeedSegmentKey(routeID: routeID, from: call.station, to: next.station)
                let hour = min(max(call.departure / 3600, 0), 47)
                segments[key, default: FeedSegmentTiming()].running.add(next.arrival - call.departure)
                segments[key, default: FeedSegmentTiming()].runningByHour[hour, default: ValueHistogram()]
                    .add(next.arrival - call.departure)
                if index + 1 < merged.count - 1 {
                    segments[key, default: FeedSegmentTiming()].dwell.add(next.departure - next.arrival)
                }
                // A terminus has no departure in this direction: its service hours are those of the trains
                // that leave it, as at any other station.
                for day in days {
                    let service = FeedServiceKey(routeID: routeID, directionID: directionID, day: day)
                    let stationKey = FeedStationServiceKey(station: call.station, service: service)
                    if let window = serviceHours[stationKey] {
                        serviceHours[stationKey] = FeedServiceWindow(first: min(window.first, call.departure),
                                                                     last: max(window.last, call.departure))
                    } else {
                        serviceHours[stationKey] = FeedServiceWindow(first: call.departure, last: call.departure)
                    }
                }
            }
        }
    }

    /// The calls with consecutive calls at one station (two of its platforms) made one: the first arrival, the
    /// last departure.
    public static func merged(_ calls: [Call]) -> [Call] {
        var merged: [Call] = []
        for call in calls {
            if let last = merged.last, last.station == call.station {
                merged[merged.count - 1].departure = call.departure
            } else {
                merged.append(call)
            }
        }
        return merged
    }

    /// The digest of every trip taken in.
    public func finish() -> FeedDigest {
        FeedDigest(patterns: patterns, segments: segments, headways: headways(), serviceHours: serviceHours,
                   tripsUsed: tripsUsed, tripsIgnored: tripsIgnored)
    }

    /// Headways are read at one station per route and direction, the one the most trips serve (the trunk, where
    /// branches and short turns overlap), from every trip's departure there: a trip's own start plus its
    /// pattern's median offset to that station.
    private func headways() -> [FeedServiceKey: [Int: FeedHeadway]] {
        struct RouteDirection: Hashable { let routeID: String; let directionID: Int? }
        var served: [RouteDirection: [String: Int]] = [:]
        for (pattern, counts) in patterns {
            let trips = counts.values.reduce(0, +)
            for station in pattern.stations.dropLast() {
                served[RouteDirection(routeID: pattern.routeID, directionID: pattern.directionID), default: [:]][station, default: 0] += trips
            }
        }
        var trunk: [RouteDirection: String] = [:]
        for (key, counts) in served {
            // Ties go to the smallest id, so the choice does not depend on dictionary order.
            trunk[key] = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        }
        var departures: [FeedServiceKey: [Int]] = [:]
        for start in starts {
            let key = RouteDirection(routeID: start.pattern.routeID, directionID: start.pattern.directionID)
            guard let station = trunk[key], let offset = offsets[start.pattern]?[station]?.median,
                station != start.pattern.stations.last
            else { continue }
            for day in start.days {
                departures[FeedServiceKey(routeID: key.routeID, directionID: key.directionID, day: day), default: []]
                    .append(start.departure + offset)
            }
        }
        return departures.mapValues { Self.hourlyHeadways(of: $0.sorted()) }
    }

    /// For each hour with a departure, the interval between the trains either side of its start and of its end.
    /// An interval longer than an hour is not a headway but a pause in service (the night, a gap between the peaks
    /// of a peak-only line): an edge that falls in one takes the nearest interval inside the hour instead, and a
    /// train alone in its hour, with pauses on both sides, gives no entry.
    static func hourlyHeadways(of times: [Int]) -> [Int: FeedHeadway] {
        guard times.count >= 2 else { return [:] }
        var result: [Int: FeedHeadway] = [:]
        var index = 0
        while index < times.count {
            let hour = times[index] / 3600
            var last = index
            while last + 1 < times.count && times[last + 1] / 3600 == hour { last += 1 }
            // Departures index...last are this hour's; the gaps around them are candidates.
            func gap(_ i: Int) -> Int? { // between times[i] and times[i + 1]
                guard i >= 0, i + 1 < times.count else { return nil }
                let value = times[i + 1] - times[i]
                return value <= 3600 ? value : nil
            }
            // Across the hour's start, else after its first train; across its end, else before its last train.
            let atStart = gap(index - 1) ?? gap(index)
            let atEnd = gap(last) ?? gap(last - 1)
            if let start = atStart ?? atEnd, let end = atEnd ?? atStart {
                result[hour] = FeedHeadway(start: start, end: end)
            }
            index = last + 1
        }
        return result
    }
}
