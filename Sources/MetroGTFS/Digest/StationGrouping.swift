import MetroModel

/// Which station each stop of a feed belongs to: the rider's "station" is what they name, a train's stops are
/// platforms. A platform with a `parent_station` belongs to that station; a feed without parent stations (many
/// small ones) has one stop per platform, so platforms with the same name within `mergeRadiusMeters` of each other
/// become one station, named by the smallest of their `stop_id`s (a choice that does not depend on file order).
public struct StationGrouping: Sendable, Equatable {
    /// Platforms with the same name this close together are one station when the feed has no parent for them.
    public static let mergeRadiusMeters = 300.0

    /// The station id of every stop that trains call at or that is a station itself.
    public let stationOfStop: [String: String]

    /// Groups the feed's stops. Entrances, generic nodes and boarding areas are not stations and are left out.
    public init(stops: [FeedStop]) {
        var station: [String: String] = [:]
        var orphans: [FeedStop] = []
        for stop in stops {
            switch stop.kind {
            case .station:
                station[stop.id] = stop.id
            case .platform:
                if let parent = stop.parentStation, !parent.isEmpty { station[stop.id] = parent } else { orphans.append(stop) }
            case .entrance, .genericNode, .boardingArea:
                continue
            }
        }
        // Parentless platforms: join those of one name that lie within the radius of one another (transitively, so
        // a long platform's two ends recorded as two stops still make one station). Sorting by id makes the
        // smallest id the representative whatever the file's order.
        let byName = Dictionary(grouping: orphans.sorted { $0.id < $1.id }, by: \.name)
        for (_, group) in byName {
            var representative = group.map(\.id)
            for i in group.indices {
                for j in group.indices where j > i && Self.near(group[i], group[j]) {
                    let a = representative[i], b = representative[j]
                    let keep = min(a, b)
                    for k in group.indices where representative[k] == a || representative[k] == b {
                        representative[k] = keep
                    }
                }
            }
            for (k, stop) in group.enumerated() { station[stop.id] = representative[k] }
        }
        stationOfStop = station
    }

    private static func near(_ a: FeedStop, _ b: FeedStop) -> Bool {
        guard let la = a.latitude, let oa = a.longitude, let lb = b.latitude, let ob = b.longitude else { return false }
        return greatCircleMeters(latitude1: la, longitude1: oa, latitude2: lb, longitude2: ob) <= mergeRadiusMeters
    }

    /// The station a stop belongs to, or nil for a stop that is not a platform or station.
    public func station(of stopID: String) -> String? { stationOfStop[stopID] }
}
