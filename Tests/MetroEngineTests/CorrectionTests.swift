import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

@Suite("Corrections through the engine (model §5.2, §5.3)")
struct CorrectionTests {
    /// ex. 1 started at the rig's now; returns the rig, t0 and the planned trip.
    func straight() throws -> (EngineRig, Instant, Trip) {
        let rig = EngineRig()
        let t0 = rig.clock.now
        let trip = try rig.ride("akademmistechko", "khreshchatyk")
        return (rig, t0, trip)
    }

    func arrival(_ rig: EngineRig, _ station: StationID, after t0: Instant) -> Int? {
        rig.trip?.events.first { $0.station == station }.map { $0.arrival.after(t0) }
    }

    @Test("+1 at t0+300 anchors at zhytomyrska with its dwell ahead: sviatoshyn at t0+465 (model §13)")
    func plusOneMidRide() throws {
        let (rig, t0, _) = try straight()
        rig.clock.advance(seconds: 300)
        try rig.engine.step(+1, now: rig.clock.now)
        #expect(arrival(rig, "sviatoshyn", after: t0) == 465)
        #expect(rig.trip?.current == 1)
        #expect(rig.trip?.manualCorrections == 1 && rig.trip?.lateCorrections == 1)
        #expect(rig.haptics.cues == [.acknowledged, .acknowledged])
        #expect(rig.store.activeTrip == rig.engine.active, "the correction is stored")
    }

    @Test("+1 before the first station anchors at the departure: everything shifts by the delay")
    func plusOneAtTheFirstStation() throws {
        let (rig, t0, planned) = try straight()
        rig.clock.advance(seconds: 60)
        try rig.engine.step(+1, now: rig.clock.now)
        let trip = try #require(rig.trip)
        #expect(trip.events[0].arrival == t0 + 60)
        for (now, before) in zip(trip.events.dropFirst(), planned.events.dropFirst()) {
            #expect(now.arrival == before.arrival + 60 && now.departure == before.departure + 60)
        }
        #expect(trip.t0 == t0 && trip.initialArrival == planned.arrival, "t0 and the planned arrival are never rewritten")
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1267, "yours is next (1207) shifted by the delay")
    }

    @Test("−1 before the first station: the train is already there")
    func minusOneAtTheFirstStation() throws {
        let (rig, t0, _) = try straight()
        rig.clock.advance(seconds: 30)
        try rig.engine.step(-1, now: rig.clock.now)
        #expect(arrival(rig, "zhytomyrska", after: t0) == 30)
        #expect(arrival(rig, "sviatoshyn", after: t0) == 30 + 25 + 140)
        #expect(rig.trip?.manualCorrections == 1 && rig.trip?.lateCorrections == 0, "−1 is not a late correction")
    }

    @Test("a correction before the departure is refused and leaves no trace")
    func beforeDepartureRefused() throws {
        let (rig, t0, _) = try straight()
        expectRefusedWithoutTrace(rig, .correction(.beforeDeparture)) { () throws(EngineError) in
            try rig.engine.step(+1, now: t0 - 1)
        }
    }

    @Test("at the destination: −1 is refused, +1 anchors at the station before it (khreshchatyk at t0+1449)")
    func bothStepsAtTheDestination() throws {
        let (rig, t0, _) = try straight()
        rig.clock.advance(seconds: 1300)
        // Next is the destination: a −1 would put the train beyond it.
        expectRefusedWithoutTrace(rig, .correction(.beyondDestination)) { () throws(EngineError) in
            try rig.engine.step(-1, now: rig.clock.now)
        }
        rig.clock.advance(seconds: 34)
        #expect(rig.haptics.alertCues.map(\.cue) == [.yoursIsNext, .getOffNow])
        expectRefusedWithoutTrace(rig, .correction(.beyondDestination)) { () throws(EngineError) in
            try rig.engine.step(-1, now: rig.clock.now)
        }
        #expect(rig.trip?.manualCorrections == 0, "refused corrections are not counted")

        try rig.engine.step(+1, now: rig.clock.now)
        #expect(arrival(rig, "khreshchatyk", after: t0) == 1449)
        #expect(rig.trip?.manualCorrections == 1 && rig.trip?.lateCorrections == 1)
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1449, "the arrival alert is armed again")
        rig.clock.runUntilDisarmed()
        #expect(rig.haptics.alertCues.map { $0.at.after(t0) } == [1207, 1334, 1449])
        #expect(rig.store.endedTrips.first?.finalSeconds == 1449)
    }

    @Test("−1 when the station before the destination is next: one stop left from now")
    func minusOneBeforeThePenultimate() throws {
        let (rig, t0, _) = try straight()
        rig.clock.advance(seconds: 1200)
        try rig.engine.step(-1, now: rig.clock.now)
        // Anchored at teatralna (dwell 25 ahead), khreshchatyk 90 s later.
        #expect(arrival(rig, "khreshchatyk", after: t0) == 1315)
        #expect(rig.haptics.cues.suffix(2) == [.acknowledged, .yoursIsNext], "teatralna is reached: yours is next")
    }

    @Test("expiry moves with every correction: arrival + 600 s")
    func expiryFollowsCorrections() throws {
        let (rig, t0, _) = try straight()
        rig.clock.advance(seconds: 300)
        try rig.engine.step(+1, now: rig.clock.now)
        let arrival = try #require(rig.trip?.arrival)
        #expect(arrival.after(t0) == 1334 + 180, "sviatoshyn moved from 285 to 465")
        rig.clock.advance(to: arrival + 599)
        #expect(rig.engine.active != nil && rig.store.endedTrips.isEmpty)
        rig.clock.advance(seconds: 1)
        #expect(rig.store.endedTrips.count == 1 && rig.engine.active == nil)
        #expect(rig.store.endedTrips.first?.finalSeconds == 1514)
        #expect(rig.alarm.armedInstants.last == arrival + 600)
    }

    @Test("train departed is allowed only while changing lines, repeatable inside the window")
    func trainDepartedWindow() throws {
        let rig = EngineRig(wallUnix: mondayMorning)
        let t0 = rig.clock.now
        try rig.ride("universytet", "poshtova-ploshcha")
        rig.clock.advance(seconds: 201)
        #expect(!rig.engine.isChangingLines(now: rig.clock.now))
        expectRefusedWithoutTrace(rig, .correction(.notChangingLines)) { () throws(EngineError) in
            try rig.engine.trainDeparted(now: rig.clock.now)
        }
        rig.clock.advance(seconds: 99)
        #expect(rig.engine.isChangingLines(now: rig.clock.now), "from the arrival at the exit station")
        try rig.engine.trainDeparted(now: rig.clock.now)
        // Anchored at the transfer event at the press: poshtova-ploshcha is one running time (110 s) later.
        #expect(rig.trip?.arrival.after(t0) == 410)
        #expect(rig.trip?.manualCorrections == 1 && rig.trip?.lateCorrections == 0)
        #expect(rig.haptics.cues.suffix(2) == [.acknowledged, .yoursIsNext], "the train left: yours is next, now")

        rig.clock.advance(seconds: 20)
        try rig.engine.trainDeparted(now: rig.clock.now)
        #expect(rig.trip?.arrival.after(t0) == 430)
        #expect(rig.trip?.manualCorrections == 2)
        #expect(rig.haptics.cues.suffix(1) == [.acknowledged], "next_stop already fired: not again")

        rig.clock.advance(seconds: 120)
        expectRefusedWithoutTrace(rig, .correction(.notChangingLines)) { () throws(EngineError) in
            try rig.engine.trainDeparted(now: rig.clock.now)
        }
    }

    @Test("train departed on a ride without a change is refused")
    func trainDepartedWithoutAChange() throws {
        let (rig, _, _) = try straight()
        rig.clock.advance(seconds: 500)
        expectRefusedWithoutTrace(rig, .correction(.notChangingLines)) { () throws(EngineError) in
            try rig.engine.trainDeparted(now: rig.clock.now)
        }
    }

    @Test("corrections without a trip are refused")
    func noTrip() {
        let rig = EngineRig()
        expectRefusedWithoutTrace(rig, .noActiveTrip) { () throws(EngineError) in try rig.engine.step(+1, now: rig.clock.now) }
        expectRefusedWithoutTrace(rig, .noActiveTrip) { () throws(EngineError) in try rig.engine.trainDeparted(now: rig.clock.now) }
        expectRefusedWithoutTrace(rig, .noActiveTrip) { () throws(EngineError) in try rig.engine.arrived(now: rig.clock.now) }
        expectRefusedWithoutTrace(rig, .noActiveTrip) { () throws(EngineError) in try rig.engine.cancel(now: rig.clock.now) }
    }
}
