import MetroEngine
import MetroGTFS
import MetroModel
import MetroTestSupport

/// The lab's noisy world on an imported network: the feed's own trips, each run a little differently — every
/// running time off by the world's noise, a train now and then held at a stop, the rider's press a moment after
/// the train pulls out — and ridden through the real engine on that network (`ImportedNetwork`), start press
/// only. "Yours is next" is judged against the true doors-open: late when after it, in the window when at or
/// after the true arrival at the stop before.
///
/// One-line rides, from a call of a trip to a later one with a stop between, taken only where the engine's own
/// route is that trip's stations on that line (a rider the planner would send by an express or through a change
/// is not on this trip); and rides with a change (FeedWorld+Changes.swift).
public struct FeedWorld {
    /// The figures of one line, or of rides changing from one line to another.
    public struct Figures: Sendable, Equatable {
        public var rides = 0
        /// "Yours is next" after the true doors-open at the destination.
        public var late = 0
        /// At or after the true arrival at the stop before, and not late.
        public var inWindow = 0
        /// Never sounded (swallowed: the arrival was 30 s away or less when it fell due).
        public var silent = 0
        /// Seconds from "yours is next" to the true doors-open.
        public var lead = ValueHistogram()
        /// Draws the planner routes otherwise (not judged).
        public var otherRoute = 0
        /// "Train departed" presses the engine refused (the rider was asked, pressed as the train pulled out, and
        /// the press fell outside the change's window): the rider was then warned as if they had not pressed.
        public var refusedPresses = 0
        /// GPS fixes fed to the engine, and the snaps it applied (rows with GPS).
        public var fixes = 0
        public var snaps = 0
        public init() {}
    }

    public let network: ImportedNetwork
    public let world: WorldAssumptions
    /// The local midnight (Unix seconds) of the service day the rides run on.
    public let serviceMidnight: Int64
    public internal(set) var figures: [String: Figures] = [:]
    /// The stations under open sky (the lab's own truth: FeedWorld+GPS.swift); none, no GPS rows.
    public let openSky: Set<String>
    /// What GPS taught passive calibration, by the key of the rows with GPS.
    public internal(set) var calibration: [String: CalibrationBias] = [:]
    /// The GPS riders' own stream (their press and fixes), apart from the world's.
    var gpsRandom: SplitMix64

    public init(network: ImportedNetwork, world: WorldAssumptions, serviceMidnight: Int64, openSky: Set<String> = [],
                gpsSeed: UInt64 = 0)
    {
        self.network = network
        self.world = world
        self.serviceMidnight = serviceMidnight
        self.openSky = openSky
        gpsRandom = SplitMix64.stream(seed: gpsSeed, 0x6750)
    }

    /// Rides `count` draws on one trip.
    public mutating func ride(line: String, calls: [FeedDigestBuilder.Call], count: Int, _ random: inout SplitMix64) {
        guard calls.count >= 3 else { return }
        for _ in 0..<count {
            let boarding = Int(random.next() % UInt64(calls.count - 2))
            let destination = boarding + 2 + Int(random.next() % UInt64(calls.count - boarding - 2))
            ride(line: line, calls: Array(calls[boarding...destination]), &random)
        }
    }

    /// One ride from the first call to the last.
    mutating func ride(line: String, calls: [FeedDigestBuilder.Call], _ random: inout SplitMix64) {
        let from = StationID(calls[0].station), to = StationID(calls[calls.count - 1].station)
        let departureUnix = serviceMidnight + Int64(calls[0].departure)
        guard let route = try? network.route(from: from, to: to, leavingAtUnixSeconds: departureUnix),
              route.map(\.station.rawValue) == calls.map(\.station), route.allSatisfy({ $0.line.rawValue == line })
        else { figures[line, default: Figures()].otherRoute += 1; return }
        let times = trueTimes(calls, &random)
        let arrivals = times.arrival
        judge(line, from: from, to: to, departureUnix: departureUnix,
              stopBefore: arrivals[arrivals.count - 2], doorsOpen: arrivals[arrivals.count - 1], &random)
        judgeWithGPS(line, from: from, to: to, departureUnix: departureUnix, stopBefore: arrivals[arrivals.count - 2],
                     doorsOpen: arrivals[arrivals.count - 1], stops: TrueStops(calls: calls, times: times))
    }

    /// When a train truly was at each call, in seconds after it pulled out of the first: doors open and doors
    /// closed (the same at the first and last call).
    public struct TrueTimes: Sendable, Equatable {
        public var arrival: [Double]
        public var departure: [Double]
    }

    /// The truth of a train running `calls`, in seconds after it pulled out of the first: each arrival and
    /// departure, with the world's noise on every running time and now and then a hold at a stop.
    func trueTimes(_ calls: some Collection<FeedDigestBuilder.Call>, _ random: inout SplitMix64) -> TrueTimes {
        let calls = Array(calls)
        var arrivals: [Double] = [0]
        var departures: [Double] = [0]
        var clock = 0.0
        for k in 1..<calls.count {
            clock += max(Double(calls[k].arrival - calls[k - 1].departure) + random.uniform(world.runningNoise), 1)
            arrivals.append(clock)
            if k < calls.count - 1 {
                clock += Double(calls[k].departure - calls[k].arrival)
                if random.chance(world.holdChance) { clock += random.uniform(world.hold) }
            }
            departures.append(clock)
        }
        return TrueTimes(arrival: arrivals, departure: departures)
    }

    /// Rides the engine from `from` to `to`, the train pulling out at `departureUnix`, and judges its "yours is
    /// next" against the truth: the arrival at the stop before and the doors opening at `to`, in seconds after the
    /// train pulled out. The figures are kept under `key`. The rider presses only at the start, unless
    /// `secondTrainPullsOut` is given: then, if the engine has asked ("change here" or the reminder), they press
    /// "train departed" a moment after the train of a change pulls out, that many seconds after the first. With
    /// `gps`, the engine gets those fixes at their instants (those after the press) and what they taught passive
    /// calibration is compared with the ride's true stops.
    mutating func judge(_ key: String, from: StationID, to: StationID, departureUnix: Int64,
                        stopBefore: Double, doorsOpen: Double, secondTrainPullsOut: Double? = nil,
                        gps: (fixes: [SimulatedFix], stops: TrueStops)? = nil, _ random: inout SplitMix64) {
        let pulledOut = Instant(seconds: 10_000)
        let press = Instant(nanoseconds: pulledOut.nanoseconds + Int64((random.uniform(world.pressDelay) * 1e9).rounded()))
        let rig = LabRig(network: network, now: pulledOut)
        let wall = WallClockMapping(unixNanosecondsAtZero: departureUnix * 1_000_000_000 - pulledOut.nanoseconds)
        do {
            try rig.engine.chooseRoute(from: from, to: to, now: rig.now)
            rig.advance(to: press)
            try rig.engine.start(t0: press, wall: wall, now: press)
        } catch {
            figures[key, default: Figures()].otherRoute += 1
            return
        }
        func instant(_ seconds: Double) -> Instant {
            Instant(nanoseconds: pulledOut.nanoseconds + Int64((seconds * 1e9).rounded()))
        }
        if let secondTrainPullsOut {
            let departed = instant(secondTrainPullsOut)
            rig.advance(to: departed)
            let asked = rig.haptics.played.contains { ($0.cue == .changeHere || $0.cue == .trainDepartedReminder) && $0.at <= departed }
            let press = instant(secondTrainPullsOut + random.uniform(world.pressDelay))
            if asked {
                rig.advance(to: press)
                do { try rig.engine.trainDeparted(now: press) } catch { figures[key, default: Figures()].refusedPresses += 1 }
            }
        }
        var fed = 0
        for fix in gps?.fixes ?? [] {
            let at = instant(fix.seconds)
            guard at > press else { continue }  // the trip starts with the press
            rig.feed(fix, at: at, wall: wall, latencySeconds: world.gpsLatencySeconds)
            fed += 1
        }
        let doorsOpenInstant = instant(doorsOpen)
        rig.advance(to: doorsOpenInstant + 60)
        var tally = figures[key, default: Figures()]
        tally.rides += 1
        if let gps {
            tally.fixes += fed
            tally.snaps += rig.engine.active?.trip.gpsCorrections ?? 0
            // The rider is off by now; the ride started from an empty store, so it holds what this ride taught.
            if rig.engine.active != nil { try? rig.engine.arrived(now: rig.now) }
            calibration[key, default: CalibrationBias()].add(rig.engine.calibration) { gps.stops.runningTime($0) }
        }
        // The cue the rider feels, as the Kyiv lab reads it: the engine's trip may be over by now (a ride whose
        // estimate ran early ends before the true arrival).
        if let nextStop = rig.firstPlayed(.yoursIsNext) {
            let lead = Double(doorsOpenInstant.nanoseconds - nextStop.nanoseconds) / 1e9
            tally.lead.add(Int(lead.rounded(.down)))
            if nextStop > doorsOpenInstant {
                tally.late += 1
            } else if Double(nextStop.nanoseconds - pulledOut.nanoseconds) / 1e9 >= stopBefore {
                tally.inWindow += 1
            }
        } else {
            tally.silent += 1
        }
        figures[key] = tally
    }

    /// The figures as a Markdown table, line by line (`1 → 2`: rides changing from the 1 to the 2).
    public func markdown(title: String) -> String {
        var text = "| line | rides | \"yours is next\" after the doors open | in the window (from the stop before) | before the doors open, p50 / p90, s | not sounded | planned otherwise | \"train departed\" refused |\n"
        text += "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |\n"
        for line in figures.keys.sorted() {
            let f = figures[line]!
            func percent(_ n: Int) -> String { f.rides == 0 ? "–" : ScheduleTruth.percent(100.0 * Double(n) / Double(f.rides)) }
            let refused = line.hasSuffix(Self.pressingTrainDeparted) ? "\(f.refusedPresses) (\(percent(f.refusedPresses)))" : "–"
            text += "| \(line) | \(f.rides) | \(f.late) (\(percent(f.late))) | \(percent(f.inWindow)) | "
                + "\(f.lead.median ?? 0) / \(f.lead.percentile(0.9) ?? 0) | \(f.silent) | \(f.otherRoute) | \(refused) |\n"
        }
        return "\(title)\n\n" + text
    }
}
