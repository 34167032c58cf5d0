/// Places the detector's stops on the route (model §5.5): which station each stop was, from how long the train ran
/// between them against the timetable's running and dwell times.
///
/// A hidden semi-Markov decoding, solved exactly by dynamic programming (Viterbi over the station index): the runs
/// felt since an anchor are cut into consecutive groups, each group covering one or more segments of the route.
/// A group of several runs is one segment run with stops at signals between (their stands not counted); a group
/// covering several segments is a station (or more) passed where the detector missed the stop, its dwell run
/// through. Each group costs the squared error of its summed running time against the timetable's, in units of
/// half the model's spread (§4, 15 % + 5 s of each running time, 30 % of each dwell), plus a fixed cost for each signal
/// stop and each missed stop. The last group may end short of a station: the train standing at a signal.
///
/// It moves no alert: it only lets the engine confirm "yours is next" at the stop before the destination (model
/// §5.5, `Trip.nextStopConfirmation`).
public struct StationDecoder: Sendable, Equatable {
    /// The timetable's running time of each segment from the anchor on, and the dwell at each segment's end.
    public var running: [Double]
    public var dwell: [Double]
    /// The cost of a stop at a signal, and of a station whose stop the detector missed (−log of how rare they are).
    public var signalStopCost = 3.0
    public var missedStopCost = 4.0
    /// At most this many runs or segments in one group.
    public static let groupLimit = 3

    public init(running: [Double], dwell: [Double]) {
        precondition(running.count == dwell.count, "a dwell for each segment")
        self.running = running
        self.dwell = dwell
    }

    /// Where the train stood after each run.
    public enum Place: Sendable, Hashable {
        /// At the end of segment `index` (0-based from the anchor): a station.
        case station(Int)
        /// At a signal within segment `index`.
        case signal(Int)
    }

    /// The most likely place after each run, given the runs' durations in seconds (departure to stop, in order,
    /// the first leaving the anchor's station); nil when no placement fits the route (more runs than it can hold).
    public func decode(runs: [Double]) -> [Place]? { placement(runs: runs)?.places }

    /// The most likely places, as `decode(runs:)`, with the cost of the best placement ending at each place the
    /// train may stand at after the last run (a place missing fits no placement). The best placement's cost less
    /// another place's says how much better it explains the runs: a small margin to a neighbouring station says the
    /// last place is a guess between them.
    public func placement(runs: [Double]) -> (places: [Place], lastPlaceCosts: [Place: Double])? {
        let n = runs.count, segments = running.count
        guard n > 0 else { return ([], [:]) }
        let infinity = Double.infinity
        // cost[i][j]: the best cost of the first i runs ending at the station after segment j − 1 (j segments done).
        var cost = [[Double]](repeating: [Double](repeating: infinity, count: segments + 1), count: n + 1)
        var back = [[(k: Int, m: Int)]](repeating: [(k: Int, m: Int)](repeating: (0, 0), count: segments + 1), count: n + 1)
        cost[0][0] = 0
        for i in 1...n {
            for j in 1...max(segments, 1) where j <= segments {
                for k in 1...min(Self.groupLimit, i) {
                    for m in 1...min(Self.groupLimit, j) {
                        let before = cost[i - k][j - m]
                        guard before < infinity else { continue }
                        let felt = runs[(i - k)..<i].reduce(0, +)
                        let total = before + groupCost(felt: felt, segments: (j - m)..<j, runs: k)
                        if total < cost[i][j] {
                            cost[i][j] = total
                            back[i][j] = (k, m)
                        }
                    }
                }
            }
        }
        // The last runs may instead end at a signal within the next segment: a run shorter than that segment's.
        var best = (cost: infinity, j: -1, open: 0)
        // The best cost of each last place: the station after j segments (open 0), or a signal within segment j.
        var ends: [(cost: Double, j: Int, signal: Bool)] = []
        for j in 0...segments {
            if cost[n][j] < infinity { ends.append((cost[n][j], j, false)) }
            if cost[n][j] < best.cost { best = (cost[n][j], j, 0) }
            guard j < segments else { continue }
            for k in 1...min(Self.groupLimit, n) where cost[n - k][j] < infinity {
                let felt = runs[(n - k)..<n].reduce(0, +)
                // Short of the segment's end: a signal stop; how much short says nothing, so only its rarity counts.
                guard felt < running[j] + spread(j..<(j + 1), missed: 0) else { continue }
                let total = cost[n - k][j] + Double(k) * signalStopCost
                ends.append((total, j, true))
                if total < best.cost { best = (total, j, k) }
            }
        }
        guard best.j >= 0 else { return nil }
        var lastPlaceCosts: [Place: Double] = [:]
        for end in ends {
            let place = end.signal ? Place.signal(end.j) : Place.station(end.j - 1)
            lastPlaceCosts[place] = min(lastPlaceCosts[place] ?? infinity, end.cost)
        }
        var places: [Place] = Array(repeating: .signal(best.j), count: best.open)
        var i = n - best.open, j = best.j
        while i > 0 {
            let (k, m) = back[i][j]
            places.insert(.station(j - 1), at: 0)
            for _ in 1..<k { places.insert(.signal(j - m), at: 0) }
            i -= k
            j -= m
        }
        return (places, lastPlaceCosts)
    }

    private func groupCost(felt: Double, segments: Range<Int>, runs: Int) -> Double {
        var expected = 0.0
        for s in segments {
            expected += running[s]
            if s < segments.upperBound - 1 { expected += dwell[s] }
        }
        // The model's spread bounds how much shorter a run can be; taken as two standard deviations.
        let sigma = spread(segments, missed: segments.count - 1) / 2
        let z = (felt - expected) / sigma
        return z * z / 2 + Double(runs - 1) * signalStopCost + Double(segments.count - 1) * missedStopCost
    }

    /// The spread of a group's running time: each running time 15 % + 5 s, each dwell run through 30 %, as a root sum
    /// of squares, plus 3 s for the detector's own timing.
    private func spread(_ segments: Range<Int>, missed: Int) -> Double {
        var squares = 0.0
        for s in segments {
            let r = ArrivalUncertainty.runningShare * running[s] + ArrivalUncertainty.runningFloorSeconds
            squares += r * r
            if s < segments.upperBound - 1 {
                let d = ArrivalUncertainty.dwellShare * dwell[s]
                squares += d * d
            }
        }
        return squares.squareRoot() + 3
    }
}
