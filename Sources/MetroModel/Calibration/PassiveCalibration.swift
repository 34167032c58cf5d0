/// What the surface fixes of one trip have shown, and the running times they measure for free (model §6.2, fed by
/// §5.4): where the train was seen running on each segment, and when it was first seen standing at (or about to
/// reach) each station.
///
/// A segment's running time is measured once the train is seen beyond it: its moving fixes (time, distance along)
/// are fitted to the model's speed profile (`SegmentMotion`), and the fitted departure-to-arrival time is the
/// sample. A fit needs at least `minimumSightings` fixes
/// spread over at least `minimumSpread` of the running time, so it is an interpolation, not a guess beyond them.
///
/// One value per trip: the route must stay the same for the life of the value.
public struct PassiveCalibration: Sendable, Equatable, Codable {
    /// What the measurement needs to know about one route event, as plain values.
    public struct Stop: Sendable, Equatable, Codable {
        /// The event's station.
        public var station: StationID
        /// Whether it is the transfer event of a change (the way to it is a walk, not a train).
        public var isTransfer: Bool
        /// The dwell the schedule uses at this event, seconds (0 where the train does not stop).
        public var dwellSeconds: Int

        /// A route event.
        public init(station: StationID, isTransfer: Bool, dwellSeconds: Int) {
            self.station = station
            self.isTransfer = isTransfer
            self.dwellSeconds = dwellSeconds
        }
    }

    /// One moving fix on a segment.
    public struct Sighting: Sendable, Equatable, Codable {
        /// The fix's own time, on the trip timeline.
        public var at: Instant
        /// Its distance along the segment, metres.
        public var alongMeters: Double
    }

    /// The moving fixes of one segment, with the segment's length and the running time the model had for it.
    public struct SegmentSightings: Sendable, Equatable, Codable {
        public var lengthMeters: Double
        public var modelRunningSeconds: Double
        public var sightings: [Sighting]
    }

    /// Fewest moving fixes a running time is fitted from.
    public static let minimumSightings = 3
    /// Least share of the running time the fixes must span.
    public static let minimumSpread = 0.4
    /// Most fixes kept per segment (a receiver at 1 Hz on a long surface segment): beyond it every other one is
    /// dropped, so the ones kept still span the segment.
    public static let maximumSightings = 64

    /// Moving fixes by the event their segment runs to.
    public private(set) var segments: [Int: SegmentSightings] = [:]
    /// The earliest instant the train was seen standing at each event, or estimated from a fix on the way in to
    /// reach it.
    public private(set) var arrivals: [Int: Instant] = [:]
    /// Segments already measured or passed over (a segment is measured once).
    public private(set) var closed: Set<Int> = []

    /// Nothing seen yet.
    public init() {}

    private enum CodingKeys: String, CodingKey { case segments, arrivals, closed }

    /// Decodes what a stored trip had seen; a trip stored before the fixes were placed along the track (it kept
    /// circle entries instead) starts afresh, keeping the trip itself.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        segments = try c.decodeIfPresent([Int: SegmentSightings].self, forKey: .segments) ?? [:]
        arrivals = try c.decodeIfPresent([Int: Instant].self, forKey: .arrivals) ?? [:]
        closed = try c.decodeIfPresent(Set<Int>.self, forKey: .closed) ?? []
    }

    /// When the train reached event `index`, as far as the fixes tell.
    public func arrivalSeen(at index: Int) -> Instant? { arrivals[index] }

    /// Notes a fix of a train running toward event `toward` (the segment from `toward − 1`), `alongMeters` of
    /// `lengthMeters` along at `at`, with the arrival it implies; returns the running samples of the segments
    /// before it that this completes. Indices outside the route are ignored.
    public mutating func noteRunning(toward: Int, alongMeters: Double, lengthMeters: Double,
                                     modelRunningSeconds: Double, at: Instant, arrival: Instant,
                                     route: [Stop]) -> [CalibrationSample]
    {
        guard route.indices.contains(toward), toward >= 1 else { return [] }
        let samples = close(before: toward, route: route)
        guard !closed.contains(toward) else { return samples }
        var segment = segments[toward]
            ?? SegmentSightings(lengthMeters: lengthMeters, modelRunningSeconds: modelRunningSeconds, sightings: [])
        segment.sightings.append(Sighting(at: at, alongMeters: alongMeters))
        if segment.sightings.count > Self.maximumSightings {
            segment.sightings = segment.sightings.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
        segments[toward] = segment
        // The latest estimate from the way in: the nearer the train, the better it is.
        arrivals[toward] = arrival
        return samples
    }

    /// Notes a fix of the train standing at event `index` at `at`; returns the running samples this completes.
    public mutating func noteStanding(at index: Int, seenAt at: Instant, route: [Stop]) -> [CalibrationSample] {
        guard route.indices.contains(index) else { return [] }
        let samples = close(before: index + 1, route: route)
        if let earlier = arrivals[index] { arrivals[index] = min(earlier, at) } else { arrivals[index] = at }
        return samples
    }

    /// The rider confirmed the arrival at the destination ("I'm off"): the train is past every segment, so each one
    /// still open is measured now (the last segment's is otherwise measured only by a fix of the train standing at
    /// the destination, which a receiver at walking pace on the platform may never give).
    public mutating func noteArrivalConfirmed(route: [Stop]) -> [CalibrationSample] {
        close(before: route.count, route: route)
    }

    /// Measures every open segment running to an event before `index`, and closes it.
    private mutating func close(before index: Int, route: [Stop]) -> [CalibrationSample] {
        var samples: [CalibrationSample] = []
        for toward in segments.keys.sorted() where toward < index && !closed.contains(toward) {
            closed.insert(toward)
            guard let segment = segments.removeValue(forKey: toward), !route[toward].isTransfer,
                let seconds = Self.fittedRunningSeconds(segment) else { continue }
            samples.append(CalibrationSample(key: SegmentKey(from: route[toward - 1].station, to: route[toward].station),
                                             field: .running, seconds: seconds))
        }
        return samples
    }

    /// The departure-to-arrival time that best explains a segment's moving fixes, or nil when they are too few or
    /// too bunched to say.
    ///
    /// Each fix is placed on the model's profile (`SegmentMotion`, its typical rate) as a share of the running time;
    /// its time is then a straight line in that share (departure + running × share), fitted by least squares. The
    /// share depends a little on the running time itself (the cruise speed), so the fit runs three times, each on
    /// the last one's running time.
    ///
    /// Why neither weights nor a fitted rate (both tried on the lab world's trains, docs/decisions.md): weighting
    /// the fixes by the profile's speed, and choosing the rate whose fit leaves the least error, each fit the noise
    /// of a few fixes rather than the train, and moved the median learned time 2–4 s off the truth; the plain fit
    /// at the typical rate stays within about 2.5 s at the median even where the trains pull away and brake a
    /// quarter faster or slower than it assumes.
    public static func fittedRunningSeconds(_ segment: SegmentSightings) -> Double? {
        let fixes = segment.sightings
        guard fixes.count >= minimumSightings, segment.lengthMeters > 0, segment.modelRunningSeconds > 0,
            let first = fixes.first?.at else { return nil }
        let times = fixes.map { Double($0.at - first) / 1e9 }
        var running = segment.modelRunningSeconds
        for _ in 0..<3 {
            let motion = SegmentMotion(lengthMeters: segment.lengthMeters, runningSeconds: running)
            guard motion.cruise > 0 else { return nil }
            let shares = fixes.map { motion.secondsToCover($0.alongMeters) / running }
            guard let lowest = shares.min(), let highest = shares.max(), highest - lowest >= minimumSpread else {
                return nil
            }
            let n = Double(shares.count)
            let meanShare = shares.reduce(0, +) / n, meanTime = times.reduce(0, +) / n
            var covariance = 0.0, variance = 0.0
            for (share, t) in zip(shares, times) {
                covariance += (share - meanShare) * (t - meanTime)
                variance += (share - meanShare) * (share - meanShare)
            }
            guard variance > 0 else { return nil }
            let slope = covariance / variance
            guard slope.isFinite, slope > 0 else { return nil }
            running = slope
        }
        return running
    }
}
