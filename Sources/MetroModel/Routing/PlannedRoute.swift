/// One ride of a planned route: the line and pattern ridden and the stations called at, boarding first and
/// alighting last. A leg reached by a walk that ends the route holds one station: the destination.
public struct RouteLeg: Hashable, Sendable {
    /// The line ridden.
    public var line: LineID
    /// The pattern's name in the graph (`RouteGraph.patterns`).
    public var pattern: String
    /// The pattern's direction on its line.
    public var direction: Direction
    /// The stations called at, in riding order, the boarding and the alighting station included.
    public var stations: [StationID]

    public init(line: LineID, pattern: String, direction: Direction, stations: [StationID]) {
        self.line = line
        self.pattern = pattern
        self.direction = direction
        self.stations = stations
    }

    /// Where the rider gets on.
    public var boarding: StationID { stations[0] }
    /// Where the rider gets off.
    public var alighting: StationID { stations[stations.count - 1] }
}

/// The route the planner chose: its legs, how many changes, and the expected seconds from the departure to the
/// arrival by the planner's cost (rides, dwells, walks and the expected waits).
public struct PlannedRoute: Hashable, Sendable {
    /// The rides in order; the rider changes between each and the next (on the spot or by a walk).
    public var legs: [RouteLeg]
    /// Seconds from the departure to the arrival by the planner's cost; on Kyiv's graph the schedule's arrival.
    public var expectedSeconds: Int
    /// The stations trains pass without stopping, so `events` can mark them as no stop.
    var closed: Set<StationID>

    /// Changes between legs.
    public var changes: Int { legs.count - 1 }

    /// The route in the form the schedule takes (model §2): the first leg's stations, then for every later leg one
    /// transfer event for its boarding station on its line (a stop only if it ends the route), then the rest of
    /// that leg without repeating the boarding station. After a change on the spot the exit and the boarding
    /// event name the same station.
    public var events: [RouteEvent] {
        var events: [RouteEvent] = []
        for (index, leg) in legs.enumerated() {
            for (position, station) in leg.stations.enumerated() {
                let isTransfer = index > 0 && position == 0
                let isLast = index == legs.count - 1 && position == leg.stations.count - 1
                let isStop = !closed.contains(station) && (!isTransfer || isLast)
                events.append(RouteEvent(station: station, line: leg.line, isStop: isStop, isTransfer: isTransfer))
            }
        }
        return events
    }
}
