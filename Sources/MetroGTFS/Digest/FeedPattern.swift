/// A stop pattern: the stations one route's trips call at, in order, in one direction. A route with a branch or
/// with short-turning trips has several; an express and a local on shared track are different routes.
public struct FeedPattern: Sendable, Hashable {
    public let routeID: String
    /// GTFS `direction_id` where the feed gives it; nil where it does not (the order of `stations` still tells).
    public let directionID: Int?
    /// Station ids (see `StationGrouping`), first call first, no station twice in a row.
    public let stations: [String]

    public init(routeID: String, directionID: Int?, stations: [String]) {
        self.routeID = routeID
        self.directionID = directionID
        self.stations = stations
    }
}

/// A directed hop between two consecutive calls of a route: the unit running times are learned for. Keyed by
/// route, since an express and a local between the same stations run differently.
public struct FeedSegmentKey: Sendable, Hashable {
    public let routeID: String
    public let from: String
    public let to: String

    public init(routeID: String, from: String, to: String) {
        self.routeID = routeID
        self.from = from
        self.to = to
    }
}
