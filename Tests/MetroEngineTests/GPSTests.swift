import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

@Suite("GPS through the engine (model §5.4, §6.2)")
struct GPSTests {
    /// khreshchatyk → lisova crosses the Dnipro on the surface: dnipro, hidropark, livoberezhna, darnytsia,
    /// chernihivska and lisova can all be snapped to.
    func surfaceRide() throws -> (EngineRig, Trip) {
        let rig = EngineRig()
        let trip = try rig.ride("khreshchatyk", "lisova")
        #expect(trip.events.map(\.station) == ["khreshchatyk", "arsenalna", "dnipro", "hidropark", "livoberezhna",
                                              "darnytsia", "chernihivska", "lisova"])
        return (rig, trip)
    }

    /// A fix `share` of the way from `station` to `toward` (at `station` itself by default) received now, `age`
    /// seconds old by the receiver's clock; a train standing (speed 0) unless a speed is given.
    @discardableResult
    func send(_ rig: EngineRig, at station: StationID, toward: StationID? = nil, share: Double = 0,
              speed: Double? = 0, age: Int64 = 1, error: Double? = 10, mode: Int = 3) -> FixDecision?
    {
        let s = kyiv.station(station)!, e = kyiv.station(toward ?? station)!
        let wallNow = rig.wall.unixNanoseconds(at: rig.clock.now)
        let fix = FixInput(latitude: s.latitude + (e.latitude - s.latitude) * share,
                           longitude: s.longitude + (e.longitude - s.longitude) * share, horizontalErrorMeters: error,
                           mode: mode, speedMetersPerSecond: speed,
                           receiverUnixNanoseconds: wallNow - age * 1_000_000_000, receivedAt: rig.clock.now)
        return rig.engine.gpsFix(fix, wallNowUnixNanoseconds: wallNow, now: rig.clock.now)
    }

    /// The placement of an accepted decision and whether it corrected, nil for a rejection.
    func placed(_ decision: FixDecision?) -> (placement: TrainPlacement, correct: Bool)? {
        guard case .accepted(let placement, _, _, let correct) = decision else { return nil }
        return (placement, correct)
    }

    func arrival(_ trip: Trip, _ index: Int) -> Instant { trip.events[index].arrival }

    @Test("rejected fixes are counted by reason and change nothing")
    func rejectedFixesCounted() throws {
        let idle = EngineRig()
        #expect(send(idle, at: "hidropark") == nil, "no trip: the fix is ignored")
        #expect(idle.engine.gps.fixes == 0)

        let (rig, trip) = try surfaceRide()
        rig.clock.advance(seconds: 200)
        let writes = rig.store.writes.count
        #expect(send(rig, at: "hidropark", mode: 1) == .rejected(.noFix))
        #expect(send(rig, at: "hidropark", error: nil) == .rejected(.accuracyUnknown))
        #expect(send(rig, at: "hidropark", error: 150) == .rejected(.inaccurate))
        #expect(send(rig, at: "hidropark", age: 11) == .rejected(.stale))
        #expect(send(rig, at: "khreshchatyk") == .rejected(.offRoute), "underground, far from the open sky")
        #expect(send(rig, at: "vydubychi") == .rejected(.offRoute), "a surface station off the route")
        let gps = rig.engine.gps
        #expect(gps.rejected == [.noFix: 1, .accuracyUnknown: 1, .inaccurate: 1, .stale: 1, .offRoute: 2])
        #expect(gps.fixes == 6 && gps.accepted == 0)
        #expect(rig.publisher.last?.gps == gps, "the counts reach the status")
        #expect(rig.engine.active?.trip == trip && rig.store.writes.count == writes)
    }

    @Test("a fix that agrees with the model does not correct it")
    func agreeingFix() throws {
        let (rig, trip) = try surfaceRide()
        rig.clock.advance(to: arrival(trip, 3) + 5)
        // Standing at hidropark, first seen 4 s after the model's arrival: within the agreement.
        let decision = try #require(placed(send(rig, at: "hidropark")))
        #expect(decision.placement.eventIndex == 3 && !decision.correct)
        guard case .standing = decision.placement else { Issue.record("standing: \(decision)"); return }
        #expect(rig.engine.active?.trip == trip)
        #expect(rig.engine.gps.accepted == 1 && rig.engine.gps.lastSnap?.station == "hidropark")
        #expect(rig.trip?.gpsCorrections == 0)
    }

    @Test("a placement that disagrees re-anchors (forwards and backwards), re-arms, counts, and waits 30 s between")
    func disagreeingPlacements() throws {
        let (rig, trip) = try surfaceRide()
        rig.clock.advance(to: arrival(trip, 2) + 5)
        let cues = rig.haptics.played.count
        // The model is at dnipro; the train already stands at livoberezhna.
        let first = try #require(placed(send(rig, at: "livoberezhna")))
        #expect(first.placement.eventIndex == 4 && first.correct)
        let ahead = try #require(rig.trip)
        let firstSnap = rig.clock.now
        #expect(ahead.current == 3 && arrival(ahead, 4) == firstSnap - 1, "reached when the fix was taken")
        #expect(ahead.gpsCorrections == 1 && rig.engine.active?.lastGPSCorrection == firstSnap)
        #expect(ahead.arrival < trip.arrival, "moved forwards")
        let nextStop = try #require(ahead.alerts().first { $0.kind == .nextStop })
        #expect(rig.alarm.armed == nextStop.instant, "re-armed at the corrected next_stop")
        #expect(rig.store.activeTrip == rig.engine.active)
        #expect(rig.haptics.played.count == cues, "a correction is silent")

        // 29 s later a fix standing back at hidropark is accepted but not applied.
        rig.clock.advance(seconds: 29)
        let waiting = try #require(placed(send(rig, at: "hidropark")))
        #expect(waiting.placement.eventIndex == 3 && !waiting.correct, "29 s after an applied correction")
        #expect(rig.trip?.gpsCorrections == 1 && rig.trip?.events == ahead.events)

        rig.clock.advance(seconds: 1)
        let back = try #require(placed(send(rig, at: "hidropark")))
        #expect(back.placement.eventIndex == 3 && back.correct)
        let behind = try #require(rig.trip)
        #expect(behind.current == 2 && behind.gpsCorrections == 2)
        #expect(behind.arrival > ahead.arrival, "moved backwards")
        #expect(behind.manualCorrections == 0 && behind.lateCorrections == 0, "GPS is not a manual correction")
        #expect(rig.engine.gps.accepted == 3)
        rig.clock.runUntilDisarmed()
        let entry = try #require(rig.store.endedTrips.first)
        #expect(entry.gpsCorrections == 2 && entry.finalSeconds == behind.arrival.after(trip.t0))
    }

    @Test("a running train placed short of its station moves the arrival by what is left of the segment")
    func runningPlacement() throws {
        let (rig, trip) = try surfaceRide()
        // The model has the train at livoberezhna already; it is still 80 % of the way there, running.
        rig.clock.advance(to: arrival(trip, 4) + 2)
        let decision = try #require(placed(send(rig, at: "hidropark", toward: "livoberezhna", share: 0.8, speed: 12)))
        guard case .running(4, let along, let length, let running, let predicted) = decision.placement else {
            Issue.record("running toward livoberezhna: \(decision)"); return
        }
        #expect(decision.correct)
        let corrected = try #require(rig.trip)
        #expect(arrival(corrected, 4) == predicted && corrected.current == 3)
        let left = SegmentMotion(lengthMeters: length, runningSeconds: running).secondsLeft(from: along)
        #expect(predicted == rig.clock.now - 1 + Int(left.rounded()))
        #expect(corrected.arrival > trip.arrival, "the train is behind the model")
    }

    @Test("a backwards correction after next_stop fired arms it again, and it fires again")
    func backwardsCorrectionReArms() throws {
        let (rig, trip) = try surfaceRide()
        rig.clock.advance(to: arrival(trip, 6) + 5)
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext])
        let decision = try #require(placed(send(rig, at: "darnytsia")))
        #expect(decision.placement.eventIndex == 5 && decision.correct)
        let corrected = try #require(rig.trip)
        #expect(rig.engine.active?.fired[.nextStop] == nil)
        #expect(rig.haptics.withdrawn.map(\.kind) == [.nextStop], "its buzz, if still going, stops")
        #expect(rig.alarm.armed == arrival(corrected, 6))
        rig.clock.advance(to: arrival(corrected, 6))
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext, .yoursIsNext])
        #expect(rig.haptics.alertCues.last?.at == arrival(corrected, 6))
    }

    /// Fixes every 5 s of a train running hidropark → livoberezhna on the model's own profile, leaving `late`
    /// seconds after the model's departure and taking `running` seconds.
    func runSegment(_ rig: EngineRig, _ trip: Trip, late: Int = 0, running: Double) {
        let k = 4
        let leave = trip.events[3].departure + late
        let s = kyiv.station("hidropark")!, e = kyiv.station("livoberezhna")!
        let length = projectOnSegment(latitude: e.latitude, longitude: e.longitude, from: (s.latitude, s.longitude),
                                      to: (e.latitude, e.longitude)).length
        let motion = SegmentMotion(lengthMeters: length, runningSeconds: running)
        var t = 5
        while Double(t) < running - 3 {
            // Where the train is t seconds out (bisection on the profile), received a second after the fix.
            var low = 0.0, high = length
            for _ in 0..<50 {
                let mid = (low + high) / 2
                if motion.secondsToCover(mid) < Double(t) { low = mid } else { high = mid }
            }
            rig.clock.advance(to: leave + t + 1)
            send(rig, at: "hidropark", toward: "livoberezhna", share: low / length, speed: motion.speed(at: low))
            t += 5
        }
        _ = k
    }

    @Test("passive calibration: a segment's moving fixes give its running time, stored")
    func passiveCalibration() throws {
        let (rig, trip) = try surfaceRide()
        let seed = arrival(trip, 4).after(trip.events[3].departure)
        // The train truly runs the segment 12 s slower than the model.
        runSegment(rig, trip, running: Double(seed + 12))
        let key = SegmentKey(from: "hidropark", to: "livoberezhna")
        #expect(rig.engine.calibration.record(for: key) == nil, "nothing until the train is past the segment")
        rig.clock.advance(to: trip.events[3].departure + seed + 12 + 4)
        _ = try #require(placed(send(rig, at: "livoberezhna")), "standing at livoberezhna")
        let learned = try #require(rig.engine.calibration.runningAverage(for: key))
        #expect(abs(learned - Double(seed + 12)) < 1.5, "learned \(learned) s for a true \(seed + 12) s")
        #expect(rig.engine.calibration.record(for: key)?.running?.count == 1)
        #expect(rig.store.calibration == rig.engine.calibration, "stored through saveCalibration")
    }

    @Test("the rider's \"I'm off\" measures the last segment, whose end no standing fix saw")
    func arrivalConfirmedMeasuresTheLastSegment() throws {
        let rig = EngineRig()
        let trip = try rig.ride("chernihivska", "lisova")
        let running = Double(trip.events[1].arrival.after(trip.events[0].departure))
        let s = kyiv.station("chernihivska")!, e = kyiv.station("lisova")!
        let length = projectOnSegment(latitude: e.latitude, longitude: e.longitude, from: (s.latitude, s.longitude),
                                      to: (e.latitude, e.longitude)).length
        let motion = SegmentMotion(lengthMeters: length, runningSeconds: running)
        for t in stride(from: 10, to: Int(running) - 10, by: 10) {
            var low = 0.0, high = length
            for _ in 0..<50 {
                let mid = (low + high) / 2
                if motion.secondsToCover(mid) < Double(t) { low = mid } else { high = mid }
            }
            rig.clock.advance(to: trip.events[0].departure + t + 1)
            send(rig, at: "chernihivska", toward: "lisova", share: low / length, speed: motion.speed(at: low))
        }
        let key = SegmentKey(from: "chernihivska", to: "lisova")
        #expect(rig.engine.calibration.record(for: key) == nil, "nothing while the train runs")
        rig.clock.advance(to: trip.arrival + 5)
        try rig.engine.arrived(now: rig.clock.now)
        let learned = try #require(rig.engine.calibration.runningAverage(for: key))
        #expect(abs(learned - running) < 1.5, "learned \(learned) s for \(running) s")
        #expect(rig.store.calibration == rig.engine.calibration && rig.store.endedTrips.count == 1)
    }

    @Test("a fix whose write fails changes neither the trip nor the calibration")
    func failedWrite() throws {
        let (rig, trip) = try surfaceRide()
        rig.clock.advance(to: arrival(trip, 2) + 5)
        rig.store.failNextWrites = 1
        _ = send(rig, at: "livoberezhna")
        #expect(rig.engine.active?.trip == trip && rig.store.activeTrip?.trip == trip)
        #expect(rig.engine.active?.lastGPSCorrection == nil)
    }

    @Test("a fix that corrects the trip and teaches the calibration stores both or neither")
    func halfStoredFixIsUndone() throws {
        let (rig, trip) = try surfaceRide()
        let seed = arrival(trip, 4).after(trip.events[3].departure)
        // Fast: the train reaches livoberezhna 20 s before the model, and the model agreed on the way.
        rig.store.failWhen = nil
        runSegment(rig, trip, late: -20, running: Double(seed))
        let before = try #require(rig.store.activeTrip)
        rig.clock.advance(to: arrival(trip, 4) - 20 + 3)
        rig.store.failWhen = { if case .calibration = $0 { return true } else { return false } }
        let decision = try #require(placed(send(rig, at: "livoberezhna")))
        #expect(decision.placement.eventIndex == 4)
        #expect(rig.store.failedWrites == 1)
        #expect(rig.store.activeTrip == before, "the corrected trip was stored without the calibration it taught")
        #expect(rig.engine.active == before)
        #expect(rig.store.calibration == .empty && rig.engine.calibration == .empty)
    }
}
