import Foundation
import Testing
@testable import MetroModel

/// Passive calibration from fixes placed along the track (model §6.2).
@Suite struct CalibrationPassiveTests {
    /// dep(0) — s1(1) — s2(2) — x(3, exit) — t(4, transfer) — s5(5)
    let route: [PassiveCalibration.Stop] = [
        .init(station: "dep", isTransfer: false, dwellSeconds: 0),
        .init(station: "s1", isTransfer: false, dwellSeconds: 25),
        .init(station: "s2", isTransfer: false, dwellSeconds: 30),
        .init(station: "x", isTransfer: false, dwellSeconds: 20),
        .init(station: "t", isTransfer: true, dwellSeconds: 0),
        .init(station: "s5", isTransfer: false, dwellSeconds: 0),
    ]

    /// Moving fixes of a train that truly runs `length` metres in `trueSeconds` at `trueRate`, departing at
    /// `departure`, one every `every` seconds from `from` to `to` seconds after the departure.
    func sightings(length: Double, trueSeconds: Double, trueRate: Double, departure: Double,
                   every: Double, from: Double, to: Double) -> [(Instant, Double)]
    {
        let truth = SegmentMotion(lengthMeters: length, runningSeconds: trueSeconds, rate: trueRate)
        var out: [(Instant, Double)] = []
        var t = from
        while t <= to {
            // Invert the true profile by bisection: where the train is t seconds after leaving.
            var low = 0.0, high = length
            for _ in 0..<60 {
                let mid = (low + high) / 2
                if truth.secondsToCover(mid) < t { low = mid } else { high = mid }
            }
            out.append((Instant(nanoseconds: Int64((departure + t) * 1e9)), low))
            t += every
        }
        return out
    }

    @Test func aSegmentsMovingFixesMeasureItsTrueRunningTime() throws {
        // The model thinks 120 s; the train runs 1 500 m in 100 s, pulling away faster than the model's rate.
        var passive = PassiveCalibration()
        for (at, along) in sightings(length: 1500, trueSeconds: 100, trueRate: 1.15, departure: 1000, every: 5,
                                     from: 4, to: 96)
        {
            let none = passive.noteRunning(toward: 2, alongMeters: along, lengthMeters: 1500, modelRunningSeconds: 120,
                                           at: at, arrival: at + 10, route: route)
            #expect(none.isEmpty, "nothing is measured while the train is still on the segment")
        }
        // Seen standing at s2: the segment is over and measured, once.
        let samples = passive.noteStanding(at: 2, seenAt: Instant(seconds: 1101), route: route)
        let sample = try #require(samples.first)
        #expect(samples.count == 1 && sample.key == SegmentKey(from: "s1", to: "s2") && sample.field == .running)
        // The fit assumes the typical rate; one a quarter faster costs a couple of seconds.
        #expect(abs(sample.seconds - 100) < 3, "fitted \(sample.seconds) s for a true 100 s")
        #expect(passive.noteStanding(at: 2, seenAt: Instant(seconds: 1110), route: route).isEmpty)
        #expect(passive.arrivalSeen(at: 2) == Instant(seconds: 1101))
    }

    @Test func anEvenPaceWouldBeBiasedTheProfileIsNot() {
        // The same fixes read as an even pace (share of the time = share of the distance) give a running time
        // well off the truth: the profile is what makes the fit right.
        let fixes = sightings(length: 1200, trueSeconds: 90, trueRate: 0.9, departure: 0, every: 5, from: 5, to: 50)
        let segment = PassiveCalibration.SegmentSightings(
            lengthMeters: 1200, modelRunningSeconds: 90,
            sightings: fixes.map { PassiveCalibration.Sighting(at: $0.0, alongMeters: $0.1) })
        let fitted = PassiveCalibration.fittedRunningSeconds(segment)!
        #expect(abs(fitted - 90) < 1.5, "profile fit \(fitted)")
        // Even pace: slope of time against distance share over the same fixes.
        let shares: [Double] = fixes.map { $0.1 / 1200 }
        let times: [Double] = fixes.map { Double($0.0.nanoseconds) / 1e9 }
        let n = Double(shares.count)
        let mu: Double = shares.reduce(0, +) / n
        let mt: Double = times.reduce(0, +) / n
        var covariance = 0.0, variance = 0.0
        for (u, t) in zip(shares, times) {
            covariance += (u - mu) * (t - mt)
            variance += (u - mu) * (u - mu)
        }
        let slope = covariance / variance
        #expect(abs(slope - 90) > 5, "an even pace reads \(slope) s")
    }

    @Test func tooFewOrBunchedFixesMeasureNothing() {
        var passive = PassiveCalibration()
        for (at, along) in sightings(length: 1500, trueSeconds: 100, trueRate: 0.9, departure: 0, every: 5, from: 40,
                                     to: 55)
        {
            _ = passive.noteRunning(toward: 1, alongMeters: along, lengthMeters: 1500, modelRunningSeconds: 100,
                                    at: at, arrival: at, route: route)
        }
        // Four fixes over 15 s of 100: too bunched to say.
        #expect(passive.noteStanding(at: 1, seenAt: Instant(seconds: 101), route: route).isEmpty)
        var two = PassiveCalibration()
        for (at, along) in sightings(length: 1500, trueSeconds: 100, trueRate: 0.9, departure: 0, every: 60, from: 10,
                                     to: 90)
        {
            _ = two.noteRunning(toward: 1, alongMeters: along, lengthMeters: 1500, modelRunningSeconds: 100, at: at,
                                arrival: at, route: route)
        }
        #expect(two.noteStanding(at: 1, seenAt: Instant(seconds: 101), route: route).isEmpty, "two fixes are too few")
    }

    @Test func aFixOnALaterSegmentClosesTheEarlierOne() {
        var passive = PassiveCalibration()
        for (at, along) in sightings(length: 1000, trueSeconds: 80, trueRate: 0.9, departure: 0, every: 5, from: 5,
                                     to: 75)
        {
            _ = passive.noteRunning(toward: 1, alongMeters: along, lengthMeters: 1000, modelRunningSeconds: 80, at: at,
                                    arrival: at, route: route)
        }
        let samples = passive.noteRunning(toward: 2, alongMeters: 20, lengthMeters: 900, modelRunningSeconds: 70,
                                          at: Instant(seconds: 110), arrival: Instant(seconds: 175), route: route)
        #expect(samples.map(\.key) == [SegmentKey(from: "dep", to: "s1")])
        #expect(abs(samples[0].seconds - 80) < 1.5)
        // Going back to a closed segment measures nothing more.
        #expect(passive.noteRunning(toward: 1, alongMeters: 900, lengthMeters: 1000, modelRunningSeconds: 80,
                                    at: Instant(seconds: 111), arrival: Instant(seconds: 112), route: route).isEmpty)
    }

    @Test func theWalkOfAChangeIsNeverMeasured() {
        var passive = PassiveCalibration()
        for (at, along) in sightings(length: 300, trueSeconds: 120, trueRate: 0.9, departure: 0, every: 5, from: 5,
                                     to: 115)
        {
            _ = passive.noteRunning(toward: 4, alongMeters: along, lengthMeters: 300, modelRunningSeconds: 120, at: at,
                                    arrival: at, route: route)
        }
        #expect(passive.noteStanding(at: 5, seenAt: Instant(seconds: 400), route: route).isEmpty)
    }

    @Test func aTripStoredBeforeTheTrackWasKeptStartsAfresh() throws {
        let old = #"{"entries":[1,100000000000],"lastSnappedIndex":1}"#
        let decoded = try JSONDecoder().decode(PassiveCalibration.self, from: Data(old.utf8))
        #expect(decoded == PassiveCalibration())
        var seen = PassiveCalibration()
        _ = seen.noteStanding(at: 1, seenAt: Instant(seconds: 7), route: route)
        let round = try JSONDecoder().decode(PassiveCalibration.self, from: JSONEncoder().encode(seen))
        #expect(round == seen && round.arrivalSeen(at: 1) == Instant(seconds: 7))
    }
}
