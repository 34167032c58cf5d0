import MetroModel

/// The parts of a feed that name and place things, beside the digest of its trips: what the network file is
/// assembled from.
public struct FeedDescription: Sendable {
    public var agencyName: String
    public var timeZone: String
    public var info: FeedInfo?
    public var stops: [FeedStop]
    public var routes: [FeedRoute]
    public var transfers: [FeedTransfer]
    /// The first and last dates the feed's calendar has service on.
    public var firstServiceDate: ServiceDate
    public var lastServiceDate: ServiceDate

    public init(agencyName: String, timeZone: String, info: FeedInfo?, stops: [FeedStop], routes: [FeedRoute],
                transfers: [FeedTransfer], firstServiceDate: ServiceDate, lastServiceDate: ServiceDate) {
        self.agencyName = agencyName; self.timeZone = timeZone; self.info = info; self.stops = stops
        self.routes = routes; self.transfers = transfers; self.firstServiceDate = firstServiceDate
        self.lastServiceDate = lastServiceDate
    }
}

extension GeneralNetworkFile {
    /// Colour of a line whose feed gives none: a neutral grey, since a made-up colour would look official.
    static let uncolouredLine = "#808080"

    /// The network file of a feed: the lines and stations its kept trips use, their patterns, timings, headways
    /// and service hours from the digest, and its transfers between those stations. Every list is sorted, so the
    /// same feed always gives the same file byte for byte (apart from `imported`).
    public init(digest: FeedDigest, feed: FeedDescription, grouping: StationGrouping, imported: ServiceDate) {
        let usedStations = Set(digest.patterns.keys.flatMap(\.stations))
        let stopsByID = Dictionary(feed.stops.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        var aliases: [String: [String]] = [:]
        for stop in feed.stops {
            guard let station = grouping.station(of: stop.id), station != stop.id, usedStations.contains(station) else { continue }
            aliases[station, default: []].append(stop.id)
        }
        let stations: [StationRecord] = usedStations.sorted().map { id in
            let stop = stopsByID[id]
            return StationRecord(id: id, uk: stop?.name ?? id, en: stop?.name ?? id, lat: stop?.latitude ?? 0,
                                 lon: stop?.longitude ?? 0, surface: false, closed: false,
                                 aliases: (aliases[id] ?? []).sorted())
        }

        let patternsByRoute = Dictionary(grouping: digest.patterns, by: { $0.key.routeID })
        let lines: [LineRecord] = feed.routes.filter { patternsByRoute[$0.id] != nil }.sorted { $0.id < $1.id }.map { route in
            // Forward patterns first; in each direction the most-run one first (the line's main pattern), ties
            // by stations, so the ids are stable.
            let ranked = patternsByRoute[route.id]!.sorted { a, b in
                if a.key.directionID != b.key.directionID { return (a.key.directionID ?? 0) < (b.key.directionID ?? 0) }
                let ta = a.value.values.reduce(0, +), tb = b.value.values.reduce(0, +)
                if ta != tb { return ta > tb }
                return a.key.stations.lexicographicallyPrecedes(b.key.stations)
            }
            var counter: [String: Int] = [:]
            let patterns = ranked.map { pattern, trips in
                let direction = Self.direction(pattern.directionID)
                counter[direction, default: 0] += 1
                return PatternRecord(id: "\(route.id)-\(direction == "forward" ? "f" : "b")\(counter[direction]!)",
                                     direction: direction, stations: pattern.stations,
                                     trips: Dictionary(uniqueKeysWithValues: trips.map { ($0.key.rawValue, $0.value) }))
            }
            let name = [route.shortName, route.longName].filter { !$0.isEmpty }.joined(separator: " ")
            let label = name.isEmpty ? route.id : name
            return LineRecord(id: route.id, uk: label, en: label,
                              color: route.color.map { "#\($0.uppercased())" } ?? Self.uncolouredLine, patterns: patterns)
        }

        let segments: [SegmentRecord] = digest.segments.sorted { ($0.key.routeID, $0.key.from, $0.key.to) < ($1.key.routeID, $1.key.from, $1.key.to) }
            .compactMap { key, timing in
                guard let running = timing.running.median else { return nil }
                let bands = timing.bands()
                return SegmentRecord(
                    line: key.routeID, from: key.from, to: key.to, running_s: running,
                    running_p10_s: timing.running.percentile(0.1) ?? running,
                    running_p90_s: timing.running.percentile(0.9) ?? running,
                    running_min_s: timing.running.minimum ?? running,
                    dwell_s: timing.dwell.median ?? 0, dwell_p90_s: timing.dwell.percentile(0.9) ?? 0,
                    dwell_min_s: timing.dwell.minimum ?? 0,
                    samples: timing.running.total,
                    bands: bands.count > 1 ? bands.map { BandRecord(from_hour: $0.startHour, to_hour: $0.endHour, running_s: $0.running.median ?? running) } : [],
                    suspended: false)
            }

        var transfers: [String: TransferRecord] = [:]
        for transfer in feed.transfers {
            guard let a = grouping.station(of: transfer.fromStopID), let b = grouping.station(of: transfer.toStopID),
                usedStations.contains(a), usedStations.contains(b)
            else { continue }
            let (first, second) = a <= b ? (a, b) : (b, a)
            let record = TransferRecord(a: first, b: second, walk_s: transfer.minimumSeconds ?? 0,
                                        possible: transfer.kind != .notPossible)
            // Several platform pairs of one station pair: the longest walk, and forbidden only if every one is.
            if let known = transfers["\(first)\u{0}\(second)"] {
                transfers["\(first)\u{0}\(second)"] = TransferRecord(a: first, b: second, walk_s: max(known.walk_s, record.walk_s),
                                                                    possible: known.possible || record.possible)
            } else {
                transfers["\(first)\u{0}\(second)"] = record
            }
        }

        let headways: [HeadwayRecord] = digest.headways.flatMap { key, hours in
            hours.map { hour, headway in
                HeadwayRecord(line: key.routeID, direction: Self.direction(key.directionID), day: key.day.rawValue,
                              hour: hour, start_s: headway.start, end_s: headway.end)
            }
        }.sorted { ($0.line, $0.direction, $0.day, $0.hour) < ($1.line, $1.direction, $1.day, $1.hour) }

        let serviceHours: [ServiceRecord] = digest.serviceHours.map { key, window in
            ServiceRecord(station: key.station, line: key.service.routeID, direction: Self.direction(key.service.directionID),
                          day: key.service.day.rawValue, first_s: window.first, last_s: window.last)
        }.sorted { ($0.station, $0.line, $0.direction, $0.day) < ($1.station, $1.line, $1.direction, $1.day) }

        var allRunning = ValueHistogram(), allDwell = ValueHistogram()
        for timing in digest.segments.values { allRunning.merge(timing.running); allDwell.merge(timing.dwell) }

        self.init(
            about: "\(feed.agencyName): imported by metrotimer import-gtfs from its GTFS feed.",
            provenance: Provenance(source: "gtfs", agency: feed.agencyName, publisher: feed.info?.publisherName,
                                   feed_version: feed.info?.version, valid_from: feed.firstServiceDate.isoText,
                                   valid_to: feed.lastServiceDate.isoText, imported: imported.isoText),
            time_zone: feed.timeZone,
            defaults: Defaults(running_s: allRunning.median ?? 120, dwell_s: allDwell.median ?? 30),
            lines: lines, stations: stations, segments: segments,
            transfers: transfers.values.sorted { ($0.a, $0.b) < ($1.a, $1.b) }, headways: headways,
            service_hours: serviceHours)
    }

    /// GTFS direction 0 (or none) rides a pattern "forward", direction 1 "backward", as schema 1 names directions.
    static func direction(_ directionID: Int?) -> String { directionID == 1 ? "backward" : "forward" }
}
