import Dispatch
import Synchronization
import MetroModel
import MetroTestSupport

/// Which rides a tally counts.
public enum RideKind: String, CaseIterable, Sendable {
    case oneLine = "one line"
    case change = "with a change"
    case surface = "with a surface stretch"
}

/// The size of a corpus: which pairs, how many rides each, the seed.
public struct CorpusPlan: Sendable {
    public var seed: UInt64
    /// Rides per pair, time of day and world with the start press only (planned once, replayed against each).
    public var startOnlyRides: Int
    /// Rides per pair, time of day and world for each correcting behaviour (each runs the engine).
    public var correctingRides: Int
    /// Every `pairStride`-th ordered pair (1: all 2 652).
    public var pairStride: Int
    public var slots: [RideSlot]
    /// Rides per pair, time of day and world for the motion rider (each synthesises a trace; 0: none).
    public var motionRides: Int

    public init(seed: UInt64, startOnlyRides: Int, correctingRides: Int, pairStride: Int = 1,
                slots: [RideSlot] = RideSlot.standard, motionRides: Int = 2)
    {
        self.motionRides = motionRides
        self.seed = seed
        self.startOnlyRides = startOnlyRides
        self.correctingRides = correctingRides
        self.pairStride = pairStride
        self.slots = slots
    }
}

/// Route-length buckets (stations ridden) for the late share by route length.
public enum LengthBucket: Int, CaseIterable, Sendable {
    case one, two, three, fourToSix, sevenToTen, elevenToFifteen, sixteenOrMore
    public init(stations: Int) {
        switch stations {
        case ...1: self = .one
        case 2: self = .two
        case 3: self = .three
        case 4...6: self = .fourToSix
        case 7...10: self = .sevenToTen
        case 11...15: self = .elevenToFifteen
        default: self = .sixteenOrMore
        }
    }
    public var label: String { ["1", "2", "3", "4–6", "7–10", "11–15", "16+"][rawValue] }
}

/// The figures of a corpus, by time of day × headway reading × behaviour × kind of ride, and (start press only)
/// by time of day × route length.
public struct CorpusFigures: Sendable, Equatable {
    public var slots: [String]
    public var tallies: [Key: Tally] = [:]
    public var byLength: [LengthKey: Tally] = [:]
    /// The same rides with the start press only, scored with "yours is next" by the rule before the never-late
    /// bound (`EngineRider.beforePolicyNextStop`): the "before" of the comparison, from the same corpus.
    public var beforePolicy: [Key: Tally] = [:]
    public var pairs = 0
    public var unplannable = 0

    public struct Key: Hashable, Sendable {
        public var slot: Int
        public var reading: HeadwayReading
        public var behaviour: RiderBehaviour
        public var kind: RideKind
    }
    public struct LengthKey: Hashable, Sendable {
        public var slot: Int
        public var bucket: LengthBucket
    }

    public init(slots: [String]) { self.slots = slots }

    public mutating func merge(_ o: CorpusFigures) {
        for (k, v) in o.tallies { tallies[k, default: Tally()].merge(v) }
        for (k, v) in o.byLength { byLength[k, default: Tally()].merge(v) }
        for (k, v) in o.beforePolicy { beforePolicy[k, default: Tally()].merge(v) }
        pairs += o.pairs
        unplannable += o.unplannable
    }

    /// All rides matching the filters (nil: any).
    public func total(slot: Int? = nil, reading: HeadwayReading? = nil, behaviour: RiderBehaviour? = nil,
                      kind: RideKind? = nil) -> Tally
    {
        var sum = Tally()
        for (k, v) in tallies where (slot ?? k.slot) == k.slot && (reading ?? k.reading) == k.reading
            && (behaviour ?? k.behaviour) == k.behaviour && (kind ?? k.kind) == k.kind
        {
            sum.merge(v)
        }
        return sum
    }

    /// The rides with the start press only, scored by the rule before the policy change (nil filters: any).
    public func totalBeforePolicy(slot: Int? = nil, reading: HeadwayReading? = nil, kind: RideKind? = nil) -> Tally {
        var sum = Tally()
        for (k, v) in beforePolicy where (slot ?? k.slot) == k.slot && (reading ?? k.reading) == k.reading
            && (kind ?? k.kind) == k.kind
        {
            sum.merge(v)
        }
        return sum
    }
}

/// Runs a corpus: every pair at every time of day in both worlds, each ride through the engine.
public struct Corpus: Sendable {
    public let worlds: [World]
    public let plan: CorpusPlan

    public init(worlds: [World], plan: CorpusPlan) {
        self.worlds = worlds
        self.plan = plan
    }

    /// The ordered pairs of the corpus.
    public var pairs: [(StationID, StationID)] {
        let ids = worlds[0].network.allStations.map(\.id)
        var out: [(StationID, StationID)] = []
        for a in ids { for b in ids where a != b { out.append((a, b)) } }
        return stride(from: 0, to: out.count, by: plan.pairStride).map { out[$0] }
    }

    /// The figures. Work is split into a fixed number of chunks whatever the number of cores; every ride draws
    /// from its own stream, so the result is the same on every run and machine.
    public func run(chunks: Int = 16) -> CorpusFigures {
        let pairs = self.pairs
        // Each chunk hands its figures over under a lock: the chunks' threads share nothing else.
        let results = Mutex([CorpusFigures?](repeating: nil, count: chunks))
        let sendablePairs = pairs.map { [$0.0, $0.1] }
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var figures = CorpusFigures(slots: plan.slots.map(\.name))
            for index in stride(from: chunk, to: sendablePairs.count, by: chunks) {
                runPair(index: index, from: sendablePairs[index][0], to: sendablePairs[index][1], into: &figures)
            }
            results.withLock { $0[chunk] = figures }
        }
        var total = CorpusFigures(slots: plan.slots.map(\.name))
        // Merged in chunk order, so the sums come out the same on every run.
        for f in results.withLock({ $0 }) { if let f { total.merge(f) } }
        return total
    }

    private func runPair(index: Int, from: StationID, to: StationID, into figures: inout CorpusFigures) {
        let network = worlds[0].network
        guard let route = try? network.route(from: from, to: to) else { figures.unplannable += 1; return }
        figures.pairs += 1
        let penultimate = Tally.penultimate(of: route)
        let transferIndex = route.indices.dropLast().first { route[$0].isTransfer }
        let exit = transferIndex.map { $0 - 1 }
        let hasChange = route.contains { $0.isTransfer }
        let hasSurface = route.dropFirst().contains { network.station($0.station)?.isSurface == true }
        var kinds: [RideKind] = [hasChange ? .change : .oneLine]
        if hasSurface { kinds.append(.surface) }
        let rider = EngineRider(network: network)
        let bucket = LengthBucket(stations: route.count - 1)
        for (s, slot) in plan.slots.enumerated() {
            guard let planned = rider.startOnlyAlerts(from: from, to: to, slot: slot) else { continue }
            for world in worlds {
                let readingIndex = UInt64(HeadwayReading.allCases.firstIndex(of: world.headwayReading)!)
                var behaviours: [RiderBehaviour] = [.startOnly]
                if hasChange { behaviours.append(.trainDeparted) }
                if hasSurface { behaviours.append(.gps) }
                if plan.motionRides > 0 { behaviours.append(.motion) }
                for behaviour in behaviours {
                    let b = UInt64(RiderBehaviour.allCases.firstIndex(of: behaviour)!)
                    var random = SplitMix64.stream(seed: plan.seed, UInt64(index), UInt64(s), readingIndex, b)
                    let count = behaviour == .startOnly ? plan.startOnlyRides
                        : behaviour == .motion ? plan.motionRides : plan.correctingRides
                    var tally = Tally()
                    var before = Tally()
                    for _ in 0..<count {
                        let truth = world.drawRide(route: route, departureUnix: Double(slot.unix), &random)
                        let alerts: AlertTimes?
                        if behaviour == .startOnly {
                            alerts = planned.shifted(by: truth.pressDelay)
                        } else {
                            alerts = rider.ride(from: from, to: to, slot: slot, truth: truth, behaviour: behaviour,
                                                world: world, &random)
                        }
                        guard let alerts else { continue }
                        tally.add(truth: truth, alerts: alerts, penultimate: penultimate, exit: exit)
                        if behaviour == .startOnly {
                            var old = alerts
                            old.nextStop = alerts.nextStopBeforePolicy
                            before.add(truth: truth, alerts: old, penultimate: penultimate, exit: exit)
                        }
                    }
                    for kind in kinds {
                        let key = CorpusFigures.Key(slot: s, reading: world.headwayReading, behaviour: behaviour, kind: kind)
                        figures.tallies[key, default: Tally()].merge(tally)
                        if behaviour == .startOnly { figures.beforePolicy[key, default: Tally()].merge(before) }
                    }
                    if behaviour == .startOnly {
                        figures.byLength[CorpusFigures.LengthKey(slot: s, bucket: bucket), default: Tally()].merge(tally)
                    }
                }
            }
        }
    }
}
