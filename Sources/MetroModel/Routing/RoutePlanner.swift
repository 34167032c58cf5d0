/// The fastest route between two stations over a `RouteGraph`, with any number of changes or at most a given
/// number: a Dijkstra search, pure (the headways come from a function the caller passes, so it reads no clock and
/// serves both schemas).
///
/// **Cost**: riding (running times and the dwells at the stops passed), walks, and at each boarding after a change
/// the expected wait, a quarter of that line's headway in that direction at the instant the rider reaches the
/// platform (model §3). No dwell at the departure (the press is the train leaving) or at the destination; the
/// exit station of a change keeps its dwell and the walk starts after it, as the schedule books it. A change is
/// a walk followed by a ride: two walks in a row are no route the schedule can take.
///
/// **The choice** adds `changePenaltySeconds` per change to that cost: a route with one more change is taken only
/// if it saves more than that. On Kyiv's graph, pure time would prefer a second change for a few pairs at some hours
/// (by up to 16 s), where today's planner never changes twice; the default penalty of 60 s keeps every Kyiv route
/// as it is (docs/decisions.md, "Routes with any number of changes"). The penalty is never part of the expected
/// seconds, which stay what the schedule would book.
///
/// **States**: a node "aboard" (the train is about to leave it) or "on the platform" (reached by a change, not yet
/// boarded), times the number of changes so far when the changes are bounded, so "at most N changes" is exact.
/// Of two routes of equal cost the one with fewer changes wins; then the one found first, in node order, so the
/// answer never depends on anything but the graph.
public struct RoutePlanner: Sendable {
    /// The penalty per change when none is given.
    public static let defaultChangePenaltySeconds = 60

    public let graph: RouteGraph
    /// Seconds added per change when routes are compared, never to the expected seconds.
    public let changePenaltySeconds: Int

    public init(graph: RouteGraph, changePenaltySeconds: Int = RoutePlanner.defaultChangePenaltySeconds) {
        self.graph = graph
        self.changePenaltySeconds = max(changePenaltySeconds, 0)
    }

    /// The headway in seconds of `line` in `direction` at the instant `secondsAfterDeparture` after the train left
    /// the departure station, or nil where none is known (counted as no wait, as the schedule counts it).
    public typealias Headway = (_ line: LineID, _ direction: Direction, _ secondsAfterDeparture: Int) -> Int?

    /// The fastest route from `from` to `to` with at most `maxChanges` changes (nil: any number).
    public func plan(from: StationID, to: StationID, maxChanges: Int? = nil,
                     headway: Headway) throws(RoutingError) -> PlannedRoute
    {
        guard let origin = graph.station(from) else { throw .unknownStation(from.rawValue) }
        guard let destination = graph.station(to) else { throw .unknownStation(to.rawValue) }
        guard origin != destination else { throw .sameStation(from) }
        guard !graph.stationClosed[origin] else { throw .closedStation(from) }
        guard !graph.stationClosed[destination] else { throw .closedStation(to) }
        let reachability = RouteReachability(graph: graph)
        // The fastest route of all first: when it changes few enough times it is also the answer within the
        // bound, and the layered search, whose size grows with the bound, runs only below its number of changes.
        guard let fastest = search(origin, destination, maxChanges: nil, headway: headway) else {
            throw .unreachable(from: from, to: to, reason: reachability.obstacle(from: origin, to: destination))
        }
        guard let maxChanges, fastest.changes > maxChanges else { return fastest }
        if let route = search(origin, destination, maxChanges: max(maxChanges, 0), headway: headway) { return route }
        let needed = reachability.fewestChanges(from: origin, to: destination) ?? fastest.changes
        throw .tooManyChanges(needed: needed, allowed: max(maxChanges, 0))
    }

    /// The search itself, between station indices; nil when no route with at most `maxChanges` changes exists.
    func search(_ origin: Int, _ destination: Int, maxChanges: Int?,
                        headway: Headway) -> PlannedRoute?
    {
        // State index: (node · layers + layer) · 2 + phase, phase 0 aboard, 1 on the platform. Unbounded, one
        // layer compares (cost, changes) lexicographically; bounded, layer k holds routes of exactly k changes.
        // A state's cost is its time plus the penalty of its changes; its time is what headways are asked at.
        let penalty = changePenaltySeconds
        let layers = (maxChanges ?? 0) + 1
        let stateCount = graph.nodeCount * layers * 2
        var cost = [Int](repeating: .max, count: stateCount)
        var changes = [Int](repeating: .max, count: stateCount)
        var previous = [Int](repeating: -1, count: stateCount)
        var queue = RouteQueue()
        func state(_ node: Int, _ changes: Int, platform: Bool) -> Int {
            (node * layers + (maxChanges == nil ? 0 : changes)) * 2 + (platform ? 1 : 0)
        }
        // Whether a route with fewer changes already reaches `node` in this phase as fast: then this one is no
        // use (bounded search only; unbounded, the one layer compares both).
        func dominated(_ node: Int, _ newChanges: Int, platform: Bool, _ newCost: Int) -> Bool {
            guard maxChanges != nil else { return false }
            let time = newCost - penalty * newChanges
            for k in 0 ..< newChanges where cost[state(node, k, platform: platform)] - penalty * k <= time {
                return true
            }
            return false
        }
        func relax(_ from: Int, to node: Int, platform: Bool, cost newCost: Int, changes newChanges: Int) {
            if let maxChanges, newChanges > maxChanges { return }
            let target = state(node, newChanges, platform: platform)
            guard (newCost, newChanges) < (cost[target], changes[target]) else { return }
            guard !dominated(node, newChanges, platform: platform, newCost) else { return }
            cost[target] = newCost
            changes[target] = newChanges
            previous[target] = from
            queue.push(.init(cost: newCost, changes: newChanges, state: target))
        }

        // The best arrival so far: its cost and changes, the state it leaves from and the destination node.
        var best: (cost: Int, changes: Int, from: Int, node: Int, byChange: Bool)?
        func arrive(_ from: Int, at node: Int, cost arrival: Int, changes: Int, byChange: Bool) {
            if let best, (arrival, changes) >= (best.cost, best.changes) { return }
            best = (arrival, changes, from, node, byChange)
        }

        for node in graph.nodes(at: origin) {
            let start = state(node, 0, platform: false)
            cost[start] = 0
            changes[start] = 0
            queue.push(.init(cost: 0, changes: 0, state: start))
        }
        while let entry = queue.pop() {
            if let best, entry.cost > best.cost { break }
            let current = entry.state
            guard entry.cost == cost[current] && entry.changes == changes[current] else { continue }
            let node = current / 2 / layers
            let onPlatform = current % 2 == 1
            // Ride on to the next call of the pattern; boarding after a change waits a quarter headway first.
            if graph.running[node] >= 0 {
                var departure = entry.cost
                if onPlatform {
                    let line = graph.lines[graph.nodeLine[node]]
                    let time = entry.cost - penalty * entry.changes
                    departure += (headway(line, graph.nodeDirection[node], time) ?? 0) / 4
                }
                let next = node + 1
                let arrival = departure + graph.running[node]
                if graph.nodeStation[next] == destination {
                    arrive(current, at: next, cost: arrival, changes: entry.changes, byChange: false)
                } else {
                    relax(current, to: next, platform: false, cost: arrival + graph.dwell[node],
                          changes: entry.changes)
                }
            }
            // Change: only from a train (or the departure), never a second walk straight after one.
            guard !onPlatform else { continue }
            for edge in graph.changes(from: node) {
                let target = graph.changeTarget[edge]
                let arrival = entry.cost + graph.changeWalk[edge] + penalty
                if graph.nodeStation[target] == destination {
                    if maxChanges.map({ entry.changes + 1 <= $0 }) ?? true {
                        arrive(current, at: target, cost: arrival, changes: entry.changes + 1, byChange: true)
                    }
                } else if graph.nodeStation[target] != origin {
                    relax(current, to: target, platform: true, cost: arrival, changes: entry.changes + 1)
                }
            }
        }
        guard let best else { return nil }

        // Back from the arrival to the departure: the nodes in riding order, each with how it was reached.
        var path: [(node: Int, byChange: Bool)] = [(best.node, best.byChange)]
        var walk = best.from
        while walk >= 0 {
            path.append((walk / 2 / layers, walk % 2 == 1))
            walk = previous[walk]
        }
        path.reverse()
        return PlannedRoute(legs: legs(path), expectedSeconds: best.cost - penalty * best.changes,
                            closed: graph.closedStations)
    }

    /// Cuts a path into legs at every node reached by a change.
    private func legs(_ path: [(node: Int, byChange: Bool)]) -> [RouteLeg] {
        var legs: [RouteLeg] = []
        for (node, byChange) in path {
            let station = graph.stations[graph.nodeStation[node]]
            if byChange || legs.isEmpty {
                legs.append(RouteLeg(line: graph.lines[graph.nodeLine[node]],
                                     pattern: graph.patterns[graph.nodePattern[node]],
                                     direction: graph.nodeDirection[node], stations: [station]))
            } else {
                legs[legs.count - 1].stations.append(station)
            }
        }
        return legs
    }
}
