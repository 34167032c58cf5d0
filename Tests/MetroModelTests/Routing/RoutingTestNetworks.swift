import MetroModel

/// Small schema 2 networks written out in the tests, built up line by line.
struct SketchNetwork {
    /// Running time and dwell of every segment without its own.
    static let running = 100
    static let dwell = 20

    var lines: [GeneralNetworkFile.LineRecord] = []
    var segments: [GeneralNetworkFile.SegmentRecord] = []
    var transfers: [GeneralNetworkFile.TransferRecord] = []
    var closed: Set<String> = []
    /// Stations no pattern calls at.
    var loneStations: [String] = []

    /// Adds a line with one pattern per entry of `forward` (and each reversed as its backward pattern).
    mutating func line(_ id: String, _ forward: [String]...) {
        var patterns: [GeneralNetworkFile.PatternRecord] = []
        for (index, stations) in forward.enumerated() {
            patterns.append(.init(id: "\(id)-\(index)f", direction: "forward", stations: stations,
                                  trips: ["weekday": 1]))
            patterns.append(.init(id: "\(id)-\(index)b", direction: "backward", stations: stations.reversed(),
                                  trips: ["weekday": 1]))
        }
        lines.append(.init(id: id, uk: id, en: id, color: "#000000", patterns: patterns))
    }

    /// Sets the running time of a line's segment in both directions, or suspends it.
    mutating func segment(_ line: String, _ a: String, _ b: String, running: Int, suspended: Bool = false) {
        for (from, to) in [(a, b), (b, a)] {
            let dwell = SketchNetwork.dwell
            segments.append(.init(line: line, from: from, to: to, running_s: running, running_p10_s: running,
                                  running_p90_s: running, dwell_s: dwell, dwell_p90_s: dwell, samples: 1, bands: [],
                                  suspended: suspended))
        }
    }

    /// A transfer record (`a == b`: between the platforms of one station).
    mutating func transfer(_ a: String, _ b: String, walk: Int, possible: Bool = true) {
        transfers.append(.init(a: a, b: b, walk_s: walk, possible: possible))
    }

    var file: GeneralNetworkFile {
        var ids: [String] = []
        for station in lines.flatMap({ $0.patterns.flatMap(\.stations) }) + loneStations where !ids.contains(station) {
            ids.append(station)
        }
        let stations = ids.map {
            GeneralNetworkFile.StationRecord(id: $0, uk: $0, en: $0, lat: 0, lon: 0, surface: false,
                                             closed: closed.contains($0), aliases: [])
        }
        return GeneralNetworkFile(
            about: "test", provenance: .init(source: "test", agency: "test", publisher: nil, feed_version: nil,
                                             valid_from: "2026-01-01", valid_to: "2026-12-31", imported: "2026-08-17"),
            time_zone: "UTC", defaults: .init(running_s: SketchNetwork.running, dwell_s: SketchNetwork.dwell),
            lines: lines, stations: stations, segments: segments, transfers: transfers, headways: [], service_hours: [])
    }

    var planner: RoutePlanner { RoutePlanner(graph: RouteGraph(file: file)) }
}

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
