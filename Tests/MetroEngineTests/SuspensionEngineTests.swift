import MetroEngine
import MetroModel
import Testing

/// `metrotimer suspend` / `resume` through the engine: persisted, in the status, and refusing plans through the
/// stretch exactly as the data file's flag does.
@Suite struct SuspensionEngineTests {
    let surface = SuspendedStretch(from: "dnipro", to: "livoberezhna")

    @Test func aSuspendedStretchRefusesChoosingAndStartingNamingIt() throws {
        let rig = EngineRig()
        try rig.engine.chooseRoute(from: "arsenalna", to: "lisova", now: rig.clock.now)
        #expect(try rig.engine.suspend(surface, now: rig.clock.now))
        #expect(rig.store.suspensions == [surface], "stored before it applies")
        #expect(rig.publisher.last?.suspensions == [surface], "shown in the status")
        expectRefusedWithoutTrace(rig, .plan(.suspended(from: "dnipro", to: "livoberezhna"))) { () throws(EngineError) in
            try rig.engine.chooseRoute(from: "lisova", to: "khreshchatyk", now: rig.clock.now)
        }
        expectRefusedWithoutTrace(rig, .plan(.suspended(from: "dnipro", to: "livoberezhna"))) { () throws(EngineError) in
            _ = try rig.engine.start(t0: rig.clock.now, wall: rig.wall, now: rig.clock.now)
        }
        // The underground keeps running.
        try rig.ride("akademmistechko", "arsenalna")
        #expect(rig.engine.active != nil)
    }

    @Test func suspendingTwiceChangesNothingAndResumeLiftsIt() throws {
        let rig = EngineRig()
        try rig.engine.suspend(surface, now: rig.clock.now)
        let writes = rig.store.writes.count
        #expect(try rig.engine.suspend(SuspendedStretch(from: "livoberezhna", to: "dnipro"), now: rig.clock.now) == false)
        #expect(rig.store.writes.count == writes, "the same stretch named the other way round is no new write")
        #expect(try rig.engine.resume(SuspendedStretch(from: "vokzalna", to: "universytet"), now: rig.clock.now).isEmpty)
        #expect(try rig.engine.resume(SuspendedStretch(from: "livoberezhna", to: "dnipro"), now: rig.clock.now) == [surface])
        #expect(rig.store.suspensions.isEmpty && rig.engine.suspensions.isEmpty)
        try rig.engine.chooseRoute(from: "lisova", to: "khreshchatyk", now: rig.clock.now)
        #expect(rig.engine.selectedRoute == RouteChoice(from: "lisova", to: "khreshchatyk"))
    }

    @Test func aStretchAcrossLinesIsRefused() {
        let rig = EngineRig()
        expectRefusedWithoutTrace(rig, .suspension(Phrase(
            uk: "Дніпро і Теремки на різних лініях: перегін лежить на одній лінії",
            en: "Dnipro and Teremky are on different lines: a stretch lies on one line"))) { () throws(EngineError) in
            try rig.engine.suspend(SuspendedStretch(from: "dnipro", to: "teremky"), now: rig.clock.now)
        }
    }

    @Test func aFailedWriteSuspendsNothing() {
        let rig = EngineRig()
        rig.store.failNextWrites = 1
        expectEngineError(.storage("injected write failure")) { () throws(EngineError) in
            try rig.engine.suspend(surface, now: rig.clock.now)
        }
        #expect(rig.engine.suspensions.isEmpty)
        #expect(throws: Never.self) { try rig.engine.chooseRoute(from: "arsenalna", to: "lisova", now: rig.clock.now) }
    }

    @Test func storedSuspensionsApplyAfterARestart() {
        let rig = EngineRig(suspensions: [surface])
        expectEngineError(.plan(.suspended(from: "dnipro", to: "livoberezhna"))) { () throws(EngineError) in
            try rig.engine.chooseRoute(from: "hidropark", to: "arsenalna", now: rig.clock.now)
        }
    }
}
