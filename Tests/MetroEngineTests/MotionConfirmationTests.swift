import Foundation
import MetroEngine
import MetroModel
import MetroTestSupport
import Testing

/// "Yours is next" confirmed by a stop felt at the station before the destination (model §5.5 item 5), through the
/// engine: akademmistechko → beresteiska on Monday 08:00 (0 akademmistechko, 1 zhytomyrska, 2 sviatoshyn, 3 nyvky,
/// 4 beresteiska), the accelerometer scripted from the trip's own schedule with every run `scale` times as long.
@Suite("Motion: yours is next confirmed at the stop before the destination (model §5.5)")
struct MotionConfirmationTests {
    /// The script of the ride and the true stands (seconds after t0) at each station.
    static func script(_ trip: Trip, scale: Double, signalBefore: Int? = nil) -> (MotionScript, stands: [Double]) {
        let e = trip.events
        var pieces: [MotionScript.Piece] = []
        var stands: [Double] = [0]
        var at = 0.0
        for i in 1..<e.count {
            let run = Double(e[i].arrival - e[i - 1].departure) / 1e9 * scale
            if i == signalBefore {
                // A stand of 25 s at a signal 40 s before the station: the run split in two.
                pieces += [.run(seconds: run - 40), .still(seconds: 25), .run(seconds: 40)]
                at += 25
            } else {
                pieces.append(.run(seconds: run))
            }
            at += run
            stands.append(at)
            let dwell = i == e.count - 1 ? 30 : Double(e[i].departure - e[i].arrival) / 1e9
            pieces.append(.still(seconds: dwell))
            at += dwell
        }
        return (MotionScript(pieces, rotation: MotionScript.pocket, seed: 11), stands)
    }

    static func confirmations(_ decisions: [MotionDecision]) -> [Instant] {
        decisions.compactMap { if case .confirm(let at) = $0.confirmation { return at } else { return nil } }
    }

    /// A rig riding akademmistechko → beresteiska from now, with the script of its ride (`script`) and the stands.
    static func ride(scale: Double, signalBefore: Int? = nil) throws
        -> (rig: EngineRig, t0: Instant, trip: Trip, script: MotionScript, stands: [Double])
    {
        let rig = EngineRig(wallUnix: mondayMorning)
        let t0 = rig.clock.now
        let trip = try rig.ride("akademmistechko", "beresteiska")
        let (script, stands) = Self.script(trip, scale: scale, signalBefore: signalBefore)
        return (rig, t0, trip, script, stands)
    }

    /// The alerts the engine played, by cue, in seconds after t0.
    static func played(_ rig: EngineRig, _ cue: HapticCue, since t0: Instant) -> [Double] {
        rig.haptics.played.filter { $0.cue == cue }.map { Double($0.at - t0) / 1e9 }
    }

    @Test("a slow train: yours is next at the model's instant, and once more as the train stands at nyvky; nothing else moves")
    func aSlowTrainIsConfirmedAtTheStopBefore() throws {
        let (rig, t0, trip, script, stands) = try Self.ride(scale: 1.12)
        let decisions = try MotionEngineTests.feed(script, to: rig, from: t0)
        let confirmed = Self.confirmations(decisions)
        #expect(confirmed.count == 1, "once a trip: \(confirmed)")
        let at = try #require(confirmed.first)
        let error = Double(at - t0) / 1e9 - stands[3]
        #expect(error >= -2 && error <= 5, "confirmed \(error) s from the stand at nyvky")
        let warnings = Self.played(rig, .yoursIsNext, since: t0)
        let scheduled = try #require(trip.alerts().first { $0.kind == .nextStop })
        let scheduledSeconds = Double(scheduled.instant - t0) / 1e9
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.first == scheduledSeconds, "the press-only warning at its own instant")
        let last = try #require(warnings.last)
        let atNyvky = last >= stands[3] && last < stands[4]
        #expect(atNyvky, "the last warning at nyvky: \(last), stands \(stands)")
        // Nothing moved: the schedule and every alert are the press's, "get off now" at the model's arrival.
        let after = try #require(rig.trip)
        #expect(after.events == trip.events)
        #expect(after.alerts() == trip.alerts())
        let getOff = Self.played(rig, .getOffNow, since: t0)
        let modelArrival = Double(trip.arrival - t0) / 1e9
        #expect(getOff.first == modelArrival)
        #expect(rig.engine.active?.nextStopConfirmed != nil, "recorded, so a restart neither repeats nor replays it")

        // Decided once a stop, in the batch that reports it, not at every second the train stands (the decoder runs
        // over every run since the anchor); once confirmed, never again.
        func reportsAStop(_ decision: MotionDecision) -> Bool { if case .stop = decision.events.last { true } else { false } }
        let confirming = try #require(decisions.firstIndex { if case .confirm = $0.confirmation { true } else { false } })
        let decided = decisions.indices.filter { decisions[$0].confirmation != nil }
        #expect(decided.allSatisfy { reportsAStop(decisions[$0]) }, "decided only in a batch that reports a stop")
        let stopBatches = decisions[...confirming].filter(reportsAStop).count
        #expect(decided.count == stopBatches && decided.last == confirming,
                "\(decided.count) decisions for \(stopBatches) stops reported, the last at the confirmation")
    }

    @Test("a train so slow that get off now has sounded before it reaches nyvky: no confirmation")
    func noneAfterGetOffNow() throws {
        let (rig, t0, trip, script, stands) = try Self.ride(scale: 1.4)
        let modelArrival = Double(trip.arrival - t0) / 1e9
        #expect(stands[3] > modelArrival, "the model's arrival comes before the stand at nyvky")
        let decisions = try MotionEngineTests.feed(script, to: rig, from: t0)
        #expect(Self.confirmations(decisions).isEmpty)
        #expect(decisions.contains { $0.confirmation == .no(.arrivalNear) })
        #expect(Self.played(rig, .yoursIsNext, since: t0).count == 1)
    }

    @Test("a stand at a signal just before nyvky: never confirmed there, at most once, and never after the doors open")
    func aSignalStopIsNotConfirmed() throws {
        let (rig, t0, _, script, stands) = try Self.ride(scale: 1.12, signalBefore: 3)
        let decisions = try MotionEngineTests.feed(script, to: rig, from: t0)
        let confirmed = Self.confirmations(decisions).map { Double($0 - t0) / 1e9 }
        #expect(confirmed.count <= 1)
        // Whatever the decoder makes of the split run, a confirmation can only be the stand at nyvky itself.
        let atNyvky = confirmed.allSatisfy { $0 >= stands[3] - 2 && $0 <= stands[3] + 5 }
        #expect(atNyvky, "\(confirmed), stands \(stands)")
        let warnings = Self.played(rig, .yoursIsNext, since: t0)
        #expect(warnings.allSatisfy { $0 < stands[4] }, "never after the doors open: \(warnings)")
    }

    /// Rides the slow train's script on a first rig until `restartAt` seconds after t0, restores the stored trip on
    /// a second rig there and feeds it the rest; returns the second rig and its decisions.
    static func restarted(at restartAt: Double) throws -> (EngineRig, [MotionDecision], stands: [Double], t0: Instant) {
        let (first, t0, _, script, stands) = try Self.ride(scale: 1.12)
        let batches = script.batches(from: t0)
        let restart = Instant(nanoseconds: t0.nanoseconds + Int64(restartAt * 1e9))
        for batch in batches {
            guard let last = batch.last, last.at <= restart else { continue }
            first.clock.advance(to: last.at)
            first.engine.motion(batch, now: last.at)
        }
        // Through its stored form, as a restart reads it.
        let kept = try #require(first.store.activeTrip)
        let stored = try JSONDecoder().decode(ActiveTrip.self, from: JSONEncoder().encode(kept))
        #expect(stored == kept)
        let second = EngineRig(now: restart, wallUnix: mondayMorning + Int64(restartAt))
        second.engine.restore(stored, now: restart)
        var decisions: [MotionDecision] = []
        for batch in batches {
            guard let last = batch.last, last.at > restart else { continue }
            second.clock.advance(to: last.at)
            if let d = second.engine.motion(batch, now: last.at) { decisions.append(d) }
        }
        return (second, decisions, stands, t0)
    }

    @Test("after a restart the confirmation is neither given again nor replayed; the alert it repeated replays as ever")
    func aRestartAfterTheConfirmation() throws {
        let stands = try Self.restarted(at: 0).stands
        let (later, laterDecisions, _, t0) = try Self.restarted(at: stands[3] + 8)
        #expect(later.engine.active?.nextStopConfirmed != nil, "the confirmation was stored before the restart")
        #expect(later.haptics.replayed.map(\.kind) == [.nextStop], "the scheduled alert, once, not delivered")
        #expect(Self.confirmations(laterDecisions).isEmpty)
        let before = Instant(nanoseconds: t0.nanoseconds + Int64(stands[4] * 1e9))
        #expect(later.haptics.played.filter { $0.cue == .yoursIsNext && $0.at < before }.isEmpty)
    }

    @Test("a restart before the stand at nyvky: the detector has not watched since the anchor, so nothing is confirmed")
    func aRestartBeforeTheStand() throws {
        let (_, decisions, stands, _) = try Self.restarted(at: 200)
        #expect(stands[3] > 200)
        #expect(Self.confirmations(decisions).isEmpty)
        #expect(decisions.contains { $0.confirmation == .no(.notWatchedSinceAnchor) })
    }
}
