/// Which of a feed's routes an import keeps (`metrotimer import-gtfs --route-types … --routes …`).
public struct ImportOptions: Sendable, Equatable {
    /// GTFS route types kept when no routes are named: metro and subway (1), monorail (12), and the extended
    /// types for urban railway, metro, underground and monorail (400–403, 405). Suburban rail (2) is left out by
    /// default, since in many feeds it is a whole country's trains; `--route-types 1,2` takes it in.
    public static let metroRouteTypes: Set<Int> = [1, 12, 400, 401, 402, 403, 405]

    public var routeTypes: Set<Int>
    /// Route ids to keep, whatever their type; empty to select by type.
    public var routeIDs: Set<String>

    public init(routeTypes: Set<Int> = ImportOptions.metroRouteTypes, routeIDs: Set<String> = []) {
        self.routeTypes = routeTypes
        self.routeIDs = routeIDs
    }

    /// Whether a route is imported: named, or of a kept type when none is named.
    public func keeps(_ route: FeedRoute) -> Bool {
        routeIDs.isEmpty ? routeTypes.contains(route.type) : routeIDs.contains(route.id)
    }
}
