import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

@Suite("Watchers and the published status (model §11)")
struct WatcherAndStatusTests {
    @Test("without watchers the alarm is armed only at alerts and expiry; with them also at each arrival")
    func watchersWakeAtArrivals() throws {
        let rig = EngineRig()
        let t0 = rig.clock.now
        let trip = try rig.ride("akademmistechko", "khreshchatyk")
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1207, "yours is next")

        rig.engine.hasWatchers = true
        #expect(rig.alarm.armed.map { $0.after(t0) } == 120, "zhytomyrska, where the snapshot changes next")
        let publishedBefore = rig.publisher.published.count
        rig.clock.advance(to: t0 + 1219)
        let arrivals = trip.events.dropFirst().map(\.arrival).filter { $0 <= t0 + 1219 }
        // "Yours is next" comes at 1207, between universytet and teatralna: one more wake-up, for the alert.
        let wakes = (arrivals + [t0 + 1207]).sorted()
        #expect(rig.clock.wakeUps == wakes.count, "one wake-up per arrival up to teatralna, and the alert")
        let pushed = rig.publisher.published.dropFirst(publishedBefore)
        #expect(pushed.map(\.now) == wakes, "a status at each arrival and at the alert")
        let remaining = pushed.compactMap(\.snapshot?.stopsRemaining)
        #expect(remaining == [9, 8, 7, 6, 5, 4, 3, 2, 2, 1], "each arrival pushes a changed snapshot")
        #expect(Set(pushed.compactMap(\.snapshot?.nextStop)).count == pushed.count - 1)

        rig.engine.hasWatchers = false
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1334, "back to alerts only")
        rig.engine.hasWatchers = true
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1334, "khreshchatyk is both the next arrival and the alert")
        rig.clock.runUntilDisarmed()
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext, .getOffNow], "watching never changes the alerts")
        #expect(rig.store.endedTrips.count == 1)
    }

    @Test("state is idle, riding, arrived, then idle after expiry")
    func rideStates() throws {
        let rig = EngineRig()
        let t0 = rig.clock.now
        #expect(rig.engine.status(now: t0).state == .idle)
        try rig.engine.chooseRoute(from: "akademmistechko", to: "khreshchatyk", now: t0)
        #expect(rig.publisher.last?.state == .idle)
        try rig.engine.start(t0: t0, wall: rig.wall, now: t0)
        #expect(rig.publisher.last?.state == .riding)
        #expect(rig.publisher.last?.snapshot?.stopsRemaining == 10)
        #expect(rig.engine.status(now: t0 + 1333).state == .riding)
        rig.clock.advance(to: t0 + 1334)
        #expect(rig.publisher.last?.state == .arrived && rig.publisher.last?.now == t0 + 1334)
        #expect(rig.publisher.last?.snapshot?.stopsRemaining == 0)
        #expect(rig.engine.status(now: t0 + 1933).state == .arrived)
        rig.clock.advance(to: t0 + 1934)
        #expect(rig.publisher.last?.state == .idle && rig.publisher.last?.active == nil)
        #expect(rig.publisher.last?.route == RouteChoice(from: "akademmistechko", to: "khreshchatyk"),
                "the route stays chosen for the next ride")
    }

    @Test("a +1 after the arrival turns arrived back into riding")
    func plusOneAfterArrival() throws {
        let rig = EngineRig()
        let t0 = rig.clock.now
        try rig.ride("akademmistechko", "khreshchatyk")
        rig.clock.advance(seconds: 1340)
        #expect(rig.publisher.last?.state == .arrived)
        try rig.engine.step(+1, now: rig.clock.now)
        #expect(rig.publisher.last?.state == .riding)
        #expect(rig.publisher.last?.snapshot?.stopsRemaining == 1)
        #expect(rig.trip?.arrival.after(t0) == 1340 + 25 + 90)
    }

    @Test("a start before the first train (04:30) warns with cannot but still starts")
    func serviceWarning() throws {
        let rig = EngineRig(wallUnix: kyivUnix(2026, 8, 17, 4, 30))
        try rig.ride("akademmistechko", "khreshchatyk")
        #expect(rig.engine.active?.service?.kind == .beforeFirst)
        #expect(rig.haptics.cues == [.cannot])
        #expect(rig.publisher.last?.state == .riding)
    }
}
