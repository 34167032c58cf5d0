import MetroEngine
import MetroModel
import MetroTestSupport

/// When the engine buzzed each alert of one ride, in seconds after the train truly pulled out (nil: never).
public struct AlertTimes: Sendable, Equatable {
    public var transfer: Double?
    public var nextStop: Double?
    public var arrival: Double?
    /// "Train departed" presses the engine refused (the model did not have the rider changing lines then).
    public var refusedPresses = 0
    /// GPS snaps the engine applied.
    public var snaps = 0
    /// Whether the "train departed" reminder played during the ride, and whether it played after the rider's
    /// "train departed" press had been taken (it must not: the press removes it).
    public var reminded = false
    public var remindedAfterPress = false
    /// Whether the reminder came only after the train after the change had truly left (too late to ask).
    public var remindedAfterDeparture = false
    /// A rider who does what is asked was never asked to press "train departed" before the train left.
    public var notAsked = false
    /// "Yours is next" by the rule before the never-late bound (at the arrival at the stop before the
    /// destination), for the start press only; nil when that rule would not have sounded it.
    public var nextStopBeforePolicy: Double?
    /// What the ride's GPS fixes taught passive calibration, against the ride's truth (empty without GPS).
    public var calibration = CalibrationBias()
    /// How the stop detector did on the ride's synthetic trace (empty without motion).
    public var motion = MotionDetection()

    public init(transfer: Double?, nextStop: Double?, arrival: Double?) {
        self.transfer = transfer
        self.nextStop = nextStop
        self.arrival = arrival
    }

    /// The same alerts on a ride whose press came `seconds` later (all instants shift with t0).
    public func shifted(by seconds: Double) -> AlertTimes {
        var moved = self
        moved.transfer = transfer.map { $0 + seconds }
        moved.nextStop = nextStop.map { $0 + seconds }
        moved.arrival = arrival.map { $0 + seconds }
        moved.nextStopBeforePolicy = nextStopBeforePolicy.map { $0 + seconds }
        return moved
    }
}

/// A time of day the lab rides at: a name and the Unix time of the first train's departure.
public struct RideSlot: Sendable, Equatable {
    public var name: String
    public var unix: Int64
    public init(name: String, unix: Int64) {
        self.name = name
        self.unix = unix
    }

    /// Peak, midday, evening, near the last trains (on Tuesday 15 September 2026) and the weekend (Saturday 19).
    public static let standard: [RideSlot] = [
        RideSlot(name: "peak 08:15", unix: KyivTime.unixSeconds(year: 2026, month: 9, day: 15, hour: 8, minute: 15, second: 0)),
        RideSlot(name: "midday 12:30", unix: KyivTime.unixSeconds(year: 2026, month: 9, day: 15, hour: 12, minute: 30, second: 0)),
        RideSlot(name: "evening 18:00", unix: KyivTime.unixSeconds(year: 2026, month: 9, day: 15, hour: 18, minute: 0, second: 0)),
        RideSlot(name: "late 22:40", unix: KyivTime.unixSeconds(year: 2026, month: 9, day: 15, hour: 22, minute: 40, second: 0)),
        RideSlot(name: "weekend 14:00", unix: KyivTime.unixSeconds(year: 2026, month: 9, day: 19, hour: 14, minute: 0, second: 0)),
    ]
}

/// Rides routes through the real engine on a virtual clock.
public struct EngineRider {
    public let network: Network
    /// Where rides start on the boot-time timeline (not 0, like a board some time after boot).
    public static let bootBase = Instant(seconds: 7_200)

    public init(network: Network) { self.network = network }

    private func wall(_ slot: RideSlot) -> WallClockMapping {
        WallClockMapping(unixNanosecondsAtZero: slot.unix * 1_000_000_000 - EngineRider.bootBase.nanoseconds)
    }

    private func seconds(_ instant: Instant?, since origin: Instant) -> Double? {
        instant.map { Double($0 - origin) / 1e9 }
    }

    /// The alerts of a ride with the start press only, the press at the slot's instant; nil when the route
    /// cannot be ridden. They do not depend on how the ride truly went, so the lab plans them once per route and
    /// time of day and shifts them by each ride's press delay.
    public func startOnlyAlerts(from: StationID, to: StationID, slot: RideSlot) -> AlertTimes? {
        let t0 = EngineRider.bootBase
        let rig = LabRig(network: network, now: t0)
        do {
            try rig.engine.chooseRoute(from: from, to: to, now: t0)
            try rig.engine.start(t0: t0, wall: wall(slot), now: t0)
        } catch { return nil }
        let trip = rig.engine.active!.trip
        rig.advance(to: trip.expiry - 1)
        var times = AlertTimes(transfer: seconds(rig.firstPlayed(.changeHere), since: t0),
                               nextStop: seconds(rig.firstPlayed(.yoursIsNext), since: t0),
                               arrival: seconds(rig.firstPlayed(.getOffNow), since: t0))
        times.reminded = rig.firstPlayed(.trainDepartedReminder) != nil
        times.nextStopBeforePolicy = EngineRider.beforePolicyNextStop(trip).map { Double($0 - t0) / 1e9 }
        return times
    }

    /// "Yours is next" on a ride with the start press only by the rule before the never-late bound: at the
    /// modelled arrival at the stop before the destination (the model's `stopBeforeDestinationArrival`), or
    /// never when that is within the 30 s of the arrival that swallow it (`AlertFiring`). The engine fired every
    /// alert of such a ride at its planned instant, so this is what it did on the same schedule.
    public static func beforePolicyNextStop(_ trip: Trip) -> Instant? {
        let instant = trip.stopBeforeDestinationArrival
        let swallowed = trip.arrival - instant <= Int64(AlertFiring.nextStopSuppressionSeconds) * 1_000_000_000
        return swallowed ? nil : instant
    }

    /// The lab's window for "yours is next" (docs/accuracy.md, `Tally`); nil when the route has no stop before
    /// the destination.
    static func window(route: [RouteEvent], truth: TrueRide) -> ClosedRange<Double>? {
        Tally.penultimate(of: route).map(truth.nextStopWindow(at:))
    }

    /// One ride with corrections: the engine sees the press, then the behaviour's "train departed" press or GPS
    /// fixes at the instants the true ride puts them, and the rider's "I'm off" when the doors open (or when
    /// "get off now" came, if later).
    public func ride(from: StationID, to: StationID, slot: RideSlot, truth: TrueRide, behaviour: RiderBehaviour,
                     world: World, _ random: inout SplitMix64) -> AlertTimes?
    {
        let origin = EngineRider.bootBase  // the true departure
        func instant(_ s: Double) -> Instant { Instant(nanoseconds: origin.nanoseconds + Int64((s * 1e9).rounded())) }
        let t0 = instant(truth.pressDelay)
        let mapping = wall(slot)
        let rig = LabRig(network: network, now: t0)
        do {
            try rig.engine.chooseRoute(from: from, to: to, now: t0)
            try rig.engine.start(t0: t0, wall: mapping, now: t0)
        } catch { return nil }
        let route = rig.engine.active!.trip.route
        var refused = 0
        var notAsked = false
        var pressTaken: Instant?
        var motionDetection = MotionDetection()
        var confirmedAt: Instant?
        switch behaviour {
        case .startOnly:
            break
        case .trainDeparted:
            if let k = route.indices.dropLast().first(where: { route[$0].isTransfer }) {
                let departed = instant(truth.departure[k])
                rig.advance(to: departed)
                let asked = rig.haptics.played.contains { ($0.cue == .changeHere || $0.cue == .trainDepartedReminder) && $0.at <= departed }
                if asked {
                    let press = instant(truth.departure[k] + truth.changePressDelay)
                    rig.advance(to: press)
                    do {
                        try rig.engine.trainDeparted(now: press)
                        pressTaken = press
                    } catch { refused += 1 }
                } else {
                    notAsked = true
                }
            }
        case .motion:
            let trace = world.motionTrace(route: route, truth: truth, origin: origin, &random)
            var events: [(MotionEvent, Double)] = []
            let batch = max(Int(MotionAssumptions.standard.sampleRate), 1)
            var start = trace.samples.firstIndex { $0.at >= t0 } ?? trace.samples.count
            while start < trace.samples.count {
                let end = min(start + batch, trace.samples.count)
                let samples = Array(trace.samples[start..<end])
                let now = samples[samples.count - 1].at
                rig.advance(to: now)
                if let decision = rig.engine.motion(samples, now: now) {
                    events += decision.events.map { ($0, now.seconds) }
                    if let taken = decision.departureTaken {
                        motionDetection.noteTaken(at: taken.at.seconds, truth: truth.departure[taken.change])
                    }
                    if case .confirm = decision.confirmation, let window = EngineRider.window(route: route, truth: truth) {
                        motionDetection.noteConfirmed(at: now.seconds, window: window.lowerBound,
                                                      doorsOpen: truth.destinationArrival)
                        confirmedAt = now
                    }
                }
                start = end
            }
            motionDetection.add(trace: trace, events: events, from: truth.pressDelay, end: truth.destinationArrival)
        case .gps:
            for fix in world.fixes(route: route, truth: truth, &random) {
                rig.feed(fix, at: instant(fix.seconds), wall: mapping, latencySeconds: world.assumptions.gpsLatencySeconds)
            }
        }
        // Until "get off now" has sounded (it may come after the doors opened) or the trip is gone.
        let doorsOpen = instant(truth.destinationArrival)
        rig.advance(to: doorsOpen)
        if rig.firstPlayed(.getOffNow) == nil, let trip = rig.engine.active?.trip {
            rig.advance(to: trip.arrival)
        }
        // A correction may move "yours is next" later after it sounded (it then sounds again): the warning that
        // counts is the last one before the doors opened, else the first one after.
        let warnings = rig.haptics.played.filter { $0.cue == .yoursIsNext }.map(\.at)
        let warning = warnings.last { $0 <= doorsOpen } ?? warnings.first
        // What the confirmation changed: the warning that would have counted without it.
        if let confirmed = confirmedAt, let window = EngineRider.window(route: route, truth: truth) {
            var without = warnings
            if let i = without.firstIndex(of: confirmed) { without.remove(at: i) }
            let before = without.last { $0 <= doorsOpen } ?? without.first
            func inside(_ w: Instant?) -> Bool { w.map { window.contains($0.seconds) } ?? false }
            if inside(warning) && !inside(before) { motionDetection.confirmationsGained += 1 }
            if !inside(warning) && inside(before) { motionDetection.confirmationsLost += 1 }
            if warnings.contains(where: { $0 > confirmed && $0 <= doorsOpen }) { motionDetection.confirmationsRepeated += 1 }
        }
        var times = AlertTimes(transfer: seconds(rig.firstPlayed(.changeHere), since: origin),
                               nextStop: seconds(warning, since: origin),
                               arrival: seconds(rig.firstPlayed(.getOffNow), since: origin))
        times.snaps = rig.engine.active?.trip.gpsCorrections ?? 0
        let reminders = rig.haptics.played.filter { $0.cue == .trainDepartedReminder }.map(\.at)
        times.reminded = !reminders.isEmpty
        times.remindedAfterPress = pressTaken.map { taken in reminders.contains { $0 > taken } } ?? false
        times.notAsked = notAsked
        if let k = route.indices.dropLast().first(where: { route[$0].isTransfer }), let first = reminders.first {
            times.remindedAfterDeparture = first > instant(truth.departure[k])
        }
        if rig.engine.active != nil { try? rig.engine.arrived(now: max(rig.now, doorsOpen)) }
        times.refusedPresses = refused
        times.motion = motionDetection
        // The ride started from an empty store: whatever it holds now, this ride taught it.
        if behaviour == .gps { times.calibration.add(rig.engine.calibration) { truth.runningTime($0, route: route) } }
        return times
    }
}
