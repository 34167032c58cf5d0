import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

/// Schedule reminders through the engine on a virtual wall clock: armed once for the next reminder, buzz "time to
/// go" and choose the route when due, stored, and re-armed for the next day.
@Suite struct ReminderEngineTests {
    let route = RouteChoice(from: "lisova", to: "teremky")
    let monday0700 = kyivUnix(2026, 8, 17, 7, 0)

    @Test func aReminderIsArmedForItsWallTimeAndOnlyThat() throws {
        let rig = EngineRig()
        let number = try rig.engine.addReminder(hour: 7, minute: 40, days: try ReminderDays.parse("mon-fri"), route: route,
                                                wallNowUnixSeconds: monday0700, now: rig.clock.now)
        #expect(number == 1)
        #expect(rig.store.reminders.reminders.count == 1, "stored")
        #expect(rig.wallAlarm.armed == kyivUnix(2026, 8, 17, 7, 40))
        try rig.engine.addReminder(hour: 18, minute: 5, days: .daily, route: RouteChoice(from: "teremky", to: "lisova"),
                                   wallNowUnixSeconds: monday0700, now: rig.clock.now)
        #expect(rig.wallAlarm.armed == kyivUnix(2026, 8, 17, 7, 40), "one alarm: the earliest reminder")
        #expect(rig.engine.selectedRoute == nil && rig.haptics.cues.isEmpty, "nothing happens before it is due")
    }

    @Test func whenDueItBuzzesTimeToGoChoosesTheRouteAndArmsTheNextDay() throws {
        let rig = EngineRig()
        try rig.engine.addReminder(hour: 7, minute: 40, days: try ReminderDays.parse("mon-fri"), route: route,
                                   wallNowUnixSeconds: monday0700, now: rig.clock.now)
        // A spurious wake-up a second early does nothing.
        rig.engine.remindersDue(wallNowUnixSeconds: kyivUnix(2026, 8, 17, 7, 39, 59), now: rig.clock.now)
        #expect(rig.haptics.cues.isEmpty && rig.engine.selectedRoute == nil)
        rig.engine.remindersDue(wallNowUnixSeconds: kyivUnix(2026, 8, 17, 7, 40), now: rig.clock.now)
        #expect(rig.haptics.cues == [.timeToGo])
        #expect(rig.engine.selectedRoute == route && rig.store.selectedRoute == route)
        #expect(rig.engine.active == nil, "a reminder never starts a trip: the press on the platform does")
        #expect(rig.store.reminders.reminders.first?.lastFiredUnixSeconds == kyivUnix(2026, 8, 17, 7, 40))
        #expect(rig.wallAlarm.armed == kyivUnix(2026, 8, 18, 7, 40))
        // Friday's fires, then Monday's is next.
        rig.engine.remindersDue(wallNowUnixSeconds: kyivUnix(2026, 8, 21, 7, 40, 5), now: rig.clock.now)
        #expect(rig.wallAlarm.armed == kyivUnix(2026, 8, 24, 7, 40))
        #expect(rig.haptics.cues == [.timeToGo, .timeToGo])
    }

    @Test func aReminderDuringATripDoesNotTouchIt() throws {
        let rig = EngineRig()
        try rig.engine.addReminder(hour: 12, minute: 5, days: .daily, route: route, wallNowUnixSeconds: mondayNoon,
                                   now: rig.clock.now)
        try rig.ride("akademmistechko", "khreshchatyk")
        let cues = rig.haptics.cues
        rig.engine.remindersDue(wallNowUnixSeconds: kyivUnix(2026, 8, 17, 12, 5), now: rig.clock.now)
        #expect(rig.haptics.cues == cues, "no time-to-go buzz in the middle of a ride")
        #expect(rig.engine.selectedRoute == RouteChoice(from: "akademmistechko", to: "khreshchatyk"))
        #expect(rig.wallAlarm.armed == kyivUnix(2026, 8, 18, 12, 5))
    }

    @Test func theSpringGapSkipsTheDayAndTheAutumnRepeatFiresOnce() throws {
        let rig = EngineRig()
        try rig.engine.addReminder(hour: 3, minute: 30, days: .daily, route: route,
                                   wallNowUnixSeconds: kyivUnix(2026, 3, 28, 12, 0), now: rig.clock.now)
        #expect(rig.wallAlarm.armed == kyivUnix(2026, 3, 30, 3, 30), "29 March has no 03:30")
        #expect(rig.log.lines.contains { $0.message.contains("does not exist on 2026-03-29") }, "the skipped day is named")
        try rig.engine.removeReminder(number: 1, wallNowUnixSeconds: kyivUnix(2026, 3, 28, 12, 0), now: rig.clock.now)
        #expect(rig.wallAlarm.armed == nil, "no reminders: nothing armed, nothing wakes")

        try rig.engine.addReminder(hour: 3, minute: 30, days: .daily, route: route,
                                   wallNowUnixSeconds: kyivUnix(2026, 10, 24, 12, 0), now: rig.clock.now)
        let first = try #require(rig.wallAlarm.armed)
        #expect(KyivTime.civil(unixSeconds: first).description == "2026-10-25T03:30:00+03:00")
        rig.engine.remindersDue(wallNowUnixSeconds: first, now: rig.clock.now)
        #expect(rig.haptics.cues == [.timeToGo])
        // An hour later the clock shows 03:30 again.
        rig.engine.remindersDue(wallNowUnixSeconds: first + 3600, now: rig.clock.now)
        #expect(rig.haptics.cues == [.timeToGo], "the repeated hour fires once")
        #expect(rig.wallAlarm.armed == kyivUnix(2026, 10, 26, 3, 30))
    }

    /// The note that a reminder's time does not exist on a day is logged once, not again at each add or remove of
    /// another reminder while it holds.
    @Test func theSkippedDayIsLoggedOnce() throws {
        let rig = EngineRig()
        let wall = kyivUnix(2026, 3, 28, 12, 0)
        try rig.engine.addReminder(hour: 3, minute: 30, days: .daily, route: route, wallNowUnixSeconds: wall, now: rig.clock.now)
        try rig.engine.addReminder(hour: 7, minute: 40, days: .daily, route: route, wallNowUnixSeconds: wall, now: rig.clock.now)
        try rig.engine.addReminder(hour: 8, minute: 10, days: .daily, route: route, wallNowUnixSeconds: wall, now: rig.clock.now)
        try rig.engine.removeReminder(number: 3, wallNowUnixSeconds: wall, now: rig.clock.now)
        rig.engine.rearmReminders(wallNowUnixSeconds: wall + 60)
        let notes = rig.log.lines.filter { $0.message.contains("does not exist on 2026-03-29") }
        #expect(notes.count == 1, "\(notes.map(\.message))")
        // Once it no longer holds and holds again (a year on), it is news again.
        rig.engine.rearmReminders(wallNowUnixSeconds: kyivUnix(2026, 4, 2, 12, 0))
        rig.engine.rearmReminders(wallNowUnixSeconds: kyivUnix(2027, 3, 27, 12, 0))
        #expect(rig.log.lines.filter { $0.message.contains("does not exist on 2027-03-28") }.count == 1)
    }

    @Test func aClockStepReArmsOnTheNewClock() throws {
        let rig = EngineRig()
        try rig.engine.addReminder(hour: 7, minute: 40, days: .daily, route: route, wallNowUnixSeconds: monday0700,
                                   now: rig.clock.now)
        // The wall clock is stepped forward past 07:40 by three hours (it was wrong): 07:40 is long gone.
        rig.engine.remindersDue(wallNowUnixSeconds: kyivUnix(2026, 8, 17, 10, 41), now: rig.clock.now)
        #expect(rig.haptics.cues.isEmpty, "found hours late: missed, not buzzed")
        #expect(rig.log.lines.contains { $0.message.contains("missed") })
        #expect(rig.wallAlarm.armed == kyivUnix(2026, 8, 18, 7, 40))
    }

    @Test func badRequestsAreRefusedWithoutTrace() throws {
        let rig = EngineRig(suspensions: [SuspendedStretch(from: "dnipro", to: "livoberezhna")])
        expectRefusedWithoutTrace(rig, .plan(.suspended(from: "dnipro", to: "livoberezhna"))) { () throws(EngineError) in
            try rig.engine.addReminder(hour: 7, minute: 40, days: .daily, route: route, wallNowUnixSeconds: monday0700,
                                       now: rig.clock.now)
        }
        expectRefusedWithoutTrace(rig, .reminder(.noSuchReminder(1, count: 0))) { () throws(EngineError) in
            try rig.engine.removeReminder(number: 1, wallNowUnixSeconds: monday0700, now: rig.clock.now)
        }
        #expect(rig.wallAlarm.history.isEmpty)
    }
}
