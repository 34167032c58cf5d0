import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

@Suite("Routes through the engine (model §9)")
struct RouteTests {
    let a = RouteChoice(from: "akademmistechko", to: "khreshchatyk")
    let b = RouteChoice(from: "lisova", to: "teremky")
    let c = RouteChoice(from: "syrets", to: "vydubychi")

    @Test("choosing a route never starts a trip")
    func chooseNeverStarts() throws {
        let rig = EngineRig()
        try rig.engine.chooseRoute(from: "akademmistechko", to: "khreshchatyk", now: rig.clock.now)
        #expect(rig.engine.selectedRoute == a && rig.engine.active == nil)
        #expect(rig.store.selectedRoute == a && rig.store.activeTrip == nil)
        #expect(rig.alarm.armedInstants.isEmpty && rig.haptics.played.isEmpty)
        #expect(rig.publisher.last?.state == .idle && rig.publisher.last?.route == a)
        #expect(rig.engine.routes.recents.isEmpty, "recents are noted at start, not at choice")
    }

    @Test("choosing an impossible route is refused without a trace")
    func badRouteRefused() {
        let rig = EngineRig()
        expectRefusedWithoutTrace(rig, .plan(.sameStation("lisova"))) { () throws(EngineError) in
            try rig.engine.chooseRoute(from: "lisova", to: "lisova", now: rig.clock.now)
        }
        expectRefusedWithoutTrace(rig, .noRouteChosen) { () throws(EngineError) in
            try rig.engine.start(t0: rig.clock.now, wall: rig.wall, now: rig.clock.now)
        }
    }

    @Test("pin, pin again changes nothing, unpin")
    func pinAndUnpin() throws {
        let rig = EngineRig()
        try rig.engine.pin(a, now: rig.clock.now)
        try rig.engine.pin(b, now: rig.clock.now)
        #expect(rig.engine.routes.pinned == [b, a], "newest first")
        #expect(rig.store.routes.pinned == [b, a])
        #expect(try rig.engine.pin(a, now: rig.clock.now) == .alreadyPinned)
        #expect(rig.engine.routes.pinned == [b, a], "pinning a pinned route changes nothing (model §9)")
        try rig.engine.unpin(b, now: rig.clock.now)
        try rig.engine.unpin(a, now: rig.clock.now)
        try rig.engine.unpin(c, now: rig.clock.now)
        #expect(rig.engine.routes.pinned.isEmpty && rig.store.routes.pinned.isEmpty)
        #expect(rig.engine.selectedRoute == nil, "pinning does not choose")
    }

    @Test("the double press cycles the pinned routes and reports their numbers")
    func selectNextPinnedCycles() throws {
        let rig = EngineRig()
        expectRefusedWithoutTrace(rig, .noRouteChosen) { () throws(EngineError) in
            try rig.engine.selectNextPinned(now: rig.clock.now)
        }
        for route in [a, b, c] { try rig.engine.pin(route, now: rig.clock.now) }
        var seen: [(Int, RouteChoice?)] = []
        for _ in 0..<4 {
            let number = try rig.engine.selectNextPinned(now: rig.clock.now)
            seen.append((number, rig.engine.selectedRoute))
            #expect(rig.store.selectedRoute == rig.engine.selectedRoute)
        }
        #expect(seen.map(\.0) == [1, 2, 3, 1])
        #expect(seen.map(\.1) == [c, b, a, c])
        #expect(rig.engine.active == nil, "selecting never starts")
    }

    @Test("recents are noted at start, newest first, without duplicates")
    func recentsAtStart() throws {
        let rig = EngineRig()
        for route in [a, b, a] {
            try rig.engine.chooseRoute(from: route.from, to: route.to, now: rig.clock.now)
            try rig.engine.start(t0: rig.clock.now, wall: rig.wall, now: rig.clock.now)
            #expect(rig.engine.routes.recents.first == route)
            try rig.engine.cancel(now: rig.clock.now)
        }
        #expect(rig.engine.routes.recents == [a, b])
        #expect(rig.store.routes.recents == [a, b])
    }

    @Test("a second start while riding is refused")
    func startWhileRiding() throws {
        let rig = EngineRig()
        try rig.ride("akademmistechko", "khreshchatyk")
        rig.clock.advance(seconds: 10)
        expectRefusedWithoutTrace(rig, .tripAlreadyActive) { () throws(EngineError) in
            try rig.engine.start(t0: rig.clock.now, wall: rig.wall, now: rig.clock.now)
        }
    }
}
