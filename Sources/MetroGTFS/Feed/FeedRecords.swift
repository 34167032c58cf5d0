/// The records of a GTFS feed that metrotimer reads, one value type per file, holding only the fields it uses.
/// Text ids stay the feed's own strings; times and dates are parsed into `ServiceTime` and `ServiceDate`.
/// Each record keeps the line it came from, so a later check (an unknown id, a duplicate) can name the spot.

/// `agency.txt`: who runs the service, and in which time zone its times are.
public struct FeedAgency: Sendable, Equatable {
    public var id: String?
    public var name: String
    public var timeZone: String
    public var line: Int
    public init(id: String?, name: String, timeZone: String, line: Int) {
        self.id = id; self.name = name; self.timeZone = timeZone; self.line = line
    }
}

/// `stops.txt`: a platform, a station (a parent of platforms) or another kind of location.
public struct FeedStop: Sendable, Equatable {
    /// GTFS `location_type`: 0 (or empty) a stop or platform, 1 a station, 2 an entrance, 3 a generic node,
    /// 4 a boarding area.
    public enum Kind: Int, Sendable, Equatable { case platform = 0, station, entrance, genericNode, boardingArea }
    public var id: String
    public var name: String
    /// Absent only where GTFS allows it (generic nodes, boarding areas).
    public var latitude: Double?
    public var longitude: Double?
    public var kind: Kind
    public var parentStation: String?
    public var line: Int
    public init(id: String, name: String, latitude: Double?, longitude: Double?, kind: Kind, parentStation: String?, line: Int) {
        self.id = id; self.name = name; self.latitude = latitude; self.longitude = longitude
        self.kind = kind; self.parentStation = parentStation; self.line = line
    }
}

/// `routes.txt`: a line as riders know it.
public struct FeedRoute: Sendable, Equatable {
    public var id: String
    public var agencyID: String?
    public var shortName: String
    public var longName: String
    /// GTFS `route_type` (1 subway/metro, 2 rail, 12 monorail; extended types kept as they are).
    public var type: Int
    /// `RRGGBB` without `#`, when given.
    public var color: String?
    public var line: Int
    public init(id: String, agencyID: String?, shortName: String, longName: String, type: Int, color: String?, line: Int) {
        self.id = id; self.agencyID = agencyID; self.shortName = shortName; self.longName = longName
        self.type = type; self.color = color; self.line = line
    }
}

/// `trips.txt`: one run of a train along a route on the days of a service.
public struct FeedTrip: Sendable, Equatable {
    public var id: String
    public var routeID: String
    public var serviceID: String
    /// GTFS `direction_id` 0 or 1, when given.
    public var directionID: Int?
    public var shapeID: String?
    public var headsign: String?
    public var line: Int
    public init(id: String, routeID: String, serviceID: String, directionID: Int?, shapeID: String?, headsign: String?, line: Int) {
        self.id = id; self.routeID = routeID; self.serviceID = serviceID; self.directionID = directionID
        self.shapeID = shapeID; self.headsign = headsign; self.line = line
    }
}

/// `stop_times.txt`: one call of a trip at a stop. Read as a stream, never held whole.
public struct FeedStopTime: Sendable, Equatable {
    public var tripID: String
    public var stopID: String
    public var sequence: Int
    /// Both absent for a stop between timepoints (GTFS allows it); the importer interpolates.
    public var arrival: ServiceTime?
    public var departure: ServiceTime?
    /// GTFS `pickup_type` / `drop_off_type`: 1 means no boarding / no alighting here.
    public var noPickup: Bool
    public var noDropOff: Bool
    public var line: Int
    public init(tripID: String, stopID: String, sequence: Int, arrival: ServiceTime?, departure: ServiceTime?,
                noPickup: Bool, noDropOff: Bool, line: Int) {
        self.tripID = tripID; self.stopID = stopID; self.sequence = sequence; self.arrival = arrival
        self.departure = departure; self.noPickup = noPickup; self.noDropOff = noDropOff; self.line = line
    }
}

/// `calendar.txt`: the weekdays a service runs on between two dates.
public struct FeedCalendar: Sendable, Equatable {
    public var serviceID: String
    /// Monday first, as in the file.
    public var weekdays: [Bool]
    public var start: ServiceDate
    public var end: ServiceDate
    public var line: Int
    public init(serviceID: String, weekdays: [Bool], start: ServiceDate, end: ServiceDate, line: Int) {
        self.serviceID = serviceID; self.weekdays = weekdays; self.start = start; self.end = end; self.line = line
    }
}

/// `calendar_dates.txt`: a service added on (1) or removed from (2) one date.
public struct FeedCalendarDate: Sendable, Equatable {
    public var serviceID: String
    public var date: ServiceDate
    public var isAdded: Bool
    public var line: Int
    public init(serviceID: String, date: ServiceDate, isAdded: Bool, line: Int) {
        self.serviceID = serviceID; self.date = date; self.isAdded = isAdded; self.line = line
    }
}

/// `frequencies.txt`: a trip repeated every `headwaySeconds` from `start` to `end`. `exactTimes` true means the
/// repetitions are scheduled trips; false means only the headway is promised.
public struct FeedFrequency: Sendable, Equatable {
    public var tripID: String
    public var start: ServiceTime
    public var end: ServiceTime
    public var headwaySeconds: Int
    public var exactTimes: Bool
    public var line: Int
    public init(tripID: String, start: ServiceTime, end: ServiceTime, headwaySeconds: Int, exactTimes: Bool, line: Int) {
        self.tripID = tripID; self.start = start; self.end = end; self.headwaySeconds = headwaySeconds
        self.exactTimes = exactTimes; self.line = line
    }
}

/// `transfers.txt`: how a rider may change between two stops.
public struct FeedTransfer: Sendable, Equatable {
    /// GTFS `transfer_type` 0–3 (4 and 5, in-seat transfers, are read as `.recommended`'s neighbours: kept raw).
    public enum Kind: Int, Sendable, Equatable {
        case recommended = 0, timed, minimumTime, notPossible, inSeat, inSeatNotAllowed
    }
    public var fromStopID: String
    public var toStopID: String
    public var kind: Kind
    public var minimumSeconds: Int?
    public var line: Int
    public init(fromStopID: String, toStopID: String, kind: Kind, minimumSeconds: Int?, line: Int) {
        self.fromStopID = fromStopID; self.toStopID = toStopID; self.kind = kind
        self.minimumSeconds = minimumSeconds; self.line = line
    }
}

/// `feed_info.txt`: who published the feed, its version and the dates it is valid for.
public struct FeedInfo: Sendable, Equatable {
    public var publisherName: String
    public var version: String?
    public var start: ServiceDate?
    public var end: ServiceDate?
    public init(publisherName: String, version: String?, start: ServiceDate?, end: ServiceDate?) {
        self.publisherName = publisherName; self.version = version; self.start = start; self.end = end
    }
}
