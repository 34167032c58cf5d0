/// How a train runs between two stations in the lab's world: a trapezoidal speed profile — it accelerates at a
/// constant rate from standstill, cruises, and brakes at a constant rate to standstill — covering exactly
/// `distance` metres in exactly `duration` seconds (doors closed to doors open).
///
/// The cruise speed is solved from the distance and the time. When the time is too short for a trapezoid at the
/// given rates (even accelerating straight into braking would not cover the distance), both rates are raised by
/// the same factor until a triangle profile (accelerate, then brake at once) just covers it.
public struct TrainMotion: Sendable, Equatable {
    /// Metres between the two stations.
    public let distance: Double
    /// Seconds from pulling out to standing at the next station.
    public let duration: Double
    /// The rates used, m/s² (raised above the drawn ones for a triangle profile).
    public let acceleration: Double
    public let braking: Double
    /// The top speed, m/s.
    public let cruiseSpeed: Double

    /// The profile covering `distance` metres in `duration` seconds, accelerating at `acceleration` and braking at
    /// `braking` (both m/s², above 0). A distance of 0 (or a duration of 0) is a train that does not move.
    public init(distance: Double, duration: Double, acceleration: Double, braking: Double) {
        precondition(acceleration > 0 && braking > 0, "rates must be above 0")
        self.distance = max(distance, 0)
        self.duration = max(duration, 0)
        guard self.distance > 0, self.duration > 0 else {
            self.acceleration = acceleration
            self.braking = braking
            cruiseSpeed = 0
            return
        }
        // Distance of a trapezoid at top speed v: v·T − v²·k with k = (1/a + 1/b) / 2; the smaller root of
        // k·v² − T·v + D = 0 is the one whose ramps fit in T. No real root: the rates must rise.
        let k = (1 / acceleration + 1 / braking) / 2
        let discriminant = self.duration * self.duration - 4 * k * self.distance
        if discriminant >= 0 {
            self.acceleration = acceleration
            self.braking = braking
            cruiseSpeed = (self.duration - discriminant.squareRoot()) / (2 * k)
        } else {
            // Triangle: the ramps take the whole time, v = 2D/T, and the rates scaled so that v/a + v/b = T.
            let factor = 4 * k * self.distance / (self.duration * self.duration)
            self.acceleration = acceleration * factor
            self.braking = braking * factor
            cruiseSpeed = 2 * self.distance / self.duration
        }
    }

    /// Seconds spent accelerating, and braking.
    public var accelerationSeconds: Double { cruiseSpeed / acceleration }
    public var brakingSeconds: Double { cruiseSpeed / braking }

    /// The speed `t` seconds after pulling out, m/s (0 before and after the run).
    public func speed(at t: Double) -> Double {
        guard t > 0, t < duration else { return 0 }
        let brakeStart = duration - brakingSeconds
        if t < accelerationSeconds { return min(acceleration * t, cruiseSpeed) }
        if t > brakeStart { return max(braking * (duration - t), 0) }
        return cruiseSpeed
    }

    /// Metres run `t` seconds after pulling out (0 before, `distance` after the run).
    public func position(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < duration else { return distance }
        let ta = accelerationSeconds, brakeStart = duration - brakingSeconds
        if t <= ta { return acceleration * t * t / 2 }
        let afterRamp = acceleration * ta * ta / 2
        if t <= brakeStart { return afterRamp + cruiseSpeed * (t - ta) }
        let left = duration - t
        return min(distance - braking * left * left / 2, distance)
    }
}
