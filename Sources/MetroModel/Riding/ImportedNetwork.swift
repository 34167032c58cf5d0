/// A schema 2 network (any metro, from its GTFS feed) as the engine rides it: the validated file with its
/// route planner and the rules of its time zone, read from the system's tz database where it is loaded.
///
/// The route is the planner's for the hour of the departure press (the one `metrotimer plan` shows for that
/// instant), with as many changes as it takes; the schedule is `GeneralNetwork.fill` on the network's own clock, so the
/// hour's time band, the headway at a change and the feed's spreads are those of the moment the train is there.
public struct ImportedNetwork: RideNetwork {
    /// The network as validated.
    public let general: GeneralNetwork
    /// The rules of the network's time zone (`time_zone` in the file).
    public let zone: TimeZoneRules
    /// Each station's facts as `Station`, its line the first (in file order) whose patterns call there.
    let stations: [StationID: Station]
    /// Whether the file flags any station above ground; if none, the feed did not say, and every station may be.
    let flagsOpenSky: Bool
    /// The network as its file has it, without the rider's suspended stretches (`withLocalSuspensions` lays them
    /// over this again each time).
    let unsuspended: GeneralNetwork

    public init(general: GeneralNetwork, zone: TimeZoneRules) {
        self.init(general: general, zone: zone, unsuspended: general)
    }

    init(general: GeneralNetwork, zone: TimeZoneRules, unsuspended: GeneralNetwork) {
        self.general = general
        self.zone = zone
        self.unsuspended = unsuspended
        var firstLine: [String: String] = [:]
        for line in general.file.lines {
            for pattern in line.patterns {
                for station in pattern.stations where firstLine[station] == nil { firstLine[station] = line.id }
            }
        }
        var stations: [StationID: Station] = [:]
        for record in general.file.stations {
            stations[StationID(record.id)] = Station(
                id: StationID(record.id), line: LineID(firstLine[record.id] ?? ""),
                name: Phrase(uk: record.uk, en: record.en), latitude: record.lat, longitude: record.lon,
                isSurface: record.surface, isClosed: record.closed)
        }
        self.stations = stations
        self.flagsOpenSky = general.file.stations.contains { $0.surface }
    }

    public func station(_ id: StationID) -> Station? { stations[id] }

    public func isOpenSky(_ id: StationID) -> Bool {
        guard let station = stations[id] else { return false }
        return station.isSurface || !flagsOpenSky
    }

    public var stationCount: Int { stations.count }

    /// The feed's agency, folded to lower-case letters, digits and hyphens (`mta-new-york-city-transit`): it
    /// stays the same when a newer feed of the same network is imported, whatever the file is called.
    public var stateName: String? {
        var slug = ""
        for scalar in StationSearch.fold(general.file.provenance.agency).unicodeScalars {
            let c = Character(scalar)
            if c.isASCII && (c.isLetter || c.isNumber) {
                slug.append(c)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return "network-" + (slug.isEmpty ? "imported" : String(slug.prefix(60)))
    }

    public func lineColor(_ id: LineID) -> String? { general.line(id)?.color }

    public func station(named query: String) throws(PlanError) -> StationID {
        switch general.resolve(query) {
        case .found(let id):
            return id
        case .ambiguous(let ids):
            throw .ambiguousStation(query, candidates: Array(ids.prefix(Network.ambiguousCandidatesListed)))
        case .unknown(let suggestions):
            throw suggestions.isEmpty ? .unknownStation(query) : .misspelledStation(query, suggestions: suggestions)
        }
    }

    public func civil(unixSeconds: Int64) -> CivilTime { zone.civil(unixSeconds: unixSeconds) }

    /// The service time of a Unix instant on the network's clock.
    public func serviceTime(unixSeconds: Int64) -> ZonedServiceTime {
        ZonedServiceTime(unixSeconds: unixSeconds, rules: zone)
    }

    public func route(from: StationID, to: StationID, leavingAtUnixSeconds unix: Int64?) throws(PlanError) -> [RouteEvent] {
        let headway: RoutePlanner.Headway
        if let unix {
            let service = serviceTime(unixSeconds: unix)
            headway = general.headways.routeHeadway(day: service.kindOfDay,
                                                    departingAtSecondsAfterMidnight: service.secondsAfterMidnight)
        } else {
            headway = { _, _, _ in nil }
        }
        do throws(RoutingError) {
            return try RoutePlanner(graph: general.graph)
                .plan(from: from, to: to, headway: headway).events
        } catch {
            switch error {
            case .unknownStation(let text): throw .unknownStation(text)
            case .sameStation(let id): throw .sameStation(id)
            case .closedStation(let id): throw .closedStation(id)
            case .unreachable(_, _, .suspended(_, let a, let b)): throw .suspended(from: a, to: b)
            case .unreachable: throw .noRide(error.phrase(names: general))
            case .tooManyChanges: throw .noRide(error.phrase(names: general))
            }
        }
    }

    public func travelAndDwell(from previous: RouteEvent, to event: RouteEvent, calibration: CalibrationStore,
                               wall: WallClockMapping, leaving: Instant) -> (travel: Int, dwell: Int)
    {
        if event.isTransfer { return (general.walkSeconds(from: previous.station, to: event.station), 0) }
        let hour = serviceTime(unixSeconds: wall.unixSeconds(at: leaving)).secondsAfterMidnight / 3600
        let timing = general.timing(line: event.line, from: previous.station, to: event.station, hour: hour,
                                    calibration: calibration)
        return (timing.running, timing.dwell)
    }

    public func fill(route: [RouteEvent], from index: Int, cursor: Instant, prefix: [ScheduledEvent],
                     calibration: CalibrationStore, wall: WallClockMapping) -> [ScheduledEvent]
    {
        general.fill(route: route, from: index, cursor: cursor, prefix: prefix, calibration: calibration) { instant in
            let service = serviceTime(unixSeconds: wall.unixSeconds(at: instant))
            return (service.kindOfDay, service.secondsAfterMidnight)
        }
    }

    public func serviceIssue(for trip: Trip) -> ServiceIssue? {
        general.serviceIssue(for: trip, service: serviceTime(unixSeconds: trip.wall.unixSeconds(at: trip.t0)))
    }

    /// The stations from `start` to the end of the longest of `line`'s patterns in `direction` that calls there,
    /// each with the feed's median running time of the segment reaching it.
    public func calibrationStops(line: LineID, direction: Direction, start: StationID) -> [CalibrationSession.Stop]? {
        let patterns = general.line(line)?.patterns.filter {
            $0.direction == direction.rawValue && $0.stations.contains(start.rawValue)
        } ?? []
        guard let pattern = patterns.max(by: { $0.stations.count < $1.stations.count }),
              let index = pattern.stations.firstIndex(of: start.rawValue), index + 1 < pattern.stations.count
        else { return nil }
        let ordered = pattern.stations[index...].map { StationID($0) }
        return ordered.enumerated().map { i, id in
            let seed = i == 0 ? 0 : general.timing(line: line, from: ordered[i - 1], to: id, hour: -1).running
            return CalibrationSession.Stop(station: id, isClosed: stations[id]?.isClosed ?? false, seedRunningSeconds: seed)
        }
    }
}
