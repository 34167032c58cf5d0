import FoundationEssentials

/// A validated schema 2 network (any metro, from `metrotimer import-gtfs`): the file, its route graph and
/// headways, and the look-ups a plan needs — a line's timing of a segment, a walk between two stations, a station
/// by id, platform alias or name.
///
/// Built only by `GeneralNetwork.load(json:)`, which refuses a file whose parts do not fit together (see
/// `GeneralNetworkValidation`), so every look-up here may assume the network is whole.
public struct GeneralNetwork: Sendable {
    /// The file as read.
    public let file: GeneralNetworkFile
    /// The graph the route planner searches.
    public let graph: RouteGraph
    /// The headways by line, direction, kind of day and hour.
    public let headways: RouteHeadways
    let stationsByID: [StationID: GeneralNetworkFile.StationRecord]
    let linesByID: [LineID: GeneralNetworkFile.LineRecord]
    let segments: [LineSegmentKey: GeneralNetworkFile.SegmentRecord]
    let walks: [SegmentKey: Int]
    /// Every id, platform alias and name, folded (`StationSearch.fold`), to the stations it names.
    let searchIndex: [String: [StationID]]
    /// First and last departures, seconds after the service day's midnight.
    let serviceWindows: [ServiceWindowKey: (first: Int, last: Int)]

    /// A line's directed segment.
    struct LineSegmentKey: Hashable {
        let line: LineID
        let segment: SegmentKey
    }

    init(file: GeneralNetworkFile) {
        self.file = file
        graph = RouteGraph(file: file)
        headways = RouteHeadways(file: file)
        var stations: [StationID: GeneralNetworkFile.StationRecord] = [:]
        var index: [String: [StationID]] = [:]
        for record in file.stations {
            let id = StationID(record.id)
            stations[id] = record
            for text in Set(([record.id, record.uk, record.en] + record.aliases).map(StationSearch.fold)) {
                index[text, default: []].append(id)
            }
        }
        stationsByID = stations
        searchIndex = index
        linesByID = Dictionary(file.lines.map { (LineID($0.id), $0) }, uniquingKeysWith: { first, _ in first })
        var segments: [LineSegmentKey: GeneralNetworkFile.SegmentRecord] = [:]
        for record in file.segments {
            segments[LineSegmentKey(line: LineID(record.line),
                                    segment: SegmentKey(from: StationID(record.from), to: StationID(record.to)))] = record
        }
        self.segments = segments
        var walks: [SegmentKey: Int] = [:]
        for transfer in file.transfers where transfer.possible {
            walks[SegmentKey(from: StationID(transfer.a), to: StationID(transfer.b))] = transfer.walk_s
            walks[SegmentKey(from: StationID(transfer.b), to: StationID(transfer.a))] = transfer.walk_s
        }
        self.walks = walks
        var windows: [ServiceWindowKey: (first: Int, last: Int)] = [:]
        for row in file.service_hours {
            windows[ServiceWindowKey(station: row.station, line: row.line, direction: row.direction, day: row.day)] =
                (row.first_s, row.last_s)
        }
        serviceWindows = windows
    }

    /// The station with this id, if any.
    public func station(_ id: StationID) -> GeneralNetworkFile.StationRecord? { stationsByID[id] }

    /// The line with this id, if any.
    public func line(_ id: LineID) -> GeneralNetworkFile.LineRecord? { linesByID[id] }

    /// A station's two names.
    public func name(of id: StationID) -> LocalizedName {
        stationsByID[id].map { Phrase(uk: $0.uk, en: $0.en) } ?? Phrase(uk: id.rawValue, en: id.rawValue)
    }

    /// The walk of a change from `exit` to `board`: the transfer record between them, or for a change on the
    /// spot the record between the station's platforms, else `RouteGraph.defaultSameStationWalkSeconds` (as the
    /// planner counts a change on the spot).
    public func walkSeconds(from exit: StationID, to board: StationID) -> Int {
        walks[SegmentKey(from: exit, to: board)] ?? RouteGraph.defaultSameStationWalkSeconds
    }

    /// How a train of `line` runs from `from` to the next call `to` leaving in service hour `hour`: the running
    /// time of the hour's band (else the median), the dwell at `to`, and how much shorter the feed has seen each
    /// (the spreads the never-late rule takes, model §4). The file's defaults, with no spread, where the line has
    /// no record of the segment.
    public func timing(line: LineID, from: StationID, to: StationID, hour: Int)
        -> (running: Int, dwell: Int, runningSpread: Int?, dwellSpread: Int?)
    {
        guard let record = segments[LineSegmentKey(line: line, segment: SegmentKey(from: from, to: to))] else {
            return (file.defaults.running_s, file.defaults.dwell_s, nil, nil)
        }
        let timing = record.timing(hour: hour)
        return (timing.running, timing.dwell, timing.runningSpread, timing.dwellSpread)
    }
}

extension GeneralNetworkFile.SegmentRecord {
    /// The segment's timing for a train leaving its first station in service hour `hour`: the running time of the
    /// hour's band (else the median), the dwell at its end, and how much shorter the feed has seen each — the median
    /// (or the band's) less the shortest, never negative (model §4, "never late"). A file written before the
    /// shortest were kept stands in its 10th percentile for the running time and the median for the dwell.
    public func timing(hour: Int) -> (running: Int, dwell: Int, runningSpread: Int, dwellSpread: Int) {
        let running = bands.first { $0.from_hour <= hour && hour < $0.to_hour }?.running_s ?? running_s
        let fastest = running_min_s ?? running_p10_s
        let shortestDwell = dwell_min_s ?? dwell_s
        return (running, dwell_s, max(running - fastest, 0), max(dwell_s - shortestDwell, 0))
    }
}

extension GeneralNetwork {
    /// Decodes and validates a schema 2 network file; throws `NetworkDataError` naming the first offending entry.
    public static func load(json bytes: [UInt8]) throws(NetworkDataError) -> GeneralNetwork {
        let file = try decodeNetworkFile(GeneralNetworkFile.self, from: bytes)
        try GeneralNetworkValidation.check(file)
        return GeneralNetwork(file: file)
    }

    /// The schema a network file declares (`"schema": N` at its top level), nil when it names none or is no JSON
    /// object: which loader to use, before either reads the rest.
    public static func declaredSchema(of bytes: [UInt8]) -> Int? {
        guard let tape = try? JSONTape(bytes), tape.values[0].kind == .object,
              let schema = tape.member("schema", of: 0)
        else { return nil }
        return try? tape.integer(Int.self, at: schema)
    }
}
