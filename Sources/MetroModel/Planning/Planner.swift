extension Network {
    /// The route between two stations (model §2): a contiguous run on one line, or two legs joined at the one
    /// node where the two lines meet (only one change is ever planned).
    ///
    /// Leg 1 runs from `from` to the exit station (a single event if `from` is the exit); then one transfer event
    /// for the boarding station on the destination line (a stop only if it is the destination); then leg 2 to `to`
    /// without repeating the boarding station.
    public func route(from: StationID, to: StationID) throws(PlanError) -> [RouteEvent] {
        guard let origin = stations[from] else { throw .unknownStation(from.rawValue) }
        guard let destination = stations[to] else { throw .unknownStation(to.rawValue) }
        guard from != to else { throw .sameStation(from) }
        guard !origin.isClosed else { throw .closedStation(from) }
        guard !destination.isClosed else { throw .closedStation(to) }

        var events: [RouteEvent]
        if origin.line == destination.line {
            events = leg(from: from, to: to)
        } else {
            guard let node = transfer(from: origin.line, to: destination.line) else {
                // The loader guarantees every pair of lines meets; a network without it cannot route this pair.
                throw .suspended(from: from, to: to)
            }
            events = leg(from: from, to: node.exit)
            let boardingStation = stations[node.board]!
            events.append(RouteEvent(station: node.board, line: destination.line,
                                     isStop: node.board == to && !boardingStation.isClosed, isTransfer: true))
            if node.board != to {
                events.append(contentsOf: leg(from: node.board, to: to).dropFirst())
            }
        }
        for (a, b) in zip(events, events.dropFirst()) where !b.isTransfer {
            let key = SegmentKey(from: a.station, to: b.station)
            // A stretch the rider suspended is named as they declared it, the data file's flag by its segment.
            if let local = localSuspension(covering: key) { throw .suspended(from: local.from, to: local.to) }
            if isSuspended(key) { throw .suspended(from: a.station, to: b.station) }
        }
        return events
    }

    /// The stations from `from` to `to` (same line) inclusive, in riding order.
    private func leg(from: StationID, to: StationID) -> [RouteEvent] {
        let line = stations[from]!.line
        let list = self.line(line)!.stations
        let a = positions[from]!, b = positions[to]!
        let indices: [Int] = a <= b ? Array(a...b) : Array((b...a).reversed())
        return indices.map { index in
            let id = list[index]
            return RouteEvent(station: id, line: line, isStop: !stations[id]!.isClosed, isTransfer: false)
        }
    }
}
