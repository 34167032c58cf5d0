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
        // a long platform's two ends recorded as two stops still make one station), each group named by its
        // smallest id, so the file's order does not matter. Within a name, platforms are swept in latitude order
        // and compared only with those less than the radius further north, so a hostile feed of many platforms
        // of one name costs n log n, not n².
        let latitudeReach = Self.mergeRadiusMeters / 111_000.0
        for (_, group) in Dictionary(grouping: orphans, by: \.name) {
            let placed = group.filter { $0.latitude != nil && $0.longitude != nil }.sorted { $0.latitude! < $1.latitude! }
            var parent = Array(placed.indices)
            func root(_ i: Int) -> Int {
                var i = i
                while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
                return i
            }
            for i in placed.indices {
                var j = i + 1
                while j < placed.count, placed[j].latitude! - placed[i].latitude! <= latitudeReach {
                    if Self.near(placed[i], placed[j]) { parent[root(j)] = root(i) }
                    j += 1
                }
            }
            var smallest: [Int: String] = [:]
            for i in placed.indices { smallest[root(i)] = min(smallest[root(i)] ?? placed[i].id, placed[i].id) }
            for i in placed.indices { station[placed[i].id] = smallest[root(i)]! }
            for stop in group where stop.latitude == nil || stop.longitude == nil { station[stop.id] = stop.id }
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
