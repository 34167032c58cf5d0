extension RouteGraph {
    /// The graph of a schema 1 network (Kyiv): each line one pattern in each direction, timed by the fallback
    /// chain of model §3.2 (`Network.timing`, so calibration counts as it does in the schedule), the walks of
    /// `network.transfers`. A suspended stretch (the file's or the rider's) is no ride edge.
    ///
    /// Kyiv has no change on the spot between its own patterns except turning back, which never pays; it is kept
    /// like any other so that one rule serves both schemas.
    public init(network: Network, calibration: CalibrationStore,
                sameStationWalkSeconds: Int = RouteGraph.defaultSameStationWalkSeconds)
    {
        var builder = RouteGraphBuilder(sameStationWalkSeconds: sameStationWalkSeconds)
        for station in network.allStations { builder.addStation(station.id, closed: station.isClosed) }
        for line in network.lines {
            let l = builder.addLine(line.id)
            for direction in Direction.allCases {
                let ids = direction == .forward ? line.stations : line.stations.reversed()
                let hops = zip(ids, ids.dropFirst()).map { from, to in
                    let key = SegmentKey(from: from, to: to)
                    let timing = network.timing(key, calibration: calibration)
                    return RouteGraphBuilder.Hop(running: timing.running, dwell: timing.dwell,
                                                 suspended: network.isSuspended(key))
                }
                builder.patterns.append(.init(name: "\(line.id)/\(direction.rawValue)", line: l, direction: direction,
                                              stations: ids.map { builder.stationIndex[$0]! }, hops: hops))
            }
        }
        for transfer in network.transfers {
            builder.addTransfer(transfer.a, transfer.b, walk: transfer.walkSeconds, possible: true)
        }
        self.init(builder)
    }
}
