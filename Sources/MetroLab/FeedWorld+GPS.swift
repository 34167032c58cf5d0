import Foundation
import MetroEngine
import MetroGTFS
import MetroModel
import MetroTestSupport

/// GPS riders on an imported network. GTFS says nothing of which stations are under open sky, so the lab keeps
/// its own truth of them (`Data/lab/nyc-open-sky.json` for the New York sample feed): the stations where a train
/// runs on a viaduct, an embankment or in an open cut. A ride whose train calls at one of them after the first
/// station is ridden once more on the same truth by a rider who presses at the start and carries a receiver: it
/// gets the GPS world's fixes (`WorldAssumptions.fixes(stops:)`, the same motion as in Kyiv, the network's station
/// coordinates) while the train stands at an open-sky station or runs between two, and is scored like every other
/// row (the figures' key ends in `withGPS`). What its fixes taught passive calibration is compared with the
/// ride's truth (`calibration`).
extension FeedWorld {
    /// How the figures of riders with GPS are told apart: `1, start press + GPS`, `1 → 2, start press + GPS`.
    public static let withGPS = ", start press + GPS"
    /// The same rides (truth and press) as a `withGPS` row, ridden with the start press only: the like-for-like
    /// comparison, since the GPS rows are only the rides that see the sky.
    public static let sameRidesWithoutGPS = ", the GPS rows' rides, start press only"

    /// The open-sky stations of a lab data file: the ids of every stretch's stations.
    public static func loadOpenSky(path: String) throws -> Set<String> {
        struct File: Decodable {
            struct Stretch: Decodable {
                struct Station: Decodable { var id: String }
                var stations: [Station]
            }
            var stretches: [Stretch]
        }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        return Set(file.stretches.flatMap { $0.stations.map(\.id) })
    }

    /// A true ride's stations as the GPS world sees them: `arrival`/`departure` in seconds after the first train
    /// pulled out, `runsOn[k]` whether a train takes the rider from station k to k + 1 (false at a change).
    public struct TrueStops: Sendable, Equatable {
        public var stations: [String]
        public var arrival: [Double]
        public var departure: [Double]
        public var runsOn: [Bool]

        public init(stations: [String], arrival: [Double], departure: [Double], runsOn: [Bool]) {
            self.stations = stations
            self.arrival = arrival
            self.departure = departure
            self.runsOn = runsOn
        }

        /// The stops of one train's true calls.
        init(calls: [FeedDigestBuilder.Call], times: TrueTimes, offset: Double = 0) {
            stations = calls.map(\.station)
            arrival = times.arrival.map { $0 + offset }
            departure = times.departure.map { $0 + offset }
            runsOn = calls.indices.map { $0 < calls.count - 1 }
        }

        /// This train's stops, then another's after a change at the station both share.
        func then(_ other: TrueStops) -> TrueStops {
            TrueStops(stations: stations + other.stations, arrival: arrival + other.arrival,
                      departure: departure + other.departure, runsOn: runsOn + other.runsOn)
        }

        /// The true running time of `key` (doors closed at `from` to doors open at `to`, on a train), nil when
        /// the ride did not run it.
        public func runningTime(_ key: SegmentKey) -> Double? {
            for k in stations.indices.dropLast() where runsOn[k] && stations[k] == key.from.rawValue
                && stations[k + 1] == key.to.rawValue
            {
                return arrival[k + 1] - departure[k]
            }
            return nil
        }
    }

    /// Whether the ride sees the sky after its first station.
    public func hasOpenSky(_ stops: TrueStops) -> Bool { stops.stations.dropFirst().contains { openSky.contains($0) } }

    /// The ride's stops with the network's coordinates and the lab's open sky.
    public func gpsStops(_ stops: TrueStops) -> [GPSStop] {
        stops.stations.indices.map { k in
            let station = network.station(StationID(stops.stations[k]))
            return GPSStop(latitude: station?.latitude ?? 0, longitude: station?.longitude ?? 0,
                           arrival: stops.arrival[k], departure: stops.departure[k],
                           openSky: station != nil && openSky.contains(stops.stations[k]), runsOn: stops.runsOn[k])
        }
    }

    /// The fixes of a ride, from the GPS stream.
    public func fixes(_ stops: TrueStops, _ random: inout SplitMix64) -> [SimulatedFix] {
        world.fixes(stops: gpsStops(stops), &random)
    }

    /// Rides the same truth once more with GPS, when it has an open-sky stretch: from the world's own GPS stream,
    /// so the other rows ride exactly what they rode without it.
    mutating func judgeWithGPS(_ key: String, from: StationID, to: StationID, departureUnix: Int64,
                               stopBefore: Double, doorsOpen: Double, stops: TrueStops)
    {
        guard hasOpenSky(stops) else { return }
        var random = gpsRandom
        let fixes = self.fixes(stops, &random)
        var twin = random  // the same press
        judge(key + Self.sameRidesWithoutGPS, from: from, to: to, departureUnix: departureUnix, stopBefore: stopBefore,
              doorsOpen: doorsOpen, &twin)
        judge(key + Self.withGPS, from: from, to: to, departureUnix: departureUnix, stopBefore: stopBefore,
              doorsOpen: doorsOpen, gps: (fixes, stops), &random)
        gpsRandom = random
    }

    /// The calibration table: what each row's GPS rides taught passive calibration.
    public func calibrationMarkdown() -> String {
        var text = "**What GPS teaches calibration** (each ride from an empty store, each running average it learned "
            + "against that ride's true running time of the segment):\n\n" + CalibrationBias.header
        for key in figures.keys.sorted() where key.hasSuffix(Self.withGPS) {
            let f = figures[key]!
            text += (calibration[key] ?? CalibrationBias()).row("\(key): \(f.rides) rides, \(f.fixes) fixes, \(f.snaps) snaps")
        }
        return text
    }
}
