import MetroLab
import MetroModel
import MetroTestSupport
import Testing

/// The lab's train between two stations (`TrainMotion`): it covers the distance in exactly the running time,
/// starting and ending at standstill, its speed continuous and never above its cruise speed.
@Suite struct TrainMotionTests {
    /// Checks one profile: position at the ends, the integral of the speed, continuity of the speed and of the
    /// position, and the rates it uses.
    func check(_ motion: TrainMotion, _ label: String) {
        let dt = 0.01
        #expect(motion.position(at: 0) == 0, "\(label)")
        #expect(abs(motion.position(at: motion.duration) - motion.distance) < 1e-6, "\(label): covers the distance")
        #expect(motion.speed(at: 0) == 0 && motion.speed(at: motion.duration) == 0, "\(label): from and to standstill")
        var integral = 0.0
        var t = 0.0
        let rate = max(motion.acceleration, motion.braking)
        while t < motion.duration {
            let v0 = motion.speed(at: t), v1 = motion.speed(at: min(t + dt, motion.duration))
            // Continuous: no step larger than the steepest ramp allows in dt.
            #expect(abs(v1 - v0) <= rate * dt + 1e-9, "\(label): speed jumps at \(t) s (\(v0) → \(v1))")
            #expect(v0 >= 0 && v0 <= motion.cruiseSpeed + 1e-9, "\(label): speed \(v0) at \(t) s")
            // The position is the integral of the speed (the trapezoid rule is exact but where a ramp starts or
            // ends inside the step, off there by at most rate·dt²/4).
            let p0 = motion.position(at: t), p1 = motion.position(at: min(t + dt, motion.duration))
            #expect(abs((p1 - p0) - (v0 + v1) / 2 * (min(t + dt, motion.duration) - t)) <= rate * dt * dt / 4 + 1e-9,
                    "\(label): position and speed disagree at \(t) s")
            integral += (v0 + v1) / 2 * (min(t + dt, motion.duration) - t)
            t += dt
        }
        #expect(abs(integral - motion.distance) < motion.distance * 1e-4, "\(label): ∫v = \(integral) m of \(motion.distance)")
    }

    @Test func aTrapezoidCoversTheDistanceInTheRunningTime() {
        // Dnipro → Hidropark-like: 1.3 km in 110 s at 1 m/s² each way.
        let motion = TrainMotion(distance: 1_300, duration: 110, acceleration: 1.0, braking: 0.8)
        #expect(motion.acceleration == 1.0 && motion.braking == 0.8, "the drawn rates fit a trapezoid")
        #expect(motion.accelerationSeconds + motion.brakingSeconds < motion.duration, "it cruises")
        #expect(motion.cruiseSpeed > 1_300 / 110, "faster than the mean speed")
        #expect(abs(motion.speed(at: 55) - motion.cruiseSpeed) < 1e-9)
        check(motion, "trapezoid")
    }

    @Test func aShortRunIsATriangleWithRaisedRates() {
        // 2 km in 60 s cannot be done at 0.7 m/s²: the rates rise, the train brakes as soon as it peaks.
        let motion = TrainMotion(distance: 2_000, duration: 60, acceleration: 0.7, braking: 0.7)
        #expect(motion.acceleration > 0.7 && motion.braking > 0.7)
        #expect(abs(motion.acceleration / motion.braking - 1) < 1e-12, "raised by the same factor")
        #expect(abs(motion.accelerationSeconds + motion.brakingSeconds - motion.duration) < 1e-9, "no cruise")
        #expect(abs(motion.cruiseSpeed - 2 * 2_000 / 60) < 1e-9)
        check(motion, "triangle")
    }

    @Test func drawnRatesAlwaysCoverTheDistance() {
        let world = labWorlds[0].assumptions
        var random = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let motion = TrainMotion(distance: random.uniform(300, 3_000), duration: random.uniform(45, 240),
                                     acceleration: random.uniform(world.gpsAcceleration),
                                     braking: random.uniform(world.gpsBraking))
            #expect(abs(motion.position(at: motion.duration) - motion.distance) < 1e-6)
            #expect(motion.acceleration >= world.gpsAcceleration.lowerBound)
            #expect(motion.accelerationSeconds + motion.brakingSeconds <= motion.duration + 1e-9)
        }
    }

    @Test func aStandingTrainDoesNotMove() {
        let motion = TrainMotion(distance: 0, duration: 30, acceleration: 1, braking: 1)
        #expect(motion.position(at: 15) == 0 && motion.speed(at: 15) == 0)
    }

    @Test func fixesFollowTheProfileBetweenTwoOpenSkyStations() {
        var exact = labWorlds[0].assumptions
        exact.gpsErrorMeters = 0
        exact.gpsGapChance = 0
        exact.gpsSpeedNoise = 0
        let a = GPSStop(latitude: 50.4460, longitude: 30.5770, arrival: 0, departure: 30, openSky: true, runsOn: true)
        let b = GPSStop(latitude: 50.4450, longitude: 30.5950, arrival: 140, departure: 165, openSky: true, runsOn: false)
        var random = SplitMix64(seed: 12)
        let fixes = exact.fixes(stops: [a, b], &random)
        #expect(fixes.count >= 30, "one every 5 s over 165 s, none lost")
        let distance = a.meters(to: b)
        var running = 0
        for fix in fixes {
            let f = (fix.longitude - a.longitude) / (b.longitude - a.longitude)
            if fix.seconds < a.departure || fix.seconds >= b.arrival {
                #expect(fix.speed == 0, "standing at \(fix.seconds) s")
                #expect(abs(f) < 1e-9 || abs(f - 1) < 1e-9, "at a station")
            } else {
                running += 1
                #expect(fix.speed > 0, "running at \(fix.seconds) s")
                #expect(fix.speed < 2 * distance / (b.arrival - a.departure) + 1e-9)
                // Where the speed says it is: along the line, never past the station ahead.
                #expect(f >= 0 && f <= 1)
            }
        }
        #expect(running >= 20)
        // Slow at both ends of the run, fast in the middle: not the even motion of a straight interpolation.
        let run = fixes.filter { $0.seconds >= a.departure && $0.seconds < b.arrival }
        let middle = run.filter { abs($0.seconds - (a.departure + b.arrival) / 2) < 10 }.map(\.speed).max() ?? 0
        #expect(run.first!.speed < middle / 2 && run.last!.speed < middle / 2)

        // With the world's noise, the reported speed is never below 0, and a standing train reads a little above 0.
        var noisy = SplitMix64(seed: 13)
        let real = labWorlds[0].assumptions.fixes(stops: [a, b], &noisy)
        #expect(real.allSatisfy { $0.speed >= 0 })
        #expect(real.contains { $0.seconds < a.departure && $0.speed > 0 })
    }

    @Test func noFixesUnderground() {
        let a = GPSStop(latitude: 50.4460, longitude: 30.5770, arrival: 0, departure: 30, openSky: false, runsOn: true)
        let b = GPSStop(latitude: 50.4450, longitude: 30.5950, arrival: 140, departure: 165, openSky: true, runsOn: false)
        var random = SplitMix64(seed: 14)
        let fixes = labWorlds[0].assumptions.fixes(stops: [a, b], &random)
        #expect(!fixes.isEmpty && fixes.allSatisfy { $0.seconds >= b.arrival }, "only standing at the open-sky one")
    }
}
