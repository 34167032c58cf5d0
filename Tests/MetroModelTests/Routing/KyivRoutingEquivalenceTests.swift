import Testing
@testable import MetroModel

/// The general planner on Kyiv's graph gives every route today's one-change planner gives.
@Suite("Routes with any number of changes: Kyiv as today")
struct KyivRoutingEquivalenceTests {
    static let planner = RoutePlanner(graph: RouteGraph(network: kyiv, calibration: .empty))

    /// Every ordered pair of stations planned both ways at a Kyiv wall time; the pairs where the routes differ, or
    /// where the planner's expected seconds are not the schedule's (model §3) for the same route.
    func differences(atHour hour: Int, minute: Int) throws -> (checked: Int, differing: [String]) {
        let t0 = kyivUnix(monday.year, monday.month, monday.day, hour, minute)
        let headway = kyiv.routeHeadway(departingAtUnixSeconds: t0)
        var checked = 0
        var differing: [String] = []
        for from in kyiv.stationOrder {
            for to in kyiv.stationOrder where from != to {
                let today = try kyiv.route(from: from, to: to)
                let planned = try Self.planner.plan(from: from, to: to, headway: headway)
                checked += 1
                if planned.events != today { differing.append("\(from)→\(to): \(planned.legs.map(\.stations))") }
                let trip = try plannedTrip(from, to, at: t0)
                let scheduled = offset(trip.arrival, trip)
                if planned.expectedSeconds != scheduled {
                    differing.append("\(from)→\(to): \(planned.expectedSeconds) s, scheduled \(scheduled) s")
                }
                if planned.changes > 1 { differing.append("\(from)→\(to): \(planned.changes) changes") }
                // The search by layers of changes (what `plan` runs when the fastest route changes too often),
                // bounded to today's one change, must agree.
                let graph = Self.planner.graph
                let bounded = Self.planner.search(graph.station(from)!, graph.station(to)!, maxChanges: 1,
                                                  headway: headway)
                if bounded != planned { differing.append("\(from)→\(to): layered \(bounded?.sketch ?? [])") }
            }
        }
        return (checked, differing)
    }

    @Test func everyPairAtNoon() throws {
        let result = try differences(atHour: 12, minute: 0)
        #expect(result.checked == 52 * 51)
        #expect(result.differing == [])
    }

    @Test func everyPairInTheMorningPeak() throws {
        let result = try differences(atHour: 7, minute: 30)
        #expect(result.checked == 52 * 51)
        #expect(result.differing == [])
    }
}
