import Foundation
import MetroModel
import MetroTestSupport

/// The lab's motion world: how a metro ride feels to an accelerometer (docs/accuracy.md, "Motion"). No labelled
/// recordings of Kyiv's metro exist, so these are magnitudes from published measurements and reasoning, not fits.
public struct MotionAssumptions: Sendable, Equatable {
    /// Samples per second (the slowest rate the daemon asks of a sensor).
    public var sampleRate = 25.0
    /// Sensor noise, m/s² per axis (a phone-grade MEMS part at this rate), and a fixed bias up to this per axis.
    public var sensorNoise = 0.02
    public var sensorBias = 0.15
    /// Vibration of a train standing at a platform (its air conditioning, people boarding), m/s² per axis.
    public var dwellVibration = 0.025
    /// The rider's own sway standing on a platform, m/s² per axis.
    public var platformVibration = 0.015
    /// Running vibration, m/s² per axis: a base, and this much more per m/s of speed (rails and wheels), and while
    /// the train pulls away or brakes (traction motors, brakes).
    public var runningVibrationBase = 0.05
    public var runningVibrationPerSpeed = 0.012
    public var tractionVibration = 0.08
    /// The along-track jerk: a pull-away or a braking reaches its rate over this many seconds.
    public var rampSeconds = 0.8
    /// A stop between two stations at a signal: its chance per run, and how long the train stands.
    public var signalStopChance = 0.05
    public var signalStop: ClosedRange<Double> = 10...40
    /// A curve while the train cruises: its chance per run, its lateral acceleration (m/s²) and length (s).
    public var curveChance = 0.5
    public var curveAcceleration: ClosedRange<Double> = 0.3...1.0
    public var curveSeconds: ClosedRange<Double> = 6...20
    /// A walk between platforms: step cadence (Hz) and the vertical impact's amplitude (m/s²).
    public var stepCadence: ClosedRange<Double> = 1.6...2.2
    public var stepImpact: ClosedRange<Double> = 1.8...3.5
    /// The rider shifting their weight or their hand: chance per second, and its jolt (m/s², for 0.3 s).
    public var fidgetChance = 0.03
    public var fidget = 1.5

    public init() {}
    /// The assumptions docs/accuracy.md describes.
    public static let standard = MotionAssumptions()
}

/// A synthetic accelerometer trace of one ride, with its truth: when the train truly pulled out and stood
/// (seconds after it left the first station; signal stops apart), and when the rider walked.
public struct MotionTrace: Sendable {
    public var samples: [AccelerationSample]
    /// Every pull-out of a train the rider was on (at stations and after a signal stop).
    public var departures: [Double]
    /// Every stand of a train the rider was on at a station, and between stations at a signal.
    public var stationStops: [Double]
    public var signalStops: [Double]
    /// The walks between platforms: start and end.
    public var walks: [(Double, Double)]
}

/// One stretch of a ride as the accelerometer feels it.
enum MotionPiece {
    case run(start: Double, motion: TrainMotion, curve: (start: Double, end: Double, acceleration: Double)?)
    case stand(start: Double, end: Double, vibration: Double)
    case walk(start: Double, end: Double, cadence: Double, impact: Double, phase: Double)

    var end: Double {
        switch self {
        case .run(let start, let motion, _): return start + motion.duration
        case .stand(_, let end, _), .walk(_, let end, _, _, _): return end
        }
    }
}

extension World {
    /// The accelerometer trace of a true ride from the first train's pull-out to the doors opening at the
    /// destination, on the timeline where that pull-out is `origin`. The phone lies in a random orientation held
    /// for the whole ride (a pocket), with a random bias; trains run between the stations' coordinates on the
    /// trapezoid of `TrainMotion` at rates drawn like the GPS world's; a run may stop at a signal and may curve.
    public func motionTrace(route: [RouteEvent], truth: TrueRide, origin: Instant, motion m: MotionAssumptions = .standard,
                            _ random: inout SplitMix64) -> MotionTrace
    {
        var pieces: [MotionPiece] = []
        var departures: [Double] = [], stationStops: [Double] = [], signalStops: [Double] = [], walks: [(Double, Double)] = []
        func meters(_ a: StationID, _ b: StationID) -> Double {
            guard let s = network.station(a), let t = network.station(b) else { return 1_000 }
            return greatCircleMeters(latitude1: s.latitude, longitude1: s.longitude, latitude2: t.latitude, longitude2: t.longitude)
        }
        func run(_ start: Double, _ duration: Double, _ distance: Double) {
            let motion = TrainMotion(distance: max(distance, 200), duration: max(duration, 1),
                                     acceleration: random.uniform(assumptions.gpsAcceleration),
                                     braking: random.uniform(assumptions.gpsBraking))
            var curve: (Double, Double, Double)?
            let cruiseFrom = start + motion.accelerationSeconds, cruiseTo = start + motion.duration - motion.brakingSeconds
            if random.chance(m.curveChance), cruiseTo - cruiseFrom > m.curveSeconds.lowerBound + 2 {
                let length = min(random.uniform(m.curveSeconds), cruiseTo - cruiseFrom - 2)
                let at = random.uniform(cruiseFrom + 1, cruiseTo - length - 1 + 1e-9)
                curve = (at, at + length, random.uniform(m.curveAcceleration) * (random.chance(0.5) ? 1 : -1))
            }
            departures.append(start)
            pieces.append(.run(start: start, motion: motion, curve: curve))
        }
        for i in 1..<route.count {
            let event = route[i]
            if event.isTransfer {
                // The rider leaves at the exit's doors (its departure is its arrival), walks, waits on the platform,
                // boards the train standing there, and rides on as it pulls out.
                let leave = truth.departure[i - 1]
                let platform = min(truth.platform ?? truth.arrival[i], truth.arrival[i])
                if platform > leave {
                    pieces.append(.walk(start: leave, end: platform, cadence: random.uniform(m.stepCadence),
                                        impact: random.uniform(m.stepImpact), phase: random.uniform(0, 2 * Double.pi)))
                    walks.append((leave, platform))
                }
                if truth.arrival[i] > platform { pieces.append(.stand(start: platform, end: truth.arrival[i], vibration: m.platformVibration)) }
                if truth.departure[i] > truth.arrival[i] {
                    pieces.append(.stand(start: truth.arrival[i], end: truth.departure[i], vibration: m.dwellVibration))
                }
                continue
            }
            let start = truth.departure[i - 1], end = truth.arrival[i]
            let distance = meters(route[i - 1].station, event.station)
            let duration = end - start
            if duration > 90, random.chance(m.signalStopChance) {
                let stand = random.uniform(m.signalStop)
                let share = random.uniform(0.35, 0.65)
                let first = (duration - stand) * share
                run(start, first, distance * share)
                signalStops.append(start + first)
                pieces.append(.stand(start: start + first, end: start + first + stand, vibration: m.dwellVibration))
                run(start + first + stand, duration - stand - first, distance * (1 - share))
            } else {
                run(start, duration, distance)
            }
            stationStops.append(end)
            if truth.departure[i] > end { pieces.append(.stand(start: end, end: truth.departure[i], vibration: m.dwellVibration)) }
        }
        let samples = synthesise(pieces, until: truth.destinationArrival, origin: origin, m, &random)
        return MotionTrace(samples: samples, departures: departures, stationStops: stationStops, signalStops: signalStops,
                           walks: walks)
    }

    private func synthesise(_ pieces: [MotionPiece], until end: Double, origin: Instant, _ m: MotionAssumptions,
                            _ random: inout SplitMix64) -> [AccelerationSample]
    {
        let rotation = Rotation.random(&random)
        let bias = (random.uniform(-m.sensorBias, m.sensorBias), random.uniform(-m.sensorBias, m.sensorBias),
                    random.uniform(-m.sensorBias, m.sensorBias))
        let step = 1 / m.sampleRate
        var out: [AccelerationSample] = []
        out.reserveCapacity(Int(end * m.sampleRate) + 2)
        var index = 0
        var fidgetUntil = -1.0, fidgetVector = (0.0, 0.0, 0.0), nextFidgetCheck = 0.0
        // A cheap near-normal draw (the sum of three uniforms, unit variance): millions are drawn per corpus.
        func noise() -> Double { (random.unit() + random.unit() + random.unit() - 1.5) * 2 }
        var n = 0
        while true {
            let t = Double(n) * step
            if t > end { break }
            n += 1
            while index + 1 < pieces.count, t >= pieces[index].end { index += 1 }
            var along = 0.0, lateral = 0.0, up = 9.81
            var vibration = (m.platformVibration, m.platformVibration, m.platformVibration)
            switch pieces.isEmpty ? nil : pieces[index] {
            case .run(let start, let motion, let curve)?:
                let u = t - start
                let speed = motion.speed(at: u)
                let brakeStart = motion.duration - motion.brakingSeconds
                var traction = false
                if u >= 0, u < motion.accelerationSeconds {
                    along = motion.acceleration * min(u / m.rampSeconds, 1) * min((motion.accelerationSeconds - u) / m.rampSeconds + 0.5, 1)
                    traction = true
                } else if u > brakeStart, u < motion.duration {
                    along = -motion.braking * min((u - brakeStart) / m.rampSeconds + 0.5, 1) * min((motion.duration - u) / m.rampSeconds, 1)
                    traction = true
                }
                if let c = curve, t >= c.start, t < c.end { lateral = c.acceleration }
                let v = m.runningVibrationBase + m.runningVibrationPerSpeed * speed + (traction ? m.tractionVibration : 0)
                vibration = (0.5 * v, 0.7 * v, v)
            case .stand(_, _, let v)?:
                vibration = (v, v, v)
            case .walk(let start, _, let cadence, let impact, let phase)?:
                let w = 2 * Double.pi * cadence * (t - start) + phase
                up += impact * (cos(w) + 0.5 * cos(2 * w))
                along += 0.4 * impact * sin(w)
                lateral += 0.3 * impact * sin(w / 2)
                vibration = (0.2, 0.2, 0.3)
            case nil:
                break
            }
            // The rider's own movement: now and then a jolt of the hand or the hip.
            if t >= nextFidgetCheck {
                nextFidgetCheck += 1
                if random.chance(m.fidgetChance) {
                    fidgetUntil = t + 0.3
                    fidgetVector = (noise() * m.fidget, noise() * m.fidget, noise() * m.fidget)
                }
            }
            if t < fidgetUntil { along += fidgetVector.0; lateral += fidgetVector.1; up += fidgetVector.2 }
            let wx = along + noise() * (vibration.0 * vibration.0 + m.sensorNoise * m.sensorNoise).squareRoot()
            let wy = lateral + noise() * (vibration.1 * vibration.1 + m.sensorNoise * m.sensorNoise).squareRoot()
            let wz = up + noise() * (vibration.2 * vibration.2 + m.sensorNoise * m.sensorNoise).squareRoot()
            let d = rotation.apply(wx, wy, wz)
            let at = Instant(nanoseconds: origin.nanoseconds + Int64((t * 1e9).rounded()))
            out.append(AccelerationSample(at: at, x: d.0 + bias.0, y: d.1 + bias.1, z: d.2 + bias.2))
        }
        return out
    }
}

/// A fixed rotation from the train's axes (along, across, up) to the phone's, uniform over all orientations.
struct Rotation: Sendable {
    var m: [Double]

    /// A uniformly random rotation (a random unit quaternion, Shoemake's method).
    static func random(_ random: inout SplitMix64) -> Rotation {
        let u1 = random.unit(), u2 = random.unit() * 2 * Double.pi, u3 = random.unit() * 2 * Double.pi
        let a = (1 - u1).squareRoot(), b = u1.squareRoot()
        let (w, x, y, z) = (a * sin(u2), a * cos(u2), b * sin(u3), b * cos(u3))
        return Rotation(m: [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
                            2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                            2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)])
    }

    func apply(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
        (m[0] * x + m[1] * y + m[2] * z, m[3] * x + m[4] * y + m[5] * z, m[6] * x + m[7] * y + m[8] * z)
    }
}
