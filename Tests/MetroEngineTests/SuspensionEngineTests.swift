import MetroEngine
import MetroTestSupport
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

    // Suspensions are a set of segments (issue 25, item 8).

    @Test func resumingPartOfASuspendedStretchSplitsIt() throws {
        let rig = EngineRig()
        try rig.engine.suspend(SuspendedStretch(from: "akademmistechko", to: "lisova"), now: rig.clock.now)
        let lifted = try rig.engine.resume(SuspendedStretch(from: "hidropark", to: "darnytsia"), now: rig.clock.now)
        #expect(lifted == [SuspendedStretch(from: "hidropark", to: "darnytsia")], "the part asked for is lifted")
        #expect(rig.engine.suspensions == [SuspendedStretch(from: "akademmistechko", to: "hidropark"),
                                           SuspendedStretch(from: "darnytsia", to: "lisova")])
        #expect(rig.store.suspensions == rig.engine.suspensions, "stored as shown")
        // Riding within the lifted part is planned again; through either remaining part it is refused.
        try rig.engine.chooseRoute(from: "hidropark", to: "darnytsia", now: rig.clock.now)
        expectEngineError(.plan(.suspended(from: "darnytsia", to: "lisova"))) { () throws(EngineError) in
            try rig.engine.chooseRoute(from: "livoberezhna", to: "lisova", now: rig.clock.now)
        }
    }

    @Test func aSubStretchOfASuspendedOneChangesNothing() throws {
        let rig = EngineRig()
        try rig.engine.suspend(SuspendedStretch(from: "akademmistechko", to: "lisova"), now: rig.clock.now)
        let writes = rig.store.writes.count
        #expect(try rig.engine.suspend(SuspendedStretch(from: "darnytsia", to: "hidropark"), now: rig.clock.now) == false)
        #expect(rig.store.writes.count == writes)
        #expect(rig.engine.suspensions == [SuspendedStretch(from: "akademmistechko", to: "lisova")])
    }

    @Test func overlappingAndTouchingStretchesMerge() throws {
        let rig = EngineRig()
        try rig.engine.suspend(SuspendedStretch(from: "dnipro", to: "livoberezhna"), now: rig.clock.now)
        #expect(try rig.engine.suspend(SuspendedStretch(from: "hidropark", to: "darnytsia"), now: rig.clock.now))
        #expect(rig.engine.suspensions == [SuspendedStretch(from: "dnipro", to: "darnytsia")], "overlapping: one stretch")
        #expect(try rig.engine.suspend(SuspendedStretch(from: "lisova", to: "darnytsia"), now: rig.clock.now))
        #expect(rig.engine.suspensions == [SuspendedStretch(from: "dnipro", to: "lisova")], "touching: one stretch")
        try rig.engine.suspend(SuspendedStretch(from: "teremky", to: "ipodrom"), now: rig.clock.now)
        #expect(rig.engine.suspensions.count == 2, "another line's stretch stays apart")
        // Every pair of one line suspended leaves one stretch per line, not hundreds.
        let m3 = ["syrets", "dorohozhychi", "lukianivska", "zoloti-vorota", "palats-sportu", "klovska"]
        for a in m3 { for b in m3 where a != b { try rig.engine.suspend(SuspendedStretch(from: StationID(a), to: StationID(b)), now: rig.clock.now) } }
        #expect(rig.engine.suspensions.count == 3)
        // Resuming a stretch that overlaps the suspended one lifts only the overlap.
        #expect(try rig.engine.resume(SuspendedStretch(from: "arsenalna", to: "hidropark"), now: rig.clock.now)
                == [SuspendedStretch(from: "dnipro", to: "hidropark")])
        #expect(rig.engine.suspensions.first == SuspendedStretch(from: "hidropark", to: "lisova"))
    }

    @Test func resumingAStretchThatIsNotOneIsRefusedAsSuspendingIt() {
        let rig = EngineRig()
        expectRefusedWithoutTrace(rig, .suspension(Phrase(uk: "перегін має два різні кінці, а не Дніпро двічі",
                                                          en: "a stretch needs two different ends, not Dnipro twice"))) { () throws(EngineError) in
            try rig.engine.resume(SuspendedStretch(from: "dnipro", to: "dnipro"), now: rig.clock.now)
        }
    }

    @Test func overlappingStretchesStoredBeforeAreMergedOnRestart() {
        let rig = EngineRig(suspensions: [SuspendedStretch(from: "akademmistechko", to: "lisova"),
                                          SuspendedStretch(from: "dnipro", to: "livoberezhna")])
        #expect(rig.engine.suspensions == [SuspendedStretch(from: "akademmistechko", to: "lisova")])
    }
}
