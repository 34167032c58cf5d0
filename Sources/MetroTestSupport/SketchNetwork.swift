import FoundationEssentials
import MetroModel

/// Small schema 2 networks written out in the tests, built up line by line.
public struct SketchNetwork {
    /// Running time and dwell of every segment without its own.
    public static let running = 100
    public static let dwell = 20

    public var lines: [GeneralNetworkFile.LineRecord] = []
    public var segments: [GeneralNetworkFile.SegmentRecord] = []
    public var transfers: [GeneralNetworkFile.TransferRecord] = []
    public var closed: Set<String> = []
    /// Stations no pattern calls at.
    public var loneStations: [String] = []

    /// Headway rows (none: no wait is booked at a change).
    public var headways: [GeneralNetworkFile.HeadwayRecord] = []
    /// The time zone the file names.
    public var timeZone = "UTC"

    public init() {}

    /// Adds a line with one pattern per entry of `forward` (and each reversed as its backward pattern).
    public mutating func line(_ id: String, _ forward: [String]...) {
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
    public mutating func segment(_ line: String, _ a: String, _ b: String, running: Int, suspended: Bool = false) {
        for (from, to) in [(a, b), (b, a)] {
            let dwell = SketchNetwork.dwell
            segments.append(.init(line: line, from: from, to: to, running_s: running, running_p10_s: running,
                                  running_p90_s: running, dwell_s: dwell, dwell_p90_s: dwell, samples: 1, bands: [],
                                  suspended: suspended))
        }
    }

    /// A transfer record (`a == b`: between the platforms of one station).
    public mutating func transfer(_ a: String, _ b: String, walk: Int, possible: Bool = true) {
        transfers.append(.init(a: a, b: b, walk_s: walk, possible: possible))
    }

    public var file: GeneralNetworkFile {
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
            time_zone: timeZone, defaults: .init(running_s: SketchNetwork.running, dwell_s: SketchNetwork.dwell),
            lines: lines, stations: stations, segments: segments, transfers: transfers, headways: headways, service_hours: [])
    }

    /// Three lines in a row: L1 A–B–C–D, L2 C–E–F, L3 F–G–H, every ride 100 s and every dwell 20 s, a train
    /// every 4 minutes on every line at every hour and kind of day. A → F changes once (at C, on the spot), A → H
    /// twice.
    public static func threeLinesInARow(timeZone: String = "UTC") -> SketchNetwork {
        var sketch = SketchNetwork()
        sketch.timeZone = timeZone
        sketch.line("L1", ["A", "B", "C", "D"])
        sketch.line("L2", ["C", "E", "F"])
        sketch.line("L3", ["F", "G", "H"])
        for line in ["L1", "L2", "L3"] {
            for direction in ["forward", "backward"] {
                for day in ["weekday", "saturday", "sunday"] {
                    sketch.headways.append(.init(line: line, direction: direction, day: day, hour: 12, start_s: 240,
                                                 end_s: 240))
                }
            }
        }
        return sketch
    }

    /// The file as the model loads it (encoded, then `GeneralNetwork.load(json:)`, which validates it).
    public func loaded() throws -> GeneralNetwork {
        try GeneralNetwork.load(json: Array(try JSONEncoder().encode(file)))
    }

    public var planner: RoutePlanner { RoutePlanner(graph: RouteGraph(file: file)) }
}

