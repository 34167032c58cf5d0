import Testing
@testable import MetroModel
import MetroTestSupport

/// The planner on small schema 2 networks: branches, expresses, several changes, forbidden and walked transfers.
@Suite("Routes with any number of changes: general networks")
struct GeneralRoutingTests {
    /// A Y: trunk t1 t2 j, then branches a1 a2 and b1 b2, as two patterns of one line.
    static var branch: SketchNetwork {
        var network = SketchNetwork()
        network.line("y", ["t1", "t2", "j", "a1", "a2"], ["t1", "t2", "j", "b1", "b2"])
        return network
    }

    @Test func branchOneRideFromTheTrunk() throws {
        let route = try plan(Self.branch.planner, "t1", "b2")
        #expect(route.sketch == ["y: t1 t2 j b1 b2"])
        #expect(route.legs[0].pattern == "y-1f" && route.changes == 0)
        // Four segments of 100 s and three dwells of 20 s; none at the departure or the destination.
        #expect(route.expectedSeconds == 460)
    }

    @Test func branchToBranchChangesOnTheSpotAtTheJunction() throws {
        let route = try plan(Self.branch.planner, "a2", "b2")
        #expect(route.sketch == ["y: a2 a1 j", "y: j b1 b2"])
        #expect(route.legs.map(\.direction) == [.backward, .forward])
        // 100 + 20 + 100 + 20 (the exit's dwell) + 60 (change on the spot, no record) + 60 (240 / 4) + 100 + 20 + 100.
        #expect(route.expectedSeconds == 580)
        #expect(route.events == [
            RouteEvent(station: "a2", line: "y", isStop: true, isTransfer: false),
            RouteEvent(station: "a1", line: "y", isStop: true, isTransfer: false),
            RouteEvent(station: "j", line: "y", isStop: true, isTransfer: false),
            RouteEvent(station: "j", line: "y", isStop: false, isTransfer: true),
            RouteEvent(station: "b1", line: "y", isStop: true, isTransfer: false),
            RouteEvent(station: "b2", line: "y", isStop: true, isTransfer: false),
        ])
    }

    /// A local l calling at s1…s6 (150 s a segment) and an express x on its track calling at s1, s4, s6 only.
    static var express: SketchNetwork {
        var network = SketchNetwork()
        network.line("l", ["s1", "s2", "s3", "s4", "s5", "s6"])
        network.line("x", ["s1", "s4", "s6"])
        for (a, b) in [("s1", "s2"), ("s2", "s3"), ("s3", "s4"), ("s4", "s5"), ("s5", "s6")] {
            network.segment("l", a, b, running: 150)
        }
        network.segment("x", "s1", "s4", running: 200)
        network.segment("x", "s4", "s6", running: 150)
        network.transfer("s4", "s4", walk: 30)
        return network
    }

    @Test func expressForTheFarDestination() throws {
        let route = try plan(Self.express.planner, "s1", "s6")
        #expect(route.sketch == ["x: s1 s4 s6"])
        #expect(route.expectedSeconds == 370)
    }

    @Test func expressThenLocalForASkippedStation() throws {
        let route = try plan(Self.express.planner, "s1", "s5", headways: ["l": 300])
        #expect(route.sketch == ["x: s1 s4", "l: s4 s5"])
        // 200 + 20 + 30 (the platforms' walk) + 75 (300 / 4) + 150, against 660 on the local.
        #expect(route.expectedSeconds == 475)
        #expect(route.events.map(\.station) == ["s1", "s4", "s4", "s5"])
        #expect(route.events.map(\.isTransfer) == [false, false, true, false])
        // Without changes only the local goes there.
        let local = try plan(Self.express.planner, "s1", "s5", maxChanges: 0, headways: ["l": 300])
        #expect(local.sketch == ["l: s1 s2 s3 s4 s5"])
        #expect(local.expectedSeconds == 660)
    }

    @Test func localThenExpress() throws {
        let route = try plan(Self.express.planner, "s2", "s6")
        #expect(route.sketch == ["l: s2 s3 s4", "x: s4 s6"])
        // 150 + 20 + 150 + 20 + 30 + 60 + 150, against 660 on the local.
        #expect(route.expectedSeconds == 580)
        // A slow express (a long wait for it) leaves the rider on the local.
        let slow = try plan(Self.express.planner, "s2", "s6", headways: ["x": 600])
        #expect(slow.sketch == ["l: s2 s3 s4 s5 s6"])
    }

    /// Four lines in a chain: a meets b at x1 (one station), b and c at x2 and x2c (a walk), c meets d at x3.
    static var chain: SketchNetwork {
        var network = SketchNetwork()
        network.line("a", ["a1", "a2", "x1"])
        network.line("b", ["x1", "b2", "x2"])
        network.line("c", ["x2c", "c2", "x3"])
        network.line("d", ["x3", "d2", "d3"])
        network.transfer("x2", "x2c", walk: 90)
        return network
    }

    @Test func threeChanges() throws {
        let route = try plan(Self.chain.planner, "a1", "d3")
        #expect(route.sketch == ["a: a1 a2 x1", "b: x1 b2 x2", "c: x2c c2 x3", "d: x3 d2 d3"])
        #expect(route.changes == 3)
        #expect(route.events.filter(\.isTransfer).map(\.station) == ["x1", "x2c", "x3"])
        let bounded = try plan(Self.chain.planner, "a1", "d3", maxChanges: 3)
        #expect(bounded == route)
    }

    @Test func tooManyChangesSaysHowManyAreNeeded() {
        let planner = Self.chain.planner
        #expect(planError(planner, "a1", "d3", maxChanges: 1) == .tooManyChanges(needed: 3, allowed: 1))
        #expect(planError(planner, "a1", "x3", maxChanges: 0) == .tooManyChanges(needed: 2, allowed: 0))
    }

    @Test func theBoundIsExact() throws {
        // A slow direct line beside the chain: the fastest route still changes three times, at most two changes
        // leave only the direct line, and two changes with a third needed is not "close enough".
        var network = Self.chain
        network.line("z", ["a1", "d3"])
        network.segment("z", "a1", "d3", running: 5000)
        let fastest = try plan(network.planner, "a1", "d3")
        #expect(fastest.changes == 3)
        let bounded = try plan(network.planner, "a1", "d3", maxChanges: 2)
        #expect(bounded.sketch == ["z: a1 d3"])
        #expect(bounded.legs[0].boarding == "a1" && bounded.legs[0].alighting == "d3")
        #expect(bounded.expectedSeconds == 5000)
    }

    @Test func aForbiddenTransferIsNotTaken() throws {
        // Two lines meeting twice: at m (on the spot, quick) and by a walk from p3 to q3.
        var network = SketchNetwork()
        network.line("p", ["p1", "m", "p3"])
        network.line("q", ["q1", "m", "q3"])
        network.transfer("p3", "q3", walk: 60)
        let open = try plan(network.planner, "p1", "q1")
        #expect(open.sketch == ["p: p1 m", "q: m q1"])
        network.transfer("m", "m", walk: 0, possible: false)
        let detour = try plan(network.planner, "p1", "q1")
        #expect(detour.sketch == ["p: p1 m p3", "q: q3 m q1"])
        // The walk forbidden as well: no way across, and the nearest obstacle is named.
        network.transfers[0].possible = false
        let planner = network.planner
        let error = planError(planner, "p1", "q1")
        #expect(error == .unreachable(from: "p1", to: "q1", reason: .transferForbidden(from: "m", to: "m")))
    }

    /// Line p p1 p2 p3 and line q p2 qlink q9: a change on the spot at p2, or a walk from p3 to qlink.
    static func walkOrSpot(spotWalk: Int) -> SketchNetwork {
        var network = SketchNetwork()
        network.line("p", ["p1", "p2", "p3"])
        network.line("q", ["p2", "qlink", "q9"])
        network.transfer("p2", "p2", walk: spotWalk)
        network.transfer("p3", "qlink", walk: 90)
        return network
    }

    @Test func aLongChangeOnTheSpotLosesToAWalk() throws {
        let route = try plan(Self.walkOrSpot(spotWalk: 240).planner, "p1", "q9")
        #expect(route.sketch == ["p: p1 p2 p3", "q: qlink q9"])
        // 100 + 20 + 100 + 20 + 90 + 60 + 100, against 100 + 20 + 240 + 60 + 100 + 20 + 100 = 640.
        #expect(route.expectedSeconds == 490)
        #expect(route.events.map(\.station) == ["p1", "p2", "p3", "qlink", "q9"])
    }

    @Test func aQuickChangeOnTheSpotBeatsTheWalk() throws {
        let route = try plan(Self.walkOrSpot(spotWalk: 30).planner, "p1", "q9")
        #expect(route.sketch == ["p: p1 p2", "q: p2 qlink q9"])
        #expect(route.expectedSeconds == 100 + 20 + 30 + 60 + 100 + 20 + 100)
        #expect(route.events.map(\.station) == ["p1", "p2", "p2", "qlink", "q9"])
    }

    @Test func aChangeOnTheSpotWithoutARecordTakesTheDefaultWalk() throws {
        var network = SketchNetwork()
        network.line("p", ["p1", "p2", "p3"])
        network.line("q", ["p2", "q9"])
        let route = try plan(network.planner, "p1", "q9")
        #expect(route.expectedSeconds == 100 + 20 + RouteGraph.defaultSameStationWalkSeconds + 60 + 100)
    }

    @Test func unreachableStationsNameTheReason() {
        var network = Self.branch
        network.line("i", ["island", "island2"])
        network.loneStations = ["depot"]
        network.segment("y", "j", "b1", running: 100, suspended: true)
        let planner = network.planner
        #expect(planError(planner, "t1", "island") == .unreachable(from: "t1", to: "island", reason: .disconnected))
        #expect(planError(planner, "t1", "depot")
            == .unreachable(from: "t1", to: "depot", reason: .notServed("depot")))
        #expect(planError(planner, "t1", "b2")
            == .unreachable(from: "t1", to: "b2", reason: .suspended(line: "y", from: "j", to: "b1")))
        #expect(planError(planner, "t1", "t1") == .sameStation("t1"))
        #expect(planError(planner, "t1", "atlantis") == .unknownStation("atlantis"))
    }

    @Test func aClosedStationIsPassedButNotAnEnd() throws {
        var network = Self.branch
        network.closed = ["t2"]
        let planner = network.planner
        let route = try plan(planner, "t1", "j")
        #expect(route.events.map(\.isStop) == [true, false, true])
        // No dwell at the closed station.
        #expect(route.expectedSeconds == 200)
        #expect(planError(planner, "t1", "t2") == .closedStation("t2"))
    }

    /// a1 → a3 on line a: 100 + 20 + 100 = 220 s. Or line b to b2 (40 s), its dwell, and a walk to a3.
    static func twoWays(walk: Int) -> SketchNetwork {
        var network = SketchNetwork()
        network.line("a", ["a1", "a2", "a3"])
        network.line("b", ["a1", "b2"])
        network.segment("b", "a1", "b2", running: 40)
        network.transfer("b2", "a3", walk: walk)
        return network
    }

    @Test func equallyFastPrefersFewerChanges() throws {
        // With no penalty for a change, only the tie rule keeps the rider on line a (220 s both ways).
        func planner(walk: Int) -> RoutePlanner {
            RoutePlanner(graph: RouteGraph(file: Self.twoWays(walk: walk).file), changePenaltySeconds: 0)
        }
        let route = try plan(planner(walk: 160), "a1", "a3")
        #expect(route.sketch == ["a: a1 a2 a3"])
        // One second less on the walk, and the change wins.
        let quicker = try plan(planner(walk: 159), "a1", "a3")
        #expect(quicker.sketch == ["b: a1 b2", "a: a3"])
        #expect(quicker.events.last == RouteEvent(station: "a3", line: "a", isStop: true, isTransfer: true))
        #expect(quicker.expectedSeconds == 219)
    }

    @Test func aChangeMustSaveMoreThanThePenalty() throws {
        // With the default penalty of 60 s a change: the change saving 60 s is not taken, the one saving 61 s is,
        // and its expected seconds hold no penalty.
        #expect(RoutePlanner.defaultChangePenaltySeconds == 60)
        let route = try plan(Self.twoWays(walk: 100).planner, "a1", "a3")
        #expect(route.sketch == ["a: a1 a2 a3"])
        let quicker = try plan(Self.twoWays(walk: 99).planner, "a1", "a3")
        #expect(quicker.sketch == ["b: a1 b2", "a: a3"])
        #expect(quicker.expectedSeconds == 159)
    }

    @Test func deterministic() throws {
        // A square: two equally fast ways from c1 to c3, each with one change.
        var network = SketchNetwork()
        network.line("n", ["c1", "c2"])
        network.line("e", ["c2", "c3"])
        network.line("w", ["c1", "c4"])
        network.line("s", ["c4", "c3"])
        let first = try plan(network.planner, "c1", "c3")
        for _ in 0 ..< 5 {
            let again = try plan(RoutePlanner(graph: RouteGraph(file: network.file)), "c1", "c3")
            #expect(again == first)
        }
        #expect(first.changes == 1)
    }
}
