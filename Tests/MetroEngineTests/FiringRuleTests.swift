import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

/// A trip started on one rig and handed over (as the store holds it) to a fresh engine at `restoreAfter` seconds
/// after t0: the daemon restarting. Returns the new rig and t0.
func restartedRide(_ from: StationID, _ to: StationID, wallUnix: Int64 = mondayNoon, runFirstFor: Int = 0,
                   restoreAfter seconds: Int) throws -> (rig: EngineRig, t0: Instant)
{
    let first = EngineRig(wallUnix: wallUnix)
    let t0 = first.clock.now
    try first.ride(from, to)
    first.clock.advance(seconds: runFirstFor)
    let stored = try #require(first.store.activeTrip)
    let second = EngineRig(now: t0 + seconds, wallUnix: wallUnix + Int64(seconds))
    second.engine.restore(stored, now: second.clock.now)
    return (second, t0)
}

@Suite("Firing rules through the engine (model §4)")
struct FiringRuleTests {
    @Test("next_stop is swallowed when the arrival is 30 s away or less, and fires at 31 s")
    func nextStopSuppressedNearArrival() throws {
        // ex. 1: next_stop 1207, arrival 1334. Restarting at 1304 leaves exactly 30 s.
        let (late, t0) = try restartedRide("akademmistechko", "khreshchatyk", restoreAfter: 1304)
        #expect(late.haptics.cues.isEmpty, "next_stop would land together with arrival")
        #expect(late.alarm.armed.map { $0.after(t0) } == 1334)
        late.clock.runUntilDisarmed()
        #expect(late.haptics.cues == [.getOffNow], "only get off now, once")

        let (inTime, t0b) = try restartedRide("akademmistechko", "khreshchatyk", restoreAfter: 1303)
        #expect(inTime.haptics.played.map(\.cue) == [.yoursIsNext])
        #expect(inTime.engine.active?.fired[.nextStop] == t0b + 1303)
    }

    @Test("several alerts due at once fire in trip order")
    func dueTogetherFireInTripOrder() throws {
        // ex. 2: transfer 87, train_departed_reminder 275, next_stop 341 (the earliest plausible arrival less 20 s:
        // the m2 train may come at once), arrival 508.
        let (rig, t0) = try restartedRide("universytet", "poshtova-ploshcha", wallUnix: mondayMorning, restoreAfter: 400)
        #expect(rig.haptics.cues == [.changeHere, .trainDepartedReminder, .yoursIsNext])
        #expect(rig.haptics.played.allSatisfy { $0.at == t0 + 400 })
        #expect(rig.alarm.armed.map { $0.after(t0) } == 508)

        let (after, t0b) = try restartedRide("universytet", "poshtova-ploshcha", wallUnix: mondayMorning, restoreAfter: 520)
        #expect(after.haptics.cues == [.changeHere, .trainDepartedReminder, .getOffNow],
                "next_stop is swallowed next to the arrival")
        #expect(after.engine.active?.fired.keys.sorted() == [.transfer, .trainDepartedReminder, .arrival])
        #expect(after.alarm.armed.map { $0.after(t0b) } == 1108, "only the expiry is left")
    }

    @Test("a +1 after next_stop fired moves it into the future, and it fires again at its new instant")
    func plusOneReArmsAFiredAlert() throws {
        let rig = EngineRig()
        let t0 = rig.clock.now
        try rig.ride("akademmistechko", "khreshchatyk")
        rig.clock.advance(seconds: 1225)
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext])
        // At 1225 the model stands at teatralna; +1 anchors at universytet (dwell 25 still ahead), so teatralna
        // comes at 1225 + 25 + 87 = 1337 and khreshchatyk at 1337 + 25 + 90 = 1452.
        try rig.engine.step(+1, now: rig.clock.now)
        let trip = try #require(rig.trip)
        #expect(trip.alerts().map { $0.instant.after(t0) } == [1337, 1452])
        #expect(rig.engine.active?.fired[.nextStop] == nil, "un-fired: it is in the future again")
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1337)
        rig.clock.runUntilDisarmed()
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext, .yoursIsNext, .getOffNow])
        #expect(rig.haptics.alertCues.map { $0.at.after(t0) } == [1207, 1337, 1452])
        #expect(rig.store.endedTrips.count == 1)
    }

    @Test("a +1 after the arrival alarm withdraws the alarm (its repeats would say get off one station early)")
    func plusOneWithdrawsTheArrivalAlarm() throws {
        let rig = EngineRig()
        let t0 = rig.clock.now
        try rig.ride("akademmistechko", "khreshchatyk")
        rig.clock.advance(seconds: 1340)
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext, .getOffNow])
        #expect(rig.haptics.withdrawn.isEmpty)
        // A refused −1 and a +1 that cannot be stored withdraw nothing.
        expectRefusedWithoutTrace(rig, .correction(.beyondDestination)) { () throws(EngineError) in
            try rig.engine.step(-1, now: rig.clock.now)
        }
        rig.store.failNextWrites = 1
        expectEngineError(.storage("injected write failure")) { () throws(EngineError) in
            try rig.engine.step(+1, now: rig.clock.now)
        }
        #expect(rig.haptics.withdrawn.isEmpty)
        // The +1 (the second button, or the command line, may send it while the alarm still repeats) puts the
        // destination one station ahead again: the alarm must stop, and sound again at the new arrival.
        try rig.engine.step(+1, now: rig.clock.now)
        #expect(rig.haptics.withdrawn == [RecordingHaptics.Withdrawn(kind: .arrival, at: t0 + 1340)])
        rig.clock.runUntilDisarmed()
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext, .getOffNow, .getOffNow])
        #expect(rig.haptics.alertCues.last?.at == t0 + 1340 + 25 + 90)
    }

    @Test("ending a trip withdraws the buzz of its fired alerts, before the acknowledgement")
    func endingWithdrawsFiredAlerts() throws {
        for end in ["arrived", "cancel"] {
            let rig = EngineRig()
            let t0 = rig.clock.now
            try rig.ride("akademmistechko", "khreshchatyk")
            rig.clock.advance(seconds: 1340)
            let cues = rig.haptics.played.count
            if end == "arrived" { try rig.engine.arrived(now: rig.clock.now) } else { try rig.engine.cancel(now: rig.clock.now) }
            #expect(rig.haptics.withdrawn.map(\.kind) == [.nextStop, .arrival], "\(end)")
            #expect(rig.haptics.withdrawn.allSatisfy { $0.at == t0 + 1340 })
            #expect(rig.haptics.cues.dropFirst(cues) == [.acknowledged], "\(end)")
        }
        // Nothing fired yet: nothing to withdraw.
        let early = EngineRig()
        try early.ride("akademmistechko", "khreshchatyk")
        early.clock.advance(seconds: 60)
        try early.engine.cancel(now: early.clock.now)
        #expect(early.haptics.withdrawn.isEmpty)
    }

    @Test("a fired alert is not fired again by a tick, and a tick that changes nothing stores nothing")
    func tickDoesNotReFire() throws {
        let rig = EngineRig()
        let t0 = rig.clock.now
        try rig.ride("akademmistechko", "khreshchatyk")
        rig.clock.advance(seconds: 1207)
        #expect(rig.haptics.alertCues.count == 1)
        let writes = rig.store.writes.count
        for offset in [1207, 1208, 1300, 1333] { rig.engine.tick(now: t0 + offset) }
        #expect(rig.haptics.alertCues.count == 1, "spurious wake-ups never buzz again")
        #expect(rig.store.writes.count == writes)
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1334)
    }

    @Test("an alert fires once even when storing that it fired fails")
    func failedFiringWriteDoesNotDoubleFire() throws {
        let rig = EngineRig(wallUnix: mondayMorning)
        let t0 = rig.clock.now
        try rig.ride("universytet", "poshtova-ploshcha")
        rig.store.failNextWrites = 1
        rig.clock.advance(seconds: 87)
        #expect(rig.store.failedWrites == 1)
        #expect(rig.haptics.alertCues.map(\.cue) == [.changeHere], "the rider is warned even if the disk is not")
        rig.clock.runUntilDisarmed()
        #expect(rig.haptics.alertCues.map(\.cue) == [.changeHere, .trainDepartedReminder, .yoursIsNext, .getOffNow])
        #expect(rig.haptics.alertCues.map { $0.at.after(t0) } == [87, 275, 341, 508])
        let stored = try #require(rig.store.savedTrips.compactMap { $0 }.last)
        #expect(stored.fired[.transfer] == t0 + 87, "the next successful write carries the earlier firing")
    }
}
