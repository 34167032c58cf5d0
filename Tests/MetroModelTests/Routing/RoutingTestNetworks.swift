import MetroModel
import MetroTestSupport

/// Plans with a fixed headway per line (240 s where not given), the same at every hour.
func plan(_ planner: RoutePlanner, _ from: StationID, _ to: StationID, maxChanges: Int? = nil,
          headways: [String: Int] = [:]) throws(RoutingError) -> PlannedRoute
{
    try planner.plan(from: from, to: to, maxChanges: maxChanges) { line, _, _ in headways[line.rawValue] ?? 240 }
}

/// The error `plan` throws, or nil when it plans a route: read outside `#expect`, which takes no `try` under
/// Swift 6.0.
func planError(_ planner: RoutePlanner, _ from: StationID, _ to: StationID, maxChanges: Int? = nil) -> RoutingError? {
    do throws(RoutingError) {
        _ = try plan(planner, from, to, maxChanges: maxChanges)
        return nil
    } catch {
        return error
    }
}

extension PlannedRoute {
    /// Each leg as its line and stations, `line: a b c`, to compare in one expectation.
    var sketch: [String] { legs.map { "\($0.line): " + $0.stations.map(\.rawValue).joined(separator: " ") } }
}
