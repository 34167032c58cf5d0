import MetroEngine
import MetroLab
import MetroModel
import MetroTestSupport
import Testing

/// The lab's synthetic accelerometer traces through the model's stop detector: departures and stops found within
/// a few seconds, a walk that is not a train, any orientation of the phone. Fixed seeds: the same traces every run.
@Suite struct MotionTraceTests {
    static let world = labWorlds[0]
    static let origin = EngineRider.bootBase

    /// A ride of `from` → `to` drawn at midday from a fixed seed, its trace and what the detector found in it.
    static func ride(_ from: String, _ to: String, seed: UInt64) throws -> (TrueRide, MotionTrace, [MotionEvent]) {
        let route = try world.network.route(from: StationID(from), to: StationID(to))
        var random = SplitMix64(seed: seed)
        let slot = RideSlot.standard[1]
        let truth = world.drawRide(route: route, departureUnix: Double(slot.unix), &random)
        let trace = world.motionTrace(route: route, truth: truth, origin: origin, &random)
        var detector = StopDetector()
        var events: [MotionEvent] = []
        var start = 0
        while start < trace.samples.count {
            let end = min(start + 25, trace.samples.count)
            events += detector.take(Array(trace.samples[start..<end]))
            start = end
        }
        return (truth, trace, events)
    }

    static func seconds(_ instant: Instant) -> Double { Double(instant - origin) / 1e9 }

    @Test func everyStationStopAndDepartureOfAOneLineRideIsFound() throws {
        for seed in UInt64(1)...6 {
            let (_, trace, events) = try Self.ride("akademmistechko", "arsenalna", seed: seed)
            let departures = events.compactMap { e -> Double? in
                if case .departure(let at, true) = e { return Self.seconds(at) } else { return nil }
            }
            let stops = events.compactMap { e -> Double? in
                if case .stop(let at, _) = e { return Self.seconds(at) } else { return nil }
            }
            // The first pull-out is before the detector's first window (the press's own).
            for truth in trace.departures.dropFirst() {
                #expect(departures.contains { abs($0 - truth) <= 5 }, "seed \(seed): departure at \(truth) not found in \(departures)")
            }
            for truth in trace.stationStops.dropLast() {
                #expect(stops.contains { abs($0 - truth) <= 5 }, "seed \(seed): stop at \(truth) not found in \(stops)")
            }
            let expected = trace.stationStops.count - 1 + trace.signalStops.count
            let mostStops = expected + 1
            #expect(stops.count >= expected && stops.count <= mostStops, "seed \(seed): \(stops.count) stops")
            let walks = events.filter { if case .walk = $0 { return true } else { return false } }
            #expect(walks.isEmpty, "seed \(seed): a walk on a ride without a change")
        }
    }

    @Test func aChangeShowsItsWalkThenTheNewTrainsPullOut() throws {
        for seed in UInt64(1)...6 {
            let (truth, trace, events) = try Self.ride("universytet", "poshtova-ploshcha", seed: seed)
            var watch = ChangeDepartureWatch()
            let taken = events.compactMap { watch.note($0) }.map(Self.seconds)
            #expect(trace.walks.count == 1)
            #expect(taken.count == 1, "seed \(seed): \(events)")
            let boarded = truth.departure[3]
            if let first = taken.first {
                let error = first - boarded
                // Never later than the true pull-out (a late anchor is a countdown behind the train), and close.
                #expect(error <= 1 && error >= -3, "seed \(seed): taken \(first), true \(boarded)")
            }
        }
    }
}


/// The decoder on the detector's stops of synthetic rides: every station counted, the signal stops told apart.
@Suite struct MotionDecodingTests {
    @Test func theDetectorsStopsAreDecodedToTheRightStations() throws {
        let world = MotionTraceTests.world
        let route = try world.network.route(from: "akademmistechko", to: "arsenalna")
        let trip = try world.network.startTrip(from: "akademmistechko", to: "arsenalna", t0: Instant(seconds: 0),
                                               wall: .unixTimeline, calibration: .empty)
        let e = trip.events
        var running: [Double] = [], dwell: [Double] = []
        for j in 1..<e.count {
            running.append(Double(e[j].arrival - e[j - 1].departure) / 1e9)
            dwell.append(Double(e[j].departure - e[j].arrival) / 1e9)
        }
        let decoder = StationDecoder(running: running, dwell: dwell)
        var right = 0
        for seed in UInt64(1)...10 {
            let (_, trace, events) = try MotionTraceTests.ride("akademmistechko", "arsenalna", seed: seed)
            // Each run: from a departure (the first from the pull-out before the press) to the next stop.
            var runs: [Double] = []
            var left = 0.0
            for event in events {
                switch event {
                case .departure(let at, _): left = MotionTraceTests.seconds(at)
                case .stop(let at, _): runs.append(MotionTraceTests.seconds(at) - left)
                default: break
                }
            }
            let places = try #require(decoder.decode(runs: runs))
            let signals = places.filter { if case .signal = $0 { return true } else { return false } }.count
            if places.last == .station(route.count - 3), signals == trace.signalStops.count { right += 1 }
        }
        #expect(right >= 9, "\(right) of 10 rides decoded to the right station with their signal stops")
    }
}

/// `metrotimer-lab motion-check`: a recorded ride as `metrotimer record-motion export` writes it, read back and
/// scored against the rider's presses.
@Suite struct MotionCheckTests {
    /// A lab ride written as an export: its samples from the first pull-out, a press at each station stop.
    static func export(pressAt stops: (MotionTrace) -> [Double]) throws -> (String, MotionTrace) {
        let (_, trace, _) = try MotionTraceTests.ride("akademmistechko", "arsenalna", seed: 3)
        var text = "# metrotimer record-motion 1 'test', started 2026-12-06T15:00:00+02:00: seconds x y z (m/s2, gravity included)\n"
        for stop in stops(trace) { text += String(format: "# stop %.4f\n", stop) }
        for sample in trace.samples {
            text += String(format: "%.4f %.4f %.4f %.4f\n", MotionTraceTests.seconds(sample.at), sample.x, sample.y, sample.z)
        }
        return (text, trace)
    }

    @Test func pressesAtTheStationsAreHitsAndAPressWhereNothingHappenedIsAMiss() throws {
        let (text, trace) = try Self.export { trace in Array(trace.stationStops.dropLast()) + [trace.departures[1] + 30] }
        let recording = try MotionCheckCommand.parse(text)
        #expect(recording.samples.count == trace.samples.count)
        #expect(recording.stops.count == trace.stationStops.count)
        let check = MotionCheckCommand.check(recording)
        let stations = trace.stationStops.count - 1
        #expect(check.labelledStops == stations + 1)
        #expect(check.hits == stations, "\(check.report)")
        #expect(check.misses.count == 1, "the press mid-run is missed: \(check.report)")
        // Detected stops no press was near: the signal stops, and a stop at the end of the trace at most.
        #expect(check.falseStops.count <= trace.signalStops.count + 1, "\(check.report)")
        #expect(check.report.contains("hits: \(stations) ") && check.report.contains("misses: 1 (at "))
    }

    @Test func aLineThatIsNotASampleIsNamed() throws {
        #expect {
            _ = try MotionCheckCommand.parse("# stop 1.0\n0.0 1 2\n")
        } throws: { "\($0)".contains("line 2: expected \"seconds x y z\"") }
    }
}
