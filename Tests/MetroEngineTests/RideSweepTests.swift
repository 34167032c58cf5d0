import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

@Suite("A sweep of whole rides on the virtual clock")
struct RideSweepTests {
    static let seed: UInt64 = 0x4B79_6976_4D65_7472
    /// How late a wake-up (or the start after its button edge) may be delivered in this sweep.
    static let granularityNanoseconds: Int64 = 250_000_000

    /// Weekday early morning and rush hour, a Friday evening, a Saturday late evening (service warnings).
    static let wallTimes: [Int64] = [
        kyivUnix(2026, 8, 17, 6, 5), kyivUnix(2026, 8, 17, 8, 15), kyivUnix(2026, 8, 21, 17, 40),
        kyivUnix(2026, 8, 22, 22, 40),
    ]

    @Test("200 random station pairs at several times: every alert once, in order, on time; expiry journaled once")
    func sweep() throws {
        var random = SplitMix64(seed: Self.seed)
        let stations = kyiv.stationOrder
        var pairs: [(StationID, StationID)] = []
        while pairs.count < 200 {
            let from = stations.randomElement(using: &random)!
            let to = stations.randomElement(using: &random)!
            if from != to { pairs.append((from, to)) }
        }
        var problems: [String] = []
        var rides = 0
        for (from, to) in pairs {
            for wallUnix in Self.wallTimes {
                let lateness = Int64.random(in: 0...Self.granularityNanoseconds, using: &random)
                let t0 = bootT0 + Int.random(in: 0...86_400, using: &random)
                problems += ride(from, to, t0: t0, wallUnix: wallUnix, lateness: lateness)
                rides += 1
            }
        }
        #expect(rides == 800)
        #expect(problems.isEmpty, "\(problems.count) problems (seed \(Self.seed)), first: \(problems.prefix(8))")
    }

    /// Rides one route to its expiry and returns what went wrong.
    func ride(_ from: StationID, _ to: StationID, t0: Instant, wallUnix: Int64, lateness: Int64) -> [String] {
        let name = "\(from)→\(to) at \(KyivTime.civil(unixSeconds: wallUnix)) lateness \(lateness) ns"
        let rig = EngineRig(now: t0, wallUnix: wallUnix)
        rig.clock.latenessNanoseconds = lateness
        var journaledAt: [Instant] = []
        rig.store.beforeWrite = { write in if case .endTrip = write { journaledAt.append(rig.clock.now) } }
        let trip: Trip
        do {
            try rig.engine.chooseRoute(from: from, to: to, now: t0)
            rig.clock.advance(to: Instant(nanoseconds: t0.nanoseconds + lateness))
            trip = try rig.engine.start(t0: t0, wall: rig.wall, now: rig.clock.now).trip
        } catch {
            return ["\(name): \(error)"]
        }
        rig.clock.runUntilDisarmed()

        var problems: [String] = []
        let plans = trip.alerts()
        let played = rig.haptics.alertCues
        if played.map(\.cue) != plans.map({ HapticCue(alert: $0.kind) }) {
            problems.append("\(name): alerts \(played.map(\.cue)) for plans \(plans.map(\.kind))")
        }
        for (plan, cue) in zip(plans, played) {
            let late = cue.at - plan.instant
            if late < 0 { problems.append("\(name): \(plan.kind.rawValue) \(-late) ns early") }
            if late > Self.granularityNanoseconds { problems.append("\(name): \(plan.kind.rawValue) \(late) ns late") }
        }
        if journaledAt.count != 1 || rig.store.endedTrips.count != 1 {
            problems.append("\(name): journaled \(rig.store.endedTrips.count) times")
        } else if let at = journaledAt.first {
            let late = at - trip.expiry
            if late < 0 || late > Self.granularityNanoseconds { problems.append("\(name): expired \(late) ns off") }
            if trip.expiry != trip.arrival + 600 { problems.append("\(name): expiry is not arrival + 600 s") }
            let entry = rig.store.endedTrips[0]
            if entry.outcome != .expired || entry.finalSeconds != entry.plannedSeconds {
                problems.append("\(name): journal \(entry)")
            }
        }
        if rig.engine.active != nil || rig.alarm.armed != nil { problems.append("\(name): not idle at the end") }
        let futureInstants = Set(plans.map(\.instant).filter { $0 > rig.alarm.history[0].at })
        if rig.clock.wakeUps != futureInstants.count + 1 {
            problems.append("\(name): \(rig.clock.wakeUps) wake-ups for \(futureInstants.count) alerts and expiry")
        }
        return problems
    }
}
