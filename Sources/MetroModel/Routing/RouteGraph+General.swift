extension RouteGraph {
    /// The graph of a schema 2 network file (any metro): a node per call of every stop pattern, stations shared
    /// by lines, each line's own segment timings (the median running time and dwell; the hour bands are not used
    /// for choosing a route), the file's defaults where a segment has no record.
    ///
    /// Transfers: a record between two stations is a walk both ways; one with `a == b` gives the walk between the
    /// platforms of that station; a change on the spot with no record costs `sameStationWalkSeconds`; a record with
    /// `possible == false` removes the change. Records naming stations the file does not have are ignored: this is
    /// not the file's validation.
    public init(file: GeneralNetworkFile, sameStationWalkSeconds: Int = RouteGraph.defaultSameStationWalkSeconds) {
        var builder = RouteGraphBuilder(sameStationWalkSeconds: sameStationWalkSeconds)
        for station in file.stations { builder.addStation(StationID(station.id), closed: station.closed) }
        var segments: [String: GeneralNetworkFile.SegmentRecord] = [:]
        for segment in file.segments { segments["\(segment.line)\u{0}\(segment.from)\u{0}\(segment.to)"] = segment }
        for line in file.lines {
            let l = builder.addLine(LineID(line.id))
            for pattern in line.patterns {
                // A pattern naming a station without a record still routes: the station is added, open.
                let stations = pattern.stations.map { builder.addStation(StationID($0), closed: false) }
                let hops = zip(pattern.stations, pattern.stations.dropFirst()).map { from, to in
                    let record = segments["\(line.id)\u{0}\(from)\u{0}\(to)"]
                    return RouteGraphBuilder.Hop(running: record?.running_s ?? file.defaults.running_s,
                                                 dwell: record?.dwell_s ?? file.defaults.dwell_s,
                                                 suspended: record?.suspended ?? false)
                }
                builder.patterns.append(.init(name: pattern.id, line: l,
                                              direction: Direction(rawValue: pattern.direction) ?? .forward,
                                              stations: stations, hops: hops))
            }
        }
        for transfer in file.transfers {
            builder.addTransfer(StationID(transfer.a), StationID(transfer.b), walk: transfer.walk_s,
                                possible: transfer.possible)
        }
        self.init(builder)
    }
}
