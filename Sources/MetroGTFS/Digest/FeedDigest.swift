/// What a feed's trips say about its network, summarised for the model: stop patterns, running and dwell times
/// per segment, headways per hour and day type taken from the real departures, and each station's service hours.
/// Made by `FeedDigestBuilder` from the trips one at a time.
public struct FeedDigest: Sendable {
    /// Every stop pattern used, with how many trips ran it on each day type.
    public var patterns: [FeedPattern: [FeedDayType: Int]]
    /// Running times (departure at `from` to arrival at `to`) and dwells (at `to`) per segment, over all trips.
    public var segments: [FeedSegmentKey: FeedSegmentTiming]
    /// Headways per route, direction and day type: for each service hour, the interval between trains at the
    /// hour's start and at its end.
    public var headways: [FeedServiceKey: [Int: FeedHeadway]]
    /// First and last departure (after midnight counted past 24 h) per station, route, direction and day type.
    public var serviceHours: [FeedStationServiceKey: FeedServiceWindow]
    /// Trips taken into the digest, and those left out with why.
    public var tripsUsed: Int
    public var tripsIgnored: [FeedIgnoredReason: Int]
}

/// Running and dwell times of one segment: all trips together and, for running times, per hour of departure so
/// that time bands (a slower peak, a faster night) can be told apart where they differ.
public struct FeedSegmentTiming: Sendable, Equatable {
    public var running = ValueHistogram()
    public var dwell = ValueHistogram()
    /// Running times by the hour (0…47: service-day hours, past midnight counted on) the train left `from`.
    public var runningByHour: [Int: ValueHistogram] = [:]

    public init() {}

    /// Consecutive hours whose median running time stays within `tolerance` seconds of the band's first hour
    /// make one band; a segment whose times never differ has a single band.
    public func bands(tolerance: Int = 10) -> [FeedTimeBand] {
        var bands: [FeedTimeBand] = []
        for hour in runningByHour.keys.sorted() {
            let histogram = runningByHour[hour]!
            guard let median = histogram.median else { continue }
            if var last = bands.last, last.endHour == hour, abs(last.firstMedian - median) <= tolerance {
                last.endHour = hour + 1
                last.running.merge(histogram)
                bands[bands.count - 1] = last
            } else {
                bands.append(FeedTimeBand(startHour: hour, endHour: hour + 1, firstMedian: median, running: histogram))
            }
        }
        return bands
    }
}

/// Hours `startHour ..< endHour` of a service day in which a segment runs alike.
public struct FeedTimeBand: Sendable, Equatable {
    public var startHour: Int
    public var endHour: Int
    /// The median of the band's first hour, which later hours are compared with.
    public var firstMedian: Int
    public var running: ValueHistogram
}

/// A route in one direction on one kind of day: what headways are kept for.
public struct FeedServiceKey: Sendable, Hashable {
    public let routeID: String
    public let directionID: Int?
    public let day: FeedDayType
}

/// A station served by a route in one direction on one kind of day: what service hours are kept for.
public struct FeedStationServiceKey: Sendable, Hashable {
    public let station: String
    public let service: FeedServiceKey
}

/// The interval between trains at the start and at the end of one hour, in seconds.
public struct FeedHeadway: Sendable, Equatable {
    public var start: Int
    public var end: Int
}

/// First and last departure, as `ServiceTime` seconds of the service day.
public struct FeedServiceWindow: Sendable, Equatable {
    public var first: Int
    public var last: Int
}

/// Why a trip was left out of the digest.
public enum FeedIgnoredReason: String, Sendable, Hashable, CaseIterable {
    /// Its route is not one of the route types or routes asked for.
    case routeNotSelected = "route not selected"
    /// Its service runs on none of the days the digest looks at.
    case serviceNeverRuns = "service runs on no day looked at"
    /// It calls at fewer than two stations (after consecutive calls at one station are merged).
    case tooFewStations = "fewer than two stations"
}
