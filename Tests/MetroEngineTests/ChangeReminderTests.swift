import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

/// "Change here" asks for the "train departed" press, and one reminder repeats the ask while the change is not
/// confirmed (model §4): universytet → poshtova-ploshcha on Monday 08:00 (model §13 ex. 2). The exit khreshchatyk
/// is reached at 202 and left at 227; the m2 train is booked at 398 after a 51 s wait; its earliest plausible
/// departure is 260 (wait none, walk 40 % shorter, the spread of two segments), so the reminder is due at 275.
@Suite("The \"train departed\" reminder after a change (model §4, §5.3)")
struct ChangeReminderTests {
    @Test("unanswered, the ride has one reminder at 275, between change here and yours is next, armed like any alert")
    func oneReminderWhenNoPressComes() throws {
        let rig = EngineRig(wallUnix: mondayMorning)
        let t0 = rig.clock.now
        let trip = try rig.ride("universytet", "poshtova-ploshcha")
        let alerts = trip.alerts()
        #expect(alerts.map(\.kind) == [.transfer, .trainDepartedReminder, .nextStop, .arrival])
        #expect(alerts.map { $0.instant.after(t0) } == [87, 275, 341, 508])
        #expect(alerts[1].station == "maidan-nezalezhnosti", "the reminder names the station the next train leaves from")

        rig.clock.runUntilDisarmed()
        #expect(rig.haptics.cues == [.acknowledged, .changeHere, .trainDepartedReminder, .yoursIsNext, .getOffNow])
        #expect(rig.haptics.alertCues.map { $0.at.after(t0) } == [87, 275, 341, 508])
        #expect(rig.alarm.armedInstants.map { $0.after(t0) } == [87, 275, 341, 508, 1108],
                "one wake-up for the reminder, on the boot-time instant, and nothing ticking between")
        #expect(rig.clock.wakeUps == 5)
        let fired = try #require(rig.store.savedTrips.compactMap { $0 }.last?.fired)
        #expect(fired[.trainDepartedReminder].map { $0.after(t0) } == 275, "stored as fired like any alert")
    }

    @Test("a train departed press before the reminder removes it: never armed again, never felt")
    func pressBeforeTheReminder() throws {
        let rig = EngineRig(wallUnix: mondayMorning)
        let t0 = rig.clock.now
        try rig.ride("universytet", "poshtova-ploshcha")
        rig.clock.advance(seconds: 240)
        #expect(rig.alarm.armed.map { $0.after(t0) } == 275, "armed for the reminder until the press")
        let armedBefore = rig.alarm.armedInstants.count
        try rig.engine.trainDeparted(now: rig.clock.now)
        let after = try #require(rig.trip?.alerts())
        #expect(!after.map(\.kind).contains(.trainDepartedReminder))
        #expect(rig.alarm.armed.map { $0.after(t0) } != 275)
        rig.clock.runUntilDisarmed()
        #expect(!rig.haptics.cues.contains(.trainDepartedReminder))
        #expect(!rig.alarm.armedInstants.dropFirst(armedBefore).contains { $0.after(t0) == 275 },
                "the press disarmed it: nothing wakes at 275")
        #expect(rig.engine.active == nil && rig.store.endedTrips.first?.outcome == .expired)
    }

    @Test("a press after the reminder stops its buzz and it does not come back")
    func pressStopsTheReminder() throws {
        let rig = EngineRig(wallUnix: mondayMorning)
        let t0 = rig.clock.now
        try rig.ride("universytet", "poshtova-ploshcha")
        rig.clock.advance(seconds: 275)
        #expect(rig.haptics.cues.last == .trainDepartedReminder)
        rig.clock.advance(seconds: 1)
        try rig.engine.trainDeparted(now: rig.clock.now)
        #expect(rig.haptics.withdrawn.map(\.kind) == [.trainDepartedReminder], "the buzz stops with the press")
        #expect(rig.haptics.withdrawn.first?.at.after(t0) == 276)
        // Another "train departed" or a +1 does not bring it back: the change is confirmed.
        rig.clock.advance(seconds: 10)
        try rig.engine.trainDeparted(now: rig.clock.now)
        #expect(rig.haptics.withdrawn.map(\.kind) == [.trainDepartedReminder], "withdrawn once, not at every correction")
        rig.clock.runUntilDisarmed()
        #expect(rig.haptics.cues.filter { $0 == .trainDepartedReminder }.count == 1)
    }

    @Test("no reminder on a ride without a change, or when the change is the destination")
    func noReminderWithoutAChange() throws {
        let rig = EngineRig()
        let straight = try rig.ride("akademmistechko", "khreshchatyk")
        #expect(!straight.alerts().map(\.kind).contains(.trainDepartedReminder))
        let other = EngineRig()
        let walkOnly = try other.ride("khreshchatyk", "maidan-nezalezhnosti")
        #expect(!walkOnly.alerts().map(\.kind).contains(.trainDepartedReminder))
    }

    @Test("a reminder due while the daemon was down fires at once after the restart")
    func missedReminderFiresOnRestore() throws {
        let (rig, t0) = try restartedRide("universytet", "poshtova-ploshcha", wallUnix: mondayMorning, runFirstFor: 100,
                                          restoreAfter: 290)
        #expect(rig.haptics.played.map(\.cue) == [.trainDepartedReminder])
        #expect(rig.engine.active?.fired[.trainDepartedReminder] == t0 + 290)
        #expect(rig.alarm.armed.map { $0.after(t0) } == 341)
    }

    @Test("a fired, undelivered reminder plays again after a restart, but not once the press confirmed the change")
    func undeliveredReminderReplays() throws {
        let (rig, t0) = try restartedRide("universytet", "poshtova-ploshcha", wallUnix: mondayMorning, runFirstFor: 280,
                                          restoreAfter: 285)
        #expect(rig.haptics.replayed.map(\.kind) == [.transfer, .trainDepartedReminder])
        #expect(rig.haptics.replayed.last?.firedAt == t0 + 275)

        let first = EngineRig(wallUnix: mondayMorning)
        try first.ride("universytet", "poshtova-ploshcha")
        first.clock.advance(seconds: 280)
        first.engine.alertDelivered(.transfer, now: first.clock.now)
        try first.engine.trainDeparted(now: first.clock.now)
        let stored = try #require(first.store.activeTrip)
        #expect(stored.fired[.trainDepartedReminder] != nil && stored.delivered[.trainDepartedReminder] == nil)
        let second = EngineRig(now: first.clock.now + 5, wallUnix: mondayMorning + 285)
        second.engine.restore(stored, now: second.clock.now)
        #expect(!second.haptics.replayed.map(\.kind).contains(.trainDepartedReminder),
                "the press answered the reminder: it is not played again")
        #expect(second.haptics.replayed.map(\.kind) == [.nextStop], "the yours-is-next the press brought forward is")
    }
}
