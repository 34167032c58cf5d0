import Testing
@testable import MetroModel
import MetroTestSupport

/// A synthetic 500-station grid: how large the graph gets and that planning over it stays whole. No timing is
/// asserted (the machines that run the tests are shared); the suite running in well under a second is the check
/// a reader can make.
@Suite("Routes with any number of changes: a 500-station grid")
struct GridRoutingTests {
    static let rows = 20, columns = 25

    static func station(_ row: Int, _ column: Int) -> String { "g\(row)-\(column)" }

    /// A line along every row and every column; every station is served by two lines.
    static let planner: RoutePlanner = {
        var network = SketchNetwork()
        for row in 0 ..< rows { network.line("h\(row)", (0 ..< columns).map { station(row, $0) }) }
        for column in 0 ..< columns { network.line("v\(column)", (0 ..< rows).map { station($0, column) }) }
        return network.planner
    }()

    @Test func theGraphStaysSmall() {
        let graph = Self.planner.graph
        #expect(graph.stations.count == 500)
        // A node per call of each pattern: two lines through each station, both directions.
        #expect(graph.nodeCount == 2000)
        // Each of a station's four nodes changes to the three others (no change within its own pattern).
        #expect(graph.changeEdgeCount == 6000)
    }

    @Test func cornerToCornerAndEveryStationFromACorner() throws {
        let route = try plan(Self.planner, "g0-0", "g19-24")
        #expect(route.changes == 1)
        #expect(route.events.count == 25 + 20)
        for row in 0 ..< Self.rows {
            for column in 0 ..< Self.columns where row + column > 0 {
                let to = StationID(Self.station(row, column))
                let route = try plan(Self.planner, "g0-0", to)
                // Any station of the grid is one change away at most, and no faster route changes more.
                #expect(route.changes == (row > 0 && column > 0 ? 1 : 0), "\(to)")
                #expect(route.legs.last?.alighting == to)
            }
        }
        #expect(planError(Self.planner, "g0-0", "g19-24", maxChanges: 0) == .tooManyChanges(needed: 1, allowed: 0))
    }
}
