import Foundation
import MetroModel
import MetroTestSupport

/// The assumptions of the accuracy lab about the real metro and its riders, read from `Data/accuracy-world.json`.
/// docs/accuracy.md gives the source or the reasoning of each number. Times are seconds.
public struct WorldAssumptions: Codable, Sendable, Equatable {
    /// The rider presses this long after the train pulls out (uniform range).
    public var pressDelay: ClosedRange<Double>
    /// Added to a departure-to-departure time drawn from the official samples (uniform range): the driving
    /// differences between one train and the next.
    public var runningNoise: ClosedRange<Double>
    /// The doors-open time at an ordinary stop (uniform range).
    public var dwell: ClosedRange<Double>
    /// The chance that a train is held at a stop, and how much longer it then stands (uniform range).
    public var holdChance: Double
    public var hold: ClosedRange<Double>
    /// The walk between platforms as a factor of the data's walk, for a measured and an estimated interchange.
    public var measuredWalkFactor: ClosedRange<Double>
    public var estimatedWalkFactor: ClosedRange<Double>
    /// GPS on a surface stretch: a fix every `gpsIntervalSeconds` while the train is above ground, lost with
    /// `gpsGapChance`, its position off by a normal error of `gpsErrorMeters` (σ, per axis), reported accuracy
    /// within `gpsReportedAccuracy`, reaching the daemon `gpsLatencySeconds` after its receiver time.
    public var gpsIntervalSeconds: Double
    public var gpsGapChance: Double
    public var gpsErrorMeters: Double
    public var gpsReportedAccuracy: ClosedRange<Double>
    public var gpsLatencySeconds: Double
    /// How a train runs between two stations under open sky (`TrainMotion`): it accelerates at a rate drawn from
    /// `gpsAcceleration` and brakes at one drawn from `gpsBraking` (m/s², uniform, drawn per segment run), its
    /// cruise speed solved so the run takes the true running time. Each fix reports the true speed over ground
    /// plus a normal error of `gpsSpeedNoise` (σ, m/s), never below 0.
    public var gpsAcceleration: ClosedRange<Double>
    public var gpsBraking: ClosedRange<Double>
    public var gpsSpeedNoise: Double
    /// The dwell and running floor the official samples were reduced by (the timetable's own rule).
    public var timetableDwell: Double
    public var runningFloor: Double

    /// The file's assumptions.
    public static func load(path: String) throws -> WorldAssumptions {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONDecoder().decode(WorldAssumptions.self, from: bytes)
    }

    enum CodingKeys: String, CodingKey {
        case pressDelay = "press_delay_s", runningNoise = "running_noise_s", dwell = "dwell_s",
            holdChance = "hold_chance", hold = "hold_s", measuredWalkFactor = "measured_walk_factor",
            estimatedWalkFactor = "estimated_walk_factor", gpsIntervalSeconds = "gps_interval_s",
            gpsGapChance = "gps_gap_chance", gpsErrorMeters = "gps_error_m",
            gpsReportedAccuracy = "gps_reported_accuracy_m", gpsLatencySeconds = "gps_latency_s",
            gpsAcceleration = "gps_accel_mps2", gpsBraking = "gps_brake_mps2", gpsSpeedNoise = "gps_speed_noise_mps",
            timetableDwell = "timetable_dwell_s", runningFloor = "running_floor_s"
    }
}

/// How the timetable's pair of headway values for an hour is read (Data/reference/README.md keeps both readings
/// open): the lab runs each as its own world.
public enum HeadwayReading: String, CaseIterable, Sendable {
    /// The interval moves linearly from the hour's start value to its end value (the model's reading).
    case interpolated
    /// The pair is the smallest and the largest interval of the hour: any value between is as likely.
    case range
}

/// The official departure-to-departure samples of every segment (`Data/reference/kyiv-metro-reference.json`),
/// keyed by the forward segment; the backward direction has the same samples (the extract does not separate them).
public struct OfficialSamples: Sendable {
    public let samples: [SegmentKey: [Double]]

    public init(samples: [SegmentKey: [Double]]) { self.samples = samples }

    /// The samples of the reference file.
    public static func load(path: String) throws -> OfficialSamples {
        struct Segment: Decodable {
            var from: String
            var to: String
            var samples_s: [Double]
        }
        struct File: Decodable { var segments_official: [Segment] }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        var samples: [SegmentKey: [Double]] = [:]
        for segment in file.segments_official where !segment.samples_s.isEmpty {
            samples[SegmentKey(from: StationID(segment.from), to: StationID(segment.to))] = segment.samples_s
        }
        return OfficialSamples(samples: samples)
    }

    /// The samples of a directed segment (its own or the mirrored one), nil when there are none.
    public func of(_ key: SegmentKey) -> [Double]? { samples[key] ?? samples[key.mirrored] }
}

/// The world: the network, its official samples and the assumptions, with the draws the lab makes from them.
/// Every draw takes the generator explicitly, so one ride's draws depend only on its own stream.
public struct World: Sendable {
    public let network: Network
    public let samples: OfficialSamples
    public let assumptions: WorldAssumptions
    public let headwayReading: HeadwayReading

    public init(network: Network, samples: OfficialSamples, assumptions: WorldAssumptions,
                headwayReading: HeadwayReading)
    {
        self.network = network
        self.samples = samples
        self.assumptions = assumptions
        self.headwayReading = headwayReading
    }

    /// A true running time (doors closed to doors open): one official departure-to-departure sample, less the
    /// timetable's dwell it contains, plus running noise; never below the running floor. A segment without
    /// samples runs the model's own seed (plus noise).
    public func runningTime(_ key: SegmentKey, _ random: inout SplitMix64) -> Double {
        let base: Double
        if let list = samples.of(key), !list.isEmpty {
            let index = Int(random.next() % UInt64(list.count))
            base = list[index] - assumptions.timetableDwell
        } else {
            base = Double(network.timing(key, calibration: .empty).running)
        }
        return max(base + random.uniform(assumptions.runningNoise), assumptions.runningFloor)
    }

    /// A true dwell at an ordinary stop, with the occasional hold.
    public func dwell(_ random: inout SplitMix64) -> Double {
        var dwell = random.uniform(assumptions.dwell)
        if random.chance(assumptions.holdChance) { dwell += random.uniform(assumptions.hold) }
        return dwell
    }

    /// A true walk between platforms at the interchange the rider boards at `board`.
    public func walk(dataWalkSeconds: Int, measured: Bool, _ random: inout SplitMix64) -> Double {
        Double(dataWalkSeconds) * random.uniform(measured ? assumptions.measuredWalkFactor : assumptions.estimatedWalkFactor)
    }

    /// The headway the rider meets on a platform at a Unix time, by this world's reading of the timetable.
    public func headway(line: LineID, direction: Direction, atUnixSeconds unix: Int64, _ random: inout SplitMix64)
        -> Double?
    {
        switch headwayReading {
        case .interpolated:
            return network.headway(line: line, direction: direction, atUnixSeconds: unix).map(Double.init)
        case .range:
            let hour = min(max(KyivTime.civil(unixSeconds: unix).hour, 6), 22)
            let day = ServiceDay(unixSeconds: unix).dayType
            guard let pair = network.headwayPair(line: line, hour: hour, day: day, direction: direction) else { return nil }
            return random.uniform(Double(min(pair.start, pair.end)), Double(max(pair.start, pair.end)))
        }
    }

    /// The wait on the platform until the next train pulls out: uniform over the headway.
    public func wait(headway: Double, _ random: inout SplitMix64) -> Double { random.uniform(0, headway) }
}

extension SplitMix64 {
    /// A uniform draw over a closed range (the upper end has probability zero, as for any continuous draw).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double { uniform(range.lowerBound, range.upperBound) }
}
