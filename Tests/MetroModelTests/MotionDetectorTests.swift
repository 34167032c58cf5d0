import MetroModel
import MetroTestSupport
import Testing

/// The stop detector on scripted traces (model §5.5): departures and stops found within a few seconds, in any
/// orientation; a walk is a walk, not a train; gaps and repeated samples handled.
@Suite struct MotionDetectorTests {
    static let start = Instant(seconds: 1_000)

    static func detect(_ script: MotionScript) -> [MotionEvent] {
        var detector = StopDetector()
        return script.batches(from: start).flatMap { detector.take($0) }
    }

    static func seconds(_ instant: Instant) -> Double { Double(instant - start) / 1e9 }

    static func departures(_ events: [MotionEvent]) -> [(Double, Bool)] {
        events.compactMap { if case .departure(let at, let pulled) = $0 { return (seconds(at), pulled) } else { return nil } }
    }

    static func stops(_ events: [MotionEvent]) -> [Double] {
        events.compactMap { if case .stop(let at, _) = $0 { return seconds(at) } else { return nil } }
    }

    /// Standing 30 s, a 100 s run, standing 30 s: one departure at 30 with its pull-away, one stop at 130.
    @Test(arguments: [MotionScript.flat, MotionScript.pocket])
    func aRunBetweenTwoStands(rotation: [Double]) {
        let events = Self.detect(MotionScript([.still(seconds: 30), .run(seconds: 100), .still(seconds: 30)], rotation: rotation))
        let departures = Self.departures(events)
        #expect(departures.count == 1)
        if let d = departures.first {
            #expect(d.1, "the pull-away is felt")
            // Never after the true pull-out by more than a second: a late departure is a countdown behind the train.
            #expect(d.0 >= 27 && d.0 <= 31, "departure at \(d.0)")
        }
        let stops = Self.stops(events)
        #expect(stops.count == 1)
        if let s = stops.first { #expect(s >= 128 && s <= 134, "stop at \(s)") }
    }

    @Test func aStopAtASignalIsAStopLikeAnyOther() {
        let events = Self.detect(MotionScript([.still(seconds: 20), .run(seconds: 60), .still(seconds: 25),
                                               .run(seconds: 60), .still(seconds: 30)]))
        #expect(Self.stops(events).count == 2)
        #expect(Self.departures(events).filter(\.1).count == 2)
    }

    @Test func aWalkIsNotATrain() {
        let events = Self.detect(MotionScript([.still(seconds: 20), .walk(seconds: 90), .still(seconds: 40)], rotation: MotionScript.pocket))
        #expect(Self.departures(events).isEmpty)
        #expect(Self.stops(events).isEmpty)
        let walks = events.compactMap { if case .walk(let a, let b) = $0 { return (Self.seconds(a), Self.seconds(b)) } else { return nil } }
        #expect(walks.count == 1)
        if let w = walks.first {
            let startError = abs(w.0 - 20), endError = abs(w.1 - 110)
            #expect(startError <= 3 && endError <= 3, "walk \(w)")
        }
    }

    @Test func shakingWithoutAPullAwayIsNotTrustedAsADeparture() {
        let events = Self.detect(MotionScript([.still(seconds: 20), .shaking(seconds: 40), .still(seconds: 30)]))
        let departures = Self.departures(events)
        #expect(departures.count == 1)
        #expect(departures.first?.1 == false)
    }

    @Test func aSilenceIsAGapAndRepeatedSamplesAreIgnored() {
        var detector = StopDetector()
        let samples = MotionScript([.still(seconds: 10)]).samples(from: Self.start)
        _ = detector.take(samples)
        let again = detector
        let repeated = detector.take(samples)
        #expect(repeated.isEmpty)
        #expect(detector == again, "samples not after the last change nothing")
        let later = MotionScript([.still(seconds: 5)]).samples(from: Self.start + 30)
        let events = detector.take(later)
        #expect(events.first == .gap(from: samples[samples.count - 1].at, until: later[0].at))
    }

    /// The detector keeps a bounded state: an hour of samples leaves it no bigger than a minute does.
    @Test func itsStateDoesNotGrowWithTheRide() {
        var short = StopDetector(), long = StopDetector()
        _ = short.take(MotionScript([.run(seconds: 60)], rate: 25).samples(from: Self.start))
        _ = long.take(MotionScript(Array(repeating: MotionScript.Piece.run(seconds: 60), count: 60), rate: 25).samples(from: Self.start))
        #expect(MemoryLayout.size(ofValue: long) == MemoryLayout.size(ofValue: short))
        #expect(long.footprint <= short.footprint)
    }
}

/// The watch for the departure after a change (model §5.5): only the first pull-out after a walk.
@Suite struct ChangeDepartureWatchTests {
    let t = Instant(seconds: 100)

    @Test func theFirstPullOutAfterAWalkIsTheDeparture() {
        var watch = ChangeDepartureWatch()
        let noted1 = watch.note(.walk(from: t, until: t + 90))
        #expect(noted1 == nil)
        let noted2 = watch.note(.departure(at: t + 200, pulledAway: true))
        #expect(noted2 == t + 200)
        let noted3 = watch.note(.stop(at: t + 300, braked: true))
        #expect(noted3 == nil)
        let noted4 = watch.note(.departure(at: t + 330, pulledAway: true))
        #expect(noted4 == nil, "the next station's departure is not the change's")
    }

    @Test func aStopAfterTheWalkMeansTheDepartureWasMissed() {
        var watch = ChangeDepartureWatch()
        _ = watch.note(.walk(from: t, until: t + 90))
        let noted5 = watch.note(.stop(at: t + 300, braked: true))
        #expect(noted5 == nil)
        let noted6 = watch.note(.departure(at: t + 330, pulledAway: true))
        #expect(noted6 == nil)
    }

    @Test func aStartWithoutPullAwayOrAGapForgetsTheWalk() {
        var watch = ChangeDepartureWatch()
        _ = watch.note(.walk(from: t, until: t + 90))
        let noted7 = watch.note(.departure(at: t + 120, pulledAway: false))
        #expect(noted7 == nil)
        let noted8 = watch.note(.departure(at: t + 200, pulledAway: true))
        #expect(noted8 == nil)
        _ = watch.note(.walk(from: t + 300, until: t + 390))
        let noted9 = watch.note(.gap(from: t + 400, until: t + 410))
        #expect(noted9 == nil)
        let noted10 = watch.note(.departure(at: t + 420, pulledAway: true))
        #expect(noted10 == nil)
    }

    @Test func noWalkNoDeparture() {
        var watch = ChangeDepartureWatch()
        let noted11 = watch.note(.departure(at: t, pulledAway: true))
        #expect(noted11 == nil)
    }
}
