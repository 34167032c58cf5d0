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

    /// A fix at a station received now, `age` seconds old by the receiver's clock.
    @discardableResult
    func send(_ rig: EngineRig, at station: StationID, age: Int64 = 1, error: Double? = 10, mode: Int = 3)
        -> SnapDecision?
    {
        let s = kyiv.station(station)!
        let wallNow = rig.wall.unixNanoseconds(at: rig.clock.now)
        let fix = FixInput(latitude: s.latitude, longitude: s.longitude, horizontalErrorMeters: error, mode: mode,
                           receiverUnixNanoseconds: wallNow - age * 1_000_000_000, receivedAt: rig.clock.now)
        return rig.engine.gpsFix(fix, wallNowUnixNanoseconds: wallNow, now: rig.clock.now)
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
        #expect(send(rig, at: "arsenalna") == .rejected(.offRoute), "underground stations never snap")
        #expect(send(rig, at: "vydubychi") == .rejected(.offRoute), "a surface station off the route")
        let gps = rig.engine.gps
        #expect(gps.rejected == [.noFix: 1, .accuracyUnknown: 1, .inaccurate: 1, .stale: 1, .offRoute: 2])
        #expect(gps.fixes == 6 && gps.accepted == 0)
        #expect(rig.publisher.last?.gps == gps, "the counts reach the status")
        #expect(rig.engine.active?.trip == trip && rig.store.writes.count == writes)
    }

    @Test("an accepted fix that agrees with the model does not correct it")
    func agreeingFix() throws {
        let (rig, trip) = try surfaceRide()
        rig.clock.advance(to: arrival(trip, 3) + 5)
        guard case .accepted(let index, _, let correct) = send(rig, at: "hidropark") else {
            Issue.record("a fix on hidropark is accepted")
            return
        }
        #expect(index == 3 && !correct)
        #expect(rig.engine.active?.trip == trip)
        #expect(rig.engine.gps.accepted == 1 && rig.engine.gps.lastSnap?.station == "hidropark")
        #expect(rig.trip?.gpsCorrections == 0)
    }

    @Test("a snap that disagrees re-anchors (forwards and backwards), re-arms, counts, and waits 30 s between")
    func disagreeingSnaps() throws {
        let (rig, trip) = try surfaceRide()
        rig.clock.advance(to: arrival(trip, 2) + 5)
        let cues = rig.haptics.played.count
        // The model is at dnipro; the train is already at livoberezhna.
        #expect(send(rig, at: "livoberezhna") == .accepted(eventIndex: 4, distanceMeters: 0, correct: true))
        let ahead = try #require(rig.trip)
        let firstSnap = rig.clock.now
        #expect(ahead.current == 4 && arrival(ahead, 4) == firstSnap)
        #expect(ahead.gpsCorrections == 1 && rig.engine.active?.lastGPSCorrection == firstSnap)
        #expect(ahead.arrival < trip.arrival, "moved forwards")
        let nextStop = try #require(ahead.alerts().first { $0.kind == .nextStop })
        #expect(rig.alarm.armed == nextStop.instant, "re-armed at the corrected next_stop")
        #expect(rig.store.activeTrip == rig.engine.active)
        #expect(rig.haptics.played.count == cues, "a snap is silent")

        // 29 s later a fix back at hidropark is accepted but not applied.
        rig.clock.advance(seconds: 29)
        guard case .accepted(3, _, false) = send(rig, at: "hidropark") else {
            Issue.record("29 s after an applied correction the snap must wait")
            return
        }
        #expect(rig.trip?.gpsCorrections == 1 && rig.trip?.events == ahead.events)

        rig.clock.advance(seconds: 1)
        #expect(send(rig, at: "hidropark") == .accepted(eventIndex: 3, distanceMeters: 0, correct: true))
        let behind = try #require(rig.trip)
        #expect(behind.current == 3 && behind.gpsCorrections == 2)
        #expect(behind.arrival > ahead.arrival, "moved backwards")
        #expect(behind.manualCorrections == 0 && behind.lateCorrections == 0, "GPS is not a manual correction")
        #expect(rig.engine.gps.accepted == 3)
        rig.clock.runUntilDisarmed()
        let entry = try #require(rig.store.endedTrips.first)
        #expect(entry.gpsCorrections == 2 && entry.finalSeconds == behind.arrival.after(trip.t0))
    }

    @Test("a backwards snap after next_stop fired arms it again, and it fires again")
    func backwardsSnapReArms() throws {
        let (rig, trip) = try surfaceRide()
        rig.clock.advance(to: arrival(trip, 6) + 5)
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext])
        #expect(send(rig, at: "darnytsia") == .accepted(eventIndex: 5, distanceMeters: 0, correct: true))
        let corrected = try #require(rig.trip)
        #expect(rig.engine.active?.fired[.nextStop] == nil)
        #expect(rig.haptics.withdrawn.map(\.kind) == [.nextStop], "its buzz, if still going, stops")
        #expect(rig.alarm.armed == arrival(corrected, 6))
        rig.clock.advance(to: arrival(corrected, 6))
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext, .yoursIsNext])
        #expect(rig.haptics.alertCues.last?.at == arrival(corrected, 6))
    }

    @Test("passive calibration: consecutive circle entries give a running sample, stored")
    func passiveCalibration() throws {
        let (rig, trip) = try surfaceRide()
        rig.clock.advance(to: arrival(trip, 3) + 5)
        send(rig, at: "hidropark")
        rig.clock.advance(to: arrival(trip, 4) + 20)
        guard case .accepted(4, _, false) = send(rig, at: "livoberezhna") else {
            Issue.record("the model is at livoberezhna: accepted, no correction")
            return
        }
        // Entry to entry is the running time plus hidropark's 25 s dwell, plus the 15 s the second fix came later.
        let seed = arrival(trip, 4).after(trip.events[3].departure)
        let key = SegmentKey(from: "hidropark", to: "livoberezhna")
        #expect(rig.engine.calibration.runningAverage(for: key) == Double(seed + 15))
        #expect(rig.engine.calibration.record(for: key)?.running?.count == 1)
        #expect(rig.store.calibration == rig.engine.calibration, "stored through saveCalibration")
        #expect(rig.trip?.gpsCorrections == 0)
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
        rig.clock.advance(to: arrival(trip, 3) + 5)
        send(rig, at: "hidropark")
        let before = try #require(rig.store.activeTrip)
        // Livoberezhna 30 s early: a correction (the model is still at hidropark) and a running sample.
        rig.clock.advance(to: arrival(trip, 4) - 30)
        rig.store.failWhen = { if case .calibration = $0 { return true } else { return false } }
        guard case .accepted(4, _, true) = send(rig, at: "livoberezhna") else {
            Issue.record("expected an accepted fix that corrects the trip")
            return
        }
        #expect(rig.store.failedWrites == 1)
        #expect(rig.store.activeTrip == before, "the corrected trip was stored without the calibration it taught")
        #expect(rig.engine.active == before)
        #expect(rig.store.calibration == .empty && rig.engine.calibration == .empty)
    }
}
