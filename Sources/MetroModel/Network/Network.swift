/// A station's or a line's two names: a `Phrase` like every other text in both languages. The Ukrainian one may
/// contain U+02BC (Лукʼянівська) and guillemets (Палац «Україна»).
public typealias LocalizedName = Phrase

/// A metro station (model §1).
public struct Station: Hashable, Sendable {
    public let id: StationID
    public let line: LineID
    public let name: LocalizedName
    public let latitude: Double
    public let longitude: Double
    /// Above ground: a GPS fix may be had here (model §5.4). See Data/README.md for the doubts.
    public let isSurface: Bool
    /// Trains pass without stopping.
    public let isClosed: Bool
}

/// A metro line with its stations in forward order.
public struct Line: Hashable, Sendable {
    public let id: LineID
    public let name: LocalizedName
    /// `#RRGGBB`.
    public let color: String
    public let stations: [StationID]
}

/// Seed timing of a directed segment: running time and the dwell at `to`, taken whole (model §3.2).
public struct SegmentSeed: Hashable, Sendable {
    public let runningSeconds: Int
    public let dwellSeconds: Int
    public let isSuspended: Bool
}

/// An interchange node: the pair of stations where two lines meet, and the walk between them.
public struct Transfer: Hashable, Sendable {
    public let a: StationID
    public let b: StationID
    /// Walking time; the wait for a train is not included.
    public let walkSeconds: Int
    /// Whether the walk was measured in the field (only Khreshchatyk ↔ Maidan Nezalezhnosti so far).
    public let isMeasured: Bool
}

/// The interval between trains at the start and at the end of one hour (model §3.1).
public struct HeadwayPair: Hashable, Sendable {
    public let start: Int
    public let end: Int
}

/// First and last departure from a station in one direction, as seconds after local midnight of the service day.
public struct ServiceWindow: Hashable, Sendable {
    public let firstDeparture: Int
    public let lastDeparture: Int
}

/// Where the data came from, to be shown with `--version` and in docs.
public struct DataAttribution: Hashable, Sendable {
    public let timetable: String
    public let coordinates: String
    public let networkAsOf: String
}

/// The validated metro network: lines, stations, segments, transfers, headways and service hours.
///
/// Built only by `Network.load(json:)`, which refuses inconsistent data, so every lookup here may assume the
/// network is whole (every line station has a record, every transfer joins two lines, and so on).
public struct Network: Sendable {
    public let lines: [Line]
    public let stations: [StationID: Station]
    /// Station ids in file order (line by line, forward).
    public let stationOrder: [StationID]
    public let seeds: [SegmentKey: SegmentSeed]
    public let transfers: [Transfer]
    public let defaultRunningSeconds: Int
    public let defaultDwellSeconds: Int
    public let attribution: DataAttribution
    let headways: [HeadwayKey: (forward: HeadwayPair, backward: HeadwayPair)]
    let serviceHours: [StationID: [Direction: ServiceWindow]]
    let lineIndex: [LineID: Int]
    let positions: [StationID: Int]
    /// Segments inside a stretch the rider suspended (`withLocalSuspensions`), keyed forward along the line.
    var localSuspensions: [SegmentKey: SuspendedStretch] = [:]

    struct HeadwayKey: Hashable {
        let line: LineID
        let hour: Int
        let day: DayType
    }

    /// The station with this id, if any.
    public func station(_ id: StationID) -> Station? { stations[id] }

    /// The line with this id, if any.
    public func line(_ id: LineID) -> Line? { lineIndex[id].map { lines[$0] } }

    /// Index of a station within its line (forward order).
    public func position(of id: StationID) -> Int? { positions[id] }

    /// The stations in file order.
    public var allStations: [Station] { stationOrder.map { stations[$0]! } }

    /// The interchange between two different lines: the station to leave on `from`'s line and the one to board
    /// on `to`'s line. Any two lines meet at exactly one node (checked at load).
    public func transfer(from: LineID, to: LineID) -> (exit: StationID, board: StationID, walkSeconds: Int)? {
        for t in transfers {
            guard let la = stations[t.a]?.line, let lb = stations[t.b]?.line else { continue }
            if la == from && lb == to { return (t.a, t.b, t.walkSeconds) }
            if lb == from && la == to { return (t.b, t.a, t.walkSeconds) }
        }
        return nil
    }

    /// Seed timing for a directed segment as stored (no mirroring).
    public func seed(_ key: SegmentKey) -> SegmentSeed? { seeds[key] }

    /// A–B is suspended if either directed record says so (model §1), or a stretch the rider suspended covers it.
    public func isSuspended(_ key: SegmentKey) -> Bool {
        (seeds[key]?.isSuspended ?? false) || (seeds[key.mirrored]?.isSuspended ?? false)
            || localSuspension(covering: key) != nil
    }

    /// The headway pair of a line at a table hour (6…22), day type and direction.
    public func headwayPair(line: LineID, hour: Int, day: DayType, direction: Direction) -> HeadwayPair? {
        guard let row = headways[HeadwayKey(line: line, hour: hour, day: day)] else { return nil }
        return direction == .forward ? row.forward : row.backward
    }

    /// First and last departure from a station in a direction, or nil where none is recorded.
    public func serviceWindow(at station: StationID, direction: Direction) -> ServiceWindow? {
        serviceHours[station]?[direction]
    }

    /// Direction of travel from one station to another on the same line.
    public func direction(from: StationID, to: StationID) -> Direction? {
        guard let a = positions[from], let b = positions[to], a != b,
            stations[from]?.line == stations[to]?.line
        else { return nil }
        return b > a ? .forward : .backward
    }

    /// Great-circle distance between two stations in metres.
    public func distanceMeters(_ a: StationID, _ b: StationID) -> Double? {
        guard let sa = stations[a], let sb = stations[b] else { return nil }
        return greatCircleMeters(latitude1: sa.latitude, longitude1: sa.longitude,
                                 latitude2: sb.latitude, longitude2: sb.longitude)
    }
}
