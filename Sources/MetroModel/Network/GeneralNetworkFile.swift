import FoundationEssentials

/// The on-disk schema 2 of a network data file: any metro, as `metrotimer import-gtfs` writes it from a GTFS
/// feed. Where schema 1 (`NetworkFile`, Kyiv's) gives each station one line and each line one list of stations,
/// schema 2 lets a station be served by several lines and a line run several stop patterns (branches, short
/// turns, an express skipping stations on shared track), keeps running times per line and segment with their
/// spread and time bands, and names the time zone and where the data came from.
///
/// Like `NetworkFile` it is only a transport shape, encoded and decoded here; what the model makes of it is
/// validated where it is loaded. Times are seconds; service times are seconds after midnight of the service day
/// and may pass 24 h (a train after midnight belongs to the day it started on). Field names are snake_case, as in
/// schema 1.
public struct GeneralNetworkFile: Codable, Sendable, Equatable {
    /// Always 2.
    public var schema: Int
    public var about: String
    public var provenance: Provenance
    /// An IANA zone name (`America/New_York`), read from the system's tz database where the file is used.
    public var time_zone: String
    public var defaults: Defaults
    public var lines: [LineRecord]
    public var stations: [StationRecord]
    public var segments: [SegmentRecord]
    public var transfers: [TransferRecord]
    public var headways: [HeadwayRecord]
    public var service_hours: [ServiceRecord]

    /// Where the network came from: the feed's agency and version, the dates its calendar covers, when it was
    /// imported.
    public struct Provenance: Codable, Sendable, Equatable {
        /// `gtfs` for an imported feed.
        public var source: String
        public var agency: String
        public var publisher: String?
        public var feed_version: String?
        /// The first and last service dates of the feed's calendar, `YYYY-MM-DD`.
        public var valid_from: String
        public var valid_to: String
        /// The local date of the import, `YYYY-MM-DD`.
        public var imported: String
        public init(source: String, agency: String, publisher: String?, feed_version: String?, valid_from: String,
                    valid_to: String, imported: String) {
            self.source = source; self.agency = agency; self.publisher = publisher; self.feed_version = feed_version
            self.valid_from = valid_from; self.valid_to = valid_to; self.imported = imported
        }
    }

    /// Running and dwell times for a segment the file has no record of (model §3.2).
    public struct Defaults: Codable, Sendable, Equatable {
        public var running_s: Int
        public var dwell_s: Int
        public init(running_s: Int, dwell_s: Int) { self.running_s = running_s; self.dwell_s = dwell_s }
    }

    /// A line as riders know it (a GTFS route): its names, colour and stop patterns.
    public struct LineRecord: Codable, Sendable, Equatable {
        public var id: String
        public var uk: String
        public var en: String
        /// `#RRGGBB`.
        public var color: String
        public var patterns: [PatternRecord]
        public init(id: String, uk: String, en: String, color: String, patterns: [PatternRecord]) {
            self.id = id; self.uk = uk; self.en = en; self.color = color; self.patterns = patterns
        }
    }

    /// One stop pattern of a line in one direction, stations in riding order, with how many trips run it on each
    /// kind of day (`weekday`, `saturday`, `sunday`).
    public struct PatternRecord: Codable, Sendable, Equatable {
        public var id: String
        /// `forward` (GTFS direction 0, or the feed's only direction) or `backward`.
        public var direction: String
        public var stations: [String]
        public var trips: [String: Int]
        public init(id: String, direction: String, stations: [String], trips: [String: Int]) {
            self.id = id; self.direction = direction; self.stations = stations; self.trips = trips
        }
    }

    /// A station: what a rider names. `aliases` are the feed's platform `stop_id`s, accepted wherever a station id is.
    public struct StationRecord: Codable, Sendable, Equatable {
        public var id: String
        public var uk: String
        public var en: String
        public var lat: Double
        public var lon: Double
        public var surface: Bool
        public var closed: Bool
        public var aliases: [String]
        public init(id: String, uk: String, en: String, lat: Double, lon: Double, surface: Bool, closed: Bool,
                    aliases: [String]) {
            self.id = id; self.uk = uk; self.en = en; self.lat = lat; self.lon = lon; self.surface = surface
            self.closed = closed; self.aliases = aliases
        }
    }

    /// A line's directed segment between two consecutive calls: the median running time (departure to arrival)
    /// and dwell at `to`, their 10th and 90th percentiles, the shortest of each, how many trips they come from, and the hours in which
    /// the running time differs from the median.
    public struct SegmentRecord: Codable, Sendable, Equatable {
        public var line: String
        public var from: String
        public var to: String
        public var running_s: Int
        public var running_p10_s: Int
        public var running_p90_s: Int
        /// The shortest running time of any trip: how early a train may come by the operator's own timetable
        /// (the never-late rule takes it, model §4). Nil in files written before it was kept: the 10th percentile
        /// stands in.
        public var running_min_s: Int?
        public var dwell_s: Int
        public var dwell_p90_s: Int
        /// The shortest dwell at `to` of any trip (a timetable may hold most trains at a station and not others).
        /// Nil in files written before it was kept: the median stands in.
        public var dwell_min_s: Int?
        public var samples: Int
        public var bands: [BandRecord]
        public var suspended: Bool
        public init(line: String, from: String, to: String, running_s: Int, running_p10_s: Int, running_p90_s: Int,
                    running_min_s: Int? = nil, dwell_s: Int, dwell_p90_s: Int, dwell_min_s: Int? = nil, samples: Int,
                    bands: [BandRecord], suspended: Bool) {
            self.line = line; self.from = from; self.to = to; self.running_s = running_s
            self.running_p10_s = running_p10_s; self.running_p90_s = running_p90_s; self.running_min_s = running_min_s
            self.dwell_s = dwell_s
            self.dwell_p90_s = dwell_p90_s; self.dwell_min_s = dwell_min_s; self.samples = samples; self.bands = bands; self.suspended = suspended
        }
    }

    /// Service hours `from_hour ..< to_hour` in which a segment's median running time is `running_s`.
    public struct BandRecord: Codable, Sendable, Equatable {
        public var from_hour: Int
        public var to_hour: Int
        public var running_s: Int
        public init(from_hour: Int, to_hour: Int, running_s: Int) {
            self.from_hour = from_hour; self.to_hour = to_hour; self.running_s = running_s
        }
    }

    /// A change between two stations, or between two platforms of one (`a == b`): the walk, and whether the
    /// feed forbids it (`possible` false, GTFS transfer type 3).
    public struct TransferRecord: Codable, Sendable, Equatable {
        public var a: String
        public var b: String
        public var walk_s: Int
        public var possible: Bool
        public init(a: String, b: String, walk_s: Int, possible: Bool) {
            self.a = a; self.b = b; self.walk_s = walk_s; self.possible = possible
        }
    }

    /// The interval between trains of a line in a direction at the start and at the end of a service hour on a
    /// kind of day, taken from the feed's departures.
    public struct HeadwayRecord: Codable, Sendable, Equatable {
        public var line: String
        public var direction: String
        public var day: String
        public var hour: Int
        public var start_s: Int
        public var end_s: Int
        public init(line: String, direction: String, day: String, hour: Int, start_s: Int, end_s: Int) {
            self.line = line; self.direction = direction; self.day = day; self.hour = hour
            self.start_s = start_s; self.end_s = end_s
        }
    }

    /// The first and last departure of a line in a direction from a station on a kind of day.
    public struct ServiceRecord: Codable, Sendable, Equatable {
        public var station: String
        public var line: String
        public var direction: String
        public var day: String
        public var first_s: Int
        public var last_s: Int
        public init(station: String, line: String, direction: String, day: String, first_s: Int, last_s: Int) {
            self.station = station; self.line = line; self.direction = direction; self.day = day
            self.first_s = first_s; self.last_s = last_s
        }
    }

    public init(schema: Int = 2, about: String, provenance: Provenance, time_zone: String, defaults: Defaults,
                lines: [LineRecord], stations: [StationRecord], segments: [SegmentRecord], transfers: [TransferRecord],
                headways: [HeadwayRecord], service_hours: [ServiceRecord]) {
        self.schema = schema; self.about = about; self.provenance = provenance; self.time_zone = time_zone
        self.defaults = defaults; self.lines = lines; self.stations = stations; self.segments = segments
        self.transfers = transfers; self.headways = headways; self.service_hours = service_hours
    }
}
