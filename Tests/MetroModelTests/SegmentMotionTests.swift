import Testing
@testable import MetroModel

/// The model's speed profile of a train between two stations (model §5.4).
@Suite struct SegmentMotionTests {
    @Test func theProfileCoversTheSegmentInItsRunningTime() {
        for (length, seconds) in [(1500.0, 100.0), (800, 90), (3000, 150), (400, 20)] {
            let motion = SegmentMotion(lengthMeters: length, runningSeconds: seconds)
            #expect(motion.secondsToCover(0) == 0)
            #expect(abs(motion.secondsToCover(length) - seconds) < 1e-6, "\(length) m in \(seconds) s")
            var previous = -1.0
            for step in 0...100 {
                let t = motion.secondsToCover(length * Double(step) / 100)
                #expect(t >= previous, "time grows with distance")
                previous = t
            }
            #expect(abs(motion.secondsLeft(from: length / 2) - seconds / 2) < 1e-6, "symmetric: half way is half time")
        }
    }

    @Test func theLastHundredMetresTakeLongerThanAnEvenPace() {
        let motion = SegmentMotion(lengthMeters: 1500, runningSeconds: 100)
        #expect(motion.rate == SegmentMotion.typicalRate)
        let left = motion.secondsLeft(from: 1400)
        #expect(left > 100.0 * 100 / 1500 + 5, "braking: \(left) s for the last 100 m")
        #expect(abs(left - (2 * 100 / motion.rate).squareRoot()) < 1e-9)
    }

    @Test func aShortFastSegmentIsATriangle() {
        let motion = SegmentMotion(lengthMeters: 1000, runningSeconds: 40)
        #expect(motion.rate > SegmentMotion.typicalRate && abs(motion.cruise - 50) < 1e-9)
        #expect(abs(motion.secondsToCover(500) - 20) < 1e-9)
    }

    @Test func nothingToShareOutTraps() {
        for motion in [SegmentMotion(lengthMeters: 0, runningSeconds: 60), SegmentMotion(lengthMeters: 500, runningSeconds: 0),
                       SegmentMotion(lengthMeters: .nan, runningSeconds: .infinity)]
        {
            #expect(motion.secondsToCover(100) == 0 && motion.speed(at: 10) == 0)
        }
    }

    @Test func aPointIsProjectedOntoTheSegmentsLine() {
        // 1 000 m due east along the equator; a point 300 m along and 390 m north of it.
        let degree = 6_371_008.8 * Double.pi / 180
        let foot = projectOnSegment(latitude: 390 / degree, longitude: 300 / degree, from: (0, 0), to: (0, 1000 / degree))
        #expect(abs(foot.along - 300) < 0.01 && abs(foot.length - 1000) < 0.01 && abs(foot.off - 390) < 0.01)
        let beyond = projectOnSegment(latitude: 0, longitude: 1100 / degree, from: (0, 0), to: (0, 1000 / degree))
        #expect(abs(beyond.along - 1000) < 0.01 && abs(beyond.off - 100) < 0.01, "beyond the end: the end station")
    }
}
