/// How a train covers one segment between two stations, as the model assumes it (model §5.4): it pulls away at a
/// steady rate, cruises, and brakes at the same rate into the next platform, taking exactly the segment's running
/// time. A fix's distance along the segment then says how much of the running time has passed, and how much is left.
///
/// Why not distance in proportion to time: a train covers the first and last hundred metres of a segment slowly, so
/// a fix 300 m short of a platform is still 20–30 s from the doors, not the 10 s an even pace would say. The rate is
/// a typical metro's (0.9 m/s² pulling away and braking); where a segment is too short for the running time at that
/// rate to reach a cruise, the profile is a triangle at the rate it needs.
public struct SegmentMotion: Sendable, Equatable {
    /// Pulling away and braking, m/s².
    public static let typicalRate = 0.9

    /// Straight length of the segment, metres.
    public let lengthMeters: Double
    /// Running time, departure to arrival, seconds.
    public let runningSeconds: Double
    /// The rate the profile uses (the typical one, or higher for a triangle).
    public let rate: Double
    /// The cruise speed, m/s.
    public let cruise: Double

    /// The profile covering `lengthMeters` in `runningSeconds`; both are clamped to at least zero (a zero running
    /// time leaves nothing to share out).
    public init(lengthMeters: Double, runningSeconds: Double, rate: Double = SegmentMotion.typicalRate) {
        let length = lengthMeters.isFinite ? max(lengthMeters, 0) : 0
        let time = runningSeconds.isFinite ? max(runningSeconds, 0) : 0
        self.lengthMeters = length
        self.runningSeconds = time
        guard length > 0, time > 0 else {
            self.rate = rate
            self.cruise = 0
            return
        }
        // Trapezoid: time = length / v + v / rate, so v² − rate·time·v + rate·length = 0; the smaller root is the
        // cruise (the larger would need the train to reach it after the segment ended).
        let discriminant = rate * rate * time * time - 4 * rate * length
        if discriminant >= 0 {
            self.rate = rate
            self.cruise = (rate * time - discriminant.squareRoot()) / 2
        } else {
            // A triangle: half the time speeding up, half braking, at the rate that covers the length.
            self.rate = 4 * length / (time * time)
            self.cruise = 2 * length / time
        }
    }

    /// Seconds after the departure at which the train has covered `meters` (clamped to the segment).
    public func secondsToCover(_ meters: Double) -> Double {
        guard lengthMeters > 0, runningSeconds > 0, cruise > 0 else { return 0 }
        let s = min(max(meters.isFinite ? meters : 0, 0), lengthMeters)
        let rampMeters = cruise * cruise / (2 * rate)
        let rampSeconds = cruise / rate
        if s <= rampMeters { return (2 * s / rate).squareRoot() }
        if s <= lengthMeters - rampMeters { return rampSeconds + (s - rampMeters) / cruise }
        return runningSeconds - (2 * (lengthMeters - s) / rate).squareRoot()
    }

    /// Seconds still to run from `meters` along to the arrival.
    public func secondsLeft(from meters: Double) -> Double { runningSeconds - secondsToCover(meters) }
}

extension SegmentMotion {
    /// The profile's speed `meters` along, m/s.
    public func speed(at meters: Double) -> Double {
        guard lengthMeters > 0, cruise > 0 else { return 0 }
        let s = min(max(meters.isFinite ? meters : 0, 0), lengthMeters)
        return min(cruise, (2 * rate * s).squareRoot(), (2 * rate * (lengthMeters - s)).squareRoot())
    }
}
