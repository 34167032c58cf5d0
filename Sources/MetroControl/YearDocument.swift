import MetroModel

/// `{"year": {...}}`: the year on the metro (`metrotimer stats --year`), see `YearOnTheMetro` for what counts.
public struct YearDocument: Codable, Equatable, Sendable {
    public struct Route: Codable, Equatable, Sendable {
        public var from: String
        public var to: String
        public var rides: Int
    }
    public struct Ride: Codable, Equatable, Sendable {
        /// The start on the network's own clock (Kyiv's, or an imported network's zone), with its offset.
        public var t0: String
        public var from: String
        public var to: String
    }
    public struct Accuracy: Codable, Equatable, Sendable {
        public var measured_trips: Int
        public var median_error_s: Int?
        public var within_30s_share: Double?
    }

    public var year: Int
    public var rides: Int
    public var cancelled: Int
    public var time_underground_s: Int
    public var stations: Int
    public var lines: [String]
    /// `null` when there were no rides that year (as are `earliest` and `latest`).
    @ExplicitNull public var favourite_route: Route?
    @ExplicitNull public var earliest: Ride?
    @ExplicitNull public var latest: Ride?
    public var accuracy: Accuracy

    public init(_ y: YearOnTheMetro) {
        func ride(_ t: YearOnTheMetro.RideTime) -> Ride {
            // The civil time the year was counted by: the network's clock, so the ride's time is the one its rider read.
            Ride(t0: KyivTimestamp.format(t.civil, fraction: nil), from: t.route.from.rawValue, to: t.route.to.rawValue)
        }
        year = y.year
        rides = y.rides
        cancelled = y.cancelled
        time_underground_s = y.secondsUnderground
        stations = y.stations.count
        lines = y.lines.map(\.rawValue)
        favourite_route = y.favourite.map { Route(from: $0.route.from.rawValue, to: $0.route.to.rawValue, rides: $0.rides) }
        earliest = y.earliest.map(ride)
        latest = y.latest.map(ride)
        accuracy = Accuracy(measured_trips: y.accuracy.measuredTripCount, median_error_s: y.accuracy.medianErrorSeconds,
                            within_30s_share: y.accuracy.withinThirtySecondsShare)
    }
}
