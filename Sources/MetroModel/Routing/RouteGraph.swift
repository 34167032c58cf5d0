/// The network as a graph the route planner searches: built once, then only read.
///
/// A **ride node** is one call of one stop pattern: (station, line, pattern, position). Nodes of a pattern are
/// numbered consecutively, so the ride edge out of node `n` (the train going on to the pattern's next call) is
/// `n + 1` and needs no list of its own: `running[n]` is its running time and `dwell[n]` the dwell at `n + 1`.
/// **Change edges** join nodes of one station on different patterns (a change of train on the spot) and nodes of
/// two stations a transfer links (a walk), each with its walking seconds; they are kept in one flat list indexed
/// by node (`changeStart`). Everything is an `Int` array so a search touches no dictionary and allocates nothing
/// per edge; stations and lines become ids again only when a route is written out.
///
/// A node per pattern call, not per (station, line, direction): two patterns that meet and part again (an X) must
/// not be joined into a ride no train makes. What a rider cannot use is not an edge: a suspended segment, a
/// forbidden transfer, a change at a closed station. Those are kept aside (`blocked…`) only to say why a station
/// cannot be reached.
public struct RouteGraph: Sendable {
    /// The walk assumed for a change between two patterns at one station when the data gives none: the file
    /// records such walks only where the feed did (`a == b`). See docs/decisions.md, "Routes with any number of
    /// changes".
    public static let defaultSameStationWalkSeconds = 60

    /// Station ids by station index, and back.
    public let stations: [StationID]
    let stationIndex: [StationID: Int]
    /// Trains pass a closed station without stopping: no one boards, alights or changes there.
    let stationClosed: [Bool]
    /// The nodes at each station: `stationNodes[stationNodeStart[s] ..< stationNodeStart[s + 1]]`.
    let stationNodeStart: [Int]
    let stationNodes: [Int]

    /// Line ids by line index.
    public let lines: [LineID]
    /// Per node: its station, line and pattern index and the pattern's direction.
    let nodeStation: [Int]
    let nodeLine: [Int]
    let nodePattern: [Int]
    let nodeDirection: [Direction]
    /// Per node: the running time to node `n + 1` of the same pattern, or -1 where no train goes on (the pattern's
    /// last call, or a suspended segment); and the dwell at `n + 1` (0 at a closed station).
    let running: [Int]
    let dwell: [Int]
    /// Per node: whether a ride to `n + 1` exists in the data but is suspended.
    let blockedRide: [Bool]
    /// Change edges out of node `n`: `changeTarget[changeStart[n] ..< changeStart[n + 1]]` with `changeWalk`.
    let changeStart: [Int]
    let changeTarget: [Int]
    let changeWalk: [Int]
    /// Forbidden changes out of node `n`, kept only to name why a station is unreachable.
    let blockedChangeStart: [Int]
    let blockedChangeTarget: [Int]
    /// A name per pattern (the file's pattern id, or `line/direction` for Kyiv's), for legs and messages.
    public let patterns: [String]

    /// The ids of the closed stations, kept once for every route written out.
    let closedStations: Set<StationID>

    /// How many ride nodes the graph has.
    public var nodeCount: Int { nodeStation.count }

    /// How many change edges (walks and changes on the spot) the graph has.
    public var changeEdgeCount: Int { changeTarget.count }

    /// The index of a station, if the graph knows it.
    func station(_ id: StationID) -> Int? { stationIndex[id] }

    /// The nodes at station index `s`.
    func nodes(at s: Int) -> ArraySlice<Int> { stationNodes[stationNodeStart[s] ..< stationNodeStart[s + 1]] }

    /// The change edges out of node `n` as index range into `changeTarget` / `changeWalk`.
    func changes(from n: Int) -> Range<Int> { changeStart[n] ..< changeStart[n + 1] }

    init(_ builder: RouteGraphBuilder) {
        stations = builder.stationIDs
        stationIndex = builder.stationIndex
        stationClosed = builder.stationClosed
        closedStations = Set(zip(builder.stationIDs, builder.stationClosed).filter { $0.1 }.map { $0.0 })
        lines = builder.lineIDs
        patterns = builder.patterns.map(\.name)

        var nodeStation: [Int] = [], nodeLine: [Int] = [], nodePattern: [Int] = [], nodeDirection: [Direction] = []
        var running: [Int] = [], dwell: [Int] = [], blockedRide: [Bool] = []
        for (p, pattern) in builder.patterns.enumerated() {
            for (i, s) in pattern.stations.enumerated() {
                nodeStation.append(s)
                nodeLine.append(pattern.line)
                nodePattern.append(p)
                nodeDirection.append(pattern.direction)
                if i + 1 < pattern.stations.count {
                    let hop = pattern.hops[i]
                    running.append(hop.suspended ? -1 : hop.running)
                    dwell.append(builder.stationClosed[pattern.stations[i + 1]] ? 0 : hop.dwell)
                    blockedRide.append(hop.suspended)
                } else {
                    running.append(-1)
                    dwell.append(0)
                    blockedRide.append(false)
                }
            }
        }
        self.nodeStation = nodeStation
        self.nodeLine = nodeLine
        self.nodePattern = nodePattern
        self.nodeDirection = nodeDirection
        self.running = running
        self.dwell = dwell
        self.blockedRide = blockedRide

        let stationCount = builder.stationIDs.count
        let atStation = RouteGraph.group(nodeStation.indices.map { (nodeStation[$0], $0) }, count: stationCount)
        stationNodeStart = atStation.start
        stationNodes = atStation.items
        let nodesAt = atStation.items

        // Change edges, open and forbidden, as (from node, to node, walk).
        var open: [(Int, (Int, Int))] = [], forbidden: [(Int, (Int, Int))] = []
        func join(_ a: Int, _ b: Int, walk: Int, allowed: Bool) {
            for u in nodesAt[atStation.start[a] ..< atStation.start[a + 1]] {
                for v in nodesAt[atStation.start[b] ..< atStation.start[b + 1]] where nodePattern[u] != nodePattern[v] {
                    if allowed { open.append((u, (v, walk))) } else { forbidden.append((u, (v, 0))) }
                }
            }
        }
        for s in 0 ..< stationCount where !builder.stationClosed[s] {
            let forbiddenHere = builder.forbiddenPlatforms.contains(s)
            join(s, s, walk: builder.platformWalks[s] ?? builder.sameStationWalkSeconds, allowed: !forbiddenHere)
        }
        for link in builder.links where link.a != link.b {
            // A walk to or from a closed station is of no use: no train stops there.
            guard !builder.stationClosed[link.a] && !builder.stationClosed[link.b] else { continue }
            join(link.a, link.b, walk: link.walk, allowed: link.possible)
            join(link.b, link.a, walk: link.walk, allowed: link.possible)
        }
        let changes = RouteGraph.group(open, count: nodeStation.count)
        changeStart = changes.start
        changeTarget = changes.items.map { $0.0 }
        changeWalk = changes.items.map { $0.1 }
        let blocked = RouteGraph.group(forbidden, count: nodeStation.count)
        blockedChangeStart = blocked.start
        blockedChangeTarget = blocked.items.map { $0.0 }
    }

    /// Groups `(key, item)` pairs by key (0 ..< count) into one flat array and the start of each key's run, keeping
    /// the pairs' order within a key so the graph, and every search over it, is the same on every build.
    private static func group<T>(_ pairs: [(Int, T)], count: Int) -> (start: [Int], items: [T]) {
        var start = [Int](repeating: 0, count: count + 1)
        for (key, _) in pairs { start[key + 1] += 1 }
        for k in 0 ..< count { start[k + 1] += start[k] }
        var next = start
        var slots = [T?](repeating: nil, count: pairs.count)
        for (key, item) in pairs {
            slots[next[key]] = item
            next[key] += 1
        }
        return (start, slots.map { $0! })
    }
}
