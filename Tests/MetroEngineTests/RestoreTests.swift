import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

@Suite("Restore after a restart (model §12.4)")
struct RestoreTests {
    @Test("restoring nothing is idle and arms nothing")
    func restoreNil() {
        let rig = EngineRig()
        rig.engine.restore(nil, now: rig.clock.now)
        #expect(rig.engine.active == nil)
        #expect(rig.publisher.last?.state == .idle)
        #expect(rig.alarm.history.map(\.instant) == [nil])
        #expect(rig.store.writes.isEmpty && rig.haptics.played.isEmpty)
        rig.clock.advance(seconds: 86_400)
        #expect(rig.clock.wakeUps == 0)
    }

    @Test("an alert missed while down fires at once, then the ride goes on")
    func missedAlertFiresAtOnce() throws {
        let (rig, t0) = try restartedRide("akademmistechko", "khreshchatyk", restoreAfter: 1250)
        #expect(rig.haptics.played == [RecordingHaptics.Played(cue: .yoursIsNext, at: t0 + 1250)])
        #expect(rig.store.activeTrip?.fired == [.nextStop: t0 + 1250], "the late firing is stored")
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1334)
        rig.clock.runUntilDisarmed()
        #expect(rig.haptics.cues == [.yoursIsNext, .getOffNow])
        #expect(rig.store.endedTrips.count == 1)
    }

    @Test("an alert that fired before the restart does not fire again")
    func firedBeforeRestartStaysFired() throws {
        let (rig, t0) = try restartedRide("akademmistechko", "khreshchatyk", runFirstFor: 1220, restoreAfter: 1250)
        #expect(rig.haptics.played.isEmpty)
        #expect(rig.engine.active?.fired == [.nextStop: t0 + 1207])
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1334)
        #expect(rig.store.writes.isEmpty, "nothing changed, nothing to store")
    }

    @Test("a trip past its expiry is journaled expired exactly once")
    func pastExpiry() throws {
        let (rig, t0) = try restartedRide("akademmistechko", "khreshchatyk", restoreAfter: 2000)
        #expect(rig.engine.active == nil)
        #expect(rig.store.endedTrips.count == 1)
        let entry = try #require(rig.store.endedTrips.first)
        #expect(entry.outcome == .expired && entry.t0 == t0 && entry.finalSeconds == 1334)
        #expect(rig.haptics.alertCues.isEmpty, "an expired trip does not buzz its stale alerts")
        #expect(rig.alarm.armed == nil)
        #expect(rig.publisher.last?.state == .idle)
        rig.clock.advance(seconds: 86_400)
        rig.engine.tick(now: rig.clock.now)
        #expect(rig.store.endedTrips.count == 1)
    }

    @Test("a trip stored after a correction restores with its corrected schedule and counters")
    func correctedTripRestores() throws {
        let first = EngineRig()
        let t0 = first.clock.now
        try first.ride("akademmistechko", "khreshchatyk")
        first.clock.advance(seconds: 300)
        try first.engine.step(+1, now: first.clock.now)
        let stored = try #require(first.store.activeTrip)
        let second = EngineRig(now: t0 + 600)
        second.engine.restore(stored, now: second.clock.now)
        #expect(second.engine.active?.trip == stored.trip)
        #expect(second.engine.active?.trip.lateCorrections == 1)
        // Yours is next after the +1 at 300 s (which anchored 180 s later than planned): the stop before, or sooner
        // when less of the ride's spread lies ahead of the new anchor.
        #expect(second.alarm.armed == stored.trip.alerts().first { $0.kind == .nextStop }?.instant)
        #expect(second.alarm.armed.map { $0.after(t0) } == 1392)
    }
}
