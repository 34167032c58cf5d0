import Testing
@testable import MetroModel
import MetroTestSupport

/// A schema 2 file's headways as the planner asks for them.
@Suite("Routes with any number of changes: a schema 2 file's headways")
struct RouteHeadwaysTests {
    static var file: GeneralNetworkFile {
        var network = SketchNetwork()
        network.line("p", ["p1", "m"])
        network.line("q", ["m", "q1"])
        var file = network.file
        file.headways = [
            .init(line: "q", direction: "forward", day: "weekday", hour: 7, start_s: 600, end_s: 240),
            .init(line: "q", direction: "forward", day: "weekday", hour: 8, start_s: 240, end_s: 240),
            .init(line: "q", direction: "forward", day: "weekday", hour: 10, start_s: 300, end_s: 480),
            .init(line: "q", direction: "forward", day: "sunday", hour: 8, start_s: 900, end_s: 900),
        ]
        return file
    }

    @Test func theRowOfTheHourMovesFromStartToEnd() {
        let headways = RouteHeadways(file: Self.file)
        func at(_ hour: Int, _ minute: Int, day: String = "weekday", direction: Direction = .forward) -> Int? {
            headways.headway(line: "q", direction: direction, day: day, secondsAfterMidnight: hour * 3600 + minute * 60)
        }
        #expect(at(7, 0) == 600)
        #expect(at(7, 30) == 420)
        #expect(at(10, 45) == 435)
        // Clamped before the first row and after the last; no row inside the span: unknown.
        #expect(at(5, 0) == 600)
        #expect(at(25, 10) == 480)
        #expect(at(9, 0) == nil)
        #expect(at(8, 0, day: "sunday") == 900)
        #expect(at(8, 0, direction: .backward) == nil)
    }

    @Test func thePlannerWaitsWhatTheFileSays() throws {
        let file = Self.file
        let planner = RoutePlanner(graph: RouteGraph(file: file))
        let headways = RouteHeadways(file: file)
        // Leaving p1 at 07:30: on the platform at m 100 + 20 + 60 s later (07:33), where q's headway is 402 s.
        let headway = headways.routeHeadway(day: "weekday", departingAtSecondsAfterMidnight: 27_000)
        let route = try planner.plan(from: "p1", to: "q1", headway: headway)
        #expect(route.expectedSeconds == 100 + 20 + 60 + 402 / 4 + 100)
    }
}
