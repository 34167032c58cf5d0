import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

/// Pinning says what happened, and the double press steps through the pinned and then the recent routes.
@Suite struct PinOutcomeTests {
    func route(_ i: Int) -> RouteChoice {
        let m1 = ["zhytomyrska", "sviatoshyn", "nyvky", "beresteiska", "shuliavska", "vokzalna", "universytet"]
        return RouteChoice(from: "akademmistechko", to: StationID(m1[i]))
    }

    @Test func aSeventhPinEvictsTheOldestAndSaysWhich() throws {
        let rig = EngineRig()
        for i in 0..<6 { #expect(try rig.engine.pin(route(i), now: rig.clock.now) == .pinned(evicted: nil)) }
        #expect(try rig.engine.pin(route(6), now: rig.clock.now) == .pinned(evicted: route(0)))
        #expect(rig.store.routes.pinned.count == 6 && !rig.store.routes.pinned.contains(route(0)))
        let writes = rig.store.writes.count
        #expect(try rig.engine.pin(route(6), now: rig.clock.now) == .alreadyPinned)
        #expect(rig.store.writes.count == writes)
    }

    @Test func unpinningARouteThatIsNotPinnedSaysSoAndStoresNothing() throws {
        let rig = EngineRig()
        #expect(try rig.engine.unpinReporting(route(1), now: rig.clock.now) == false)
        #expect(rig.store.writes.isEmpty)
        try rig.engine.pin(route(1), now: rig.clock.now)
        #expect(try rig.engine.unpinReporting(route(1), now: rig.clock.now))
        #expect(rig.store.routes.pinned.isEmpty)
    }

    @Test func theDoublePressReachesTheRecentRoutesAfterThePinnedOnes() throws {
        let rig = EngineRig()
        try rig.ride("lisova", "teremky")
        try rig.engine.cancel(now: rig.clock.now)
        try rig.engine.pin(route(0), now: rig.clock.now)
        var seen: [(Int, RouteChoice?)] = []
        for _ in 0..<3 {
            let number = try rig.engine.selectNextPinned(now: rig.clock.now)
            seen.append((number, rig.engine.selectedRoute))
        }
        #expect(seen.map(\.0) == [1, 2, 1])
        #expect(seen.map(\.1) == [route(0), RouteChoice(from: "lisova", to: "teremky"), route(0)])
        #expect(rig.store.selectedRoute == route(0))
    }
}
