/// What both network shapes hand to `RouteGraph`: stations, lines, stop patterns with their timings, and the
/// transfers. Schema 1 and schema 2 differ only in how they fill it (`RouteGraph+Kyiv`, `RouteGraph+General`).
struct RouteGraphBuilder {
    /// One segment of a pattern: running time, dwell at its far end, and whether service is suspended on it.
    struct Hop {
        var running: Int
        var dwell: Int
        var suspended: Bool
    }

    /// One stop pattern: a line's stations in riding order and the hop after each but the last.
    struct Pattern {
        var name: String
        var line: Int
        var direction: Direction
        var stations: [Int]
        var hops: [Hop]
    }

    /// A transfer between two stations (`a != b`) with its walk, or forbidden.
    struct Link {
        var a: Int
        var b: Int
        var walk: Int
        var possible: Bool
    }

    var stationIDs: [StationID] = []
    var stationIndex: [StationID: Int] = [:]
    var stationClosed: [Bool] = []
    var lineIDs: [LineID] = []
    var lineIndex: [LineID: Int] = [:]
    var patterns: [Pattern] = []
    var links: [Link] = []
    /// The walk between platforms of one station where the data gives it, by station index.
    var platformWalks: [Int: Int] = [:]
    /// Stations where the data forbids changing on the spot.
    var forbiddenPlatforms: Set<Int> = []
    var sameStationWalkSeconds: Int

    init(sameStationWalkSeconds: Int) { self.sameStationWalkSeconds = sameStationWalkSeconds }

    /// Adds a station once; later calls return its index.
    @discardableResult
    mutating func addStation(_ id: StationID, closed: Bool) -> Int {
        if let s = stationIndex[id] { return s }
        stationIndex[id] = stationIDs.count
        stationIDs.append(id)
        stationClosed.append(closed)
        return stationIDs.count - 1
    }

    /// Adds a line once; later calls return its index.
    mutating func addLine(_ id: LineID) -> Int {
        if let l = lineIndex[id] { return l }
        lineIndex[id] = lineIDs.count
        lineIDs.append(id)
        return lineIDs.count - 1
    }

    /// Records a transfer between two known stations; `a == b` gives the walk between platforms of one station.
    mutating func addTransfer(_ a: StationID, _ b: StationID, walk: Int, possible: Bool) {
        guard let sa = stationIndex[a], let sb = stationIndex[b] else { return }
        if sa == sb {
            if possible { platformWalks[sa] = walk } else { forbiddenPlatforms.insert(sa) }
        } else {
            links.append(Link(a: sa, b: sb, walk: walk, possible: possible))
        }
    }
}
