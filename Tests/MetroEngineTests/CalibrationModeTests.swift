import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

@Suite("Calibration mode through the engine (model §6)")
struct CalibrationModeTests {
    let firstSegment = SegmentKey(from: "akademmistechko", to: "zhytomyrska")

    @Test("begin, press, end: samples reach the store, a rejected sample buzzes cannot, raw presses are kept")
    func session() throws {
        let rig = EngineRig()
        let p0 = rig.clock.now
        try rig.engine.beginCalibration(line: "m1", direction: .forward, from: "akademmistechko", now: p0)
        #expect(rig.engine.calibrationSession?.start == "akademmistechko")
        #expect(rig.haptics.cues == [.acknowledged])

        let presses = [p0, p0 + 130, p0 + 160, p0 + 170]
        var outcomes: [[CalibrationOutcome]] = []
        for press in presses {
            rig.clock.advance(to: press)
            outcomes.append(try rig.engine.calibrationPress(at: press, now: rig.clock.now))
        }
        #expect(outcomes[0].isEmpty, "the first departure measures nothing")
        #expect(outcomes[1] == [.accepted(newAverage: 130, count: 1)], "running akademmistechko>zhytomyrska")
        #expect(outcomes[2] == [.accepted(newAverage: 30, count: 1)], "dwell at zhytomyrska")
        #expect(outcomes[3].count == 1)
        if case .rejected = outcomes[3].first {} else { Issue.record("a 10 s running time is implausible") }
        #expect(rig.haptics.cues == [.acknowledged, .acknowledged, .acknowledged, .acknowledged, .cannot])

        let record = try #require(rig.engine.calibration.record(for: firstSegment))
        #expect(record.running == CalibrationAverage(average: 130, count: 1))
        #expect(record.dwell == CalibrationAverage(average: 30, count: 1))
        #expect(rig.engine.calibration.record(for: SegmentKey(from: "zhytomyrska", to: "sviatoshyn")) == nil,
                "a rejected sample creates nothing")
        #expect(rig.store.calibration == rig.engine.calibration)

        try rig.engine.endCalibration(now: rig.clock.now)
        #expect(rig.engine.calibrationSession == nil)
        #expect(rig.store.calibrationSessions == [StoredCalibrationSession(
            line: "m1", direction: .forward, start: "akademmistechko", presses: presses)])

        // The next trip rides on the measurements.
        let trip = try rig.ride("akademmistechko", "sviatoshyn")
        let zhytomyrska = try #require(trip.events.first { $0.station == "zhytomyrska" })
        #expect(zhytomyrska.arrival.after(trip.t0) == 130 && zhytomyrska.departure.after(trip.t0) == 160)
    }

    @Test("no trip can start during a session, and no session during a trip")
    func exclusive() throws {
        let rig = EngineRig()
        try rig.engine.chooseRoute(from: "akademmistechko", to: "khreshchatyk", now: rig.clock.now)
        try rig.engine.beginCalibration(line: "m1", direction: .forward, from: "akademmistechko", now: rig.clock.now)
        expectRefusedWithoutTrace(rig, .calibrationSessionActive) { () throws(EngineError) in
            try rig.engine.start(t0: rig.clock.now, wall: rig.wall, now: rig.clock.now)
        }
        expectRefusedWithoutTrace(rig, .calibrationSessionActive) { () throws(EngineError) in
            try rig.engine.beginCalibration(line: "m2", direction: .forward, from: "heroiv-dnipra", now: rig.clock.now)
        }
        try rig.engine.endCalibration(now: rig.clock.now)
        try rig.engine.start(t0: rig.clock.now, wall: rig.wall, now: rig.clock.now)
        expectRefusedWithoutTrace(rig, .tripAlreadyActive) { () throws(EngineError) in
            try rig.engine.beginCalibration(line: "m1", direction: .forward, from: "akademmistechko", now: rig.clock.now)
        }
    }

    @Test("a session that cannot exist, and presses without a session, are refused")
    func refusals() {
        let rig = EngineRig()
        expectRefusedWithoutTrace(rig, .noCalibrationSession) { () throws(EngineError) in
            try rig.engine.calibrationPress(at: rig.clock.now, now: rig.clock.now)
        }
        expectRefusedWithoutTrace(rig, .noCalibrationSession) { () throws(EngineError) in
            try rig.engine.endCalibration(now: rig.clock.now)
        }
        let state = EngineState(rig.engine)
        do {
            try rig.engine.beginCalibration(line: "m2", direction: .forward, from: "akademmistechko", now: rig.clock.now)
            Issue.record("akademmistechko is not on m2")
        } catch {
            if case .invalidCalibration = error {} else { Issue.record("unexpected \(error)") }
            expectBilingual(error)
        }
        do {
            try rig.engine.beginCalibration(line: "m1", direction: .forward, from: "lisova", now: rig.clock.now)
            Issue.record("nothing lies beyond lisova going forward")
        } catch {
            if case .invalidCalibration = error {} else { Issue.record("unexpected \(error)") }
            expectBilingual(error)
        }
        #expect(EngineState(rig.engine) == state)
    }

    @Test("reset clears the calibration, stored")
    func reset() throws {
        var calibration = CalibrationStore.empty
        calibration.setForTesting(firstSegment, running: 130, dwell: nil)
        let rig = EngineRig(calibration: calibration)
        try rig.engine.resetCalibration(now: rig.clock.now)
        #expect(rig.engine.calibration.isEmpty && rig.store.calibration.isEmpty)
        #expect(rig.store.writes == [.calibration(.empty)])
    }
}
