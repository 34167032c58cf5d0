/// Why the route planner found no route between two stations.
public enum RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No station has this id.
    case unknownStation(String)
    /// From and to are the same station.
    case sameStation(StationID)
    /// Trains pass the station without stopping, so no ride can start or end there.
    case closedStation(StationID)
    /// No ride and no walk joins the two stations; `reason` names what stands in the way.
    case unreachable(from: StationID, to: StationID, reason: UnreachableReason)
    /// A route exists but needs more changes than allowed: `needed` is the fewest any route needs.
    case tooManyChanges(needed: Int, allowed: Int)

    /// The English reason, naming stations by id.
    public var description: String {
        switch self {
        case .unknownStation(let text): return "No such station: \(text)"
        case .sameStation(let id): return "The start and the destination are the same station: \(id)"
        case .closedStation(let id): return "\(id) is closed: trains pass without stopping"
        case .unreachable(let from, let to, let reason): return "No route from \(from) to \(to): \(reason)"
        case .tooManyChanges(let needed, let allowed):
            return "Every route needs at least \(needed) changes; at most \(allowed) allowed"
        }
    }
}

/// What keeps a station out of reach: the nearest obstacle, so the rider learns what would have to change.
public enum UnreachableReason: Equatable, Sendable, CustomStringConvertible {
    /// No stop pattern calls at this station.
    case notServed(StationID)
    /// Service is suspended on this segment (of this line), and the fewest obstacles on any way there include it.
    case suspended(line: LineID, from: StationID, to: StationID)
    /// The data forbids this change, and the fewest obstacles on any way there include it.
    case transferForbidden(from: StationID, to: StationID)
    /// No line or transfer joins the two stations even with every suspension lifted and every transfer allowed.
    case disconnected

    /// The obstacle in English.
    public var description: String {
        switch self {
        case .notServed(let id): return "no line stops at \(id)"
        case .suspended(let line, let from, let to): return "no service on \(line) between \(from) and \(to)"
        case .transferForbidden(let from, let to): return "the change from \(from) to \(to) is not possible"
        case .disconnected: return "no line or transfer joins them"
        }
    }
}
