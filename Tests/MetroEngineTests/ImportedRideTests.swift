import MetroEngine
import MetroModel
import MetroTestSupport
import Testing

/// `SketchNetwork.threeLinesInARow` on UTC's clock.
private func sketch() throws -> ImportedNetwork {
    ImportedNetwork(general: try SketchNetwork.threeLinesInARow().loaded(), zone: .utc)
}

/// The engine riding an imported network (`ImportedNetwork`): the route and schedule `metrotimer plan` shows, the
/// corrections, the refusals that name what the device cannot ride.
@Suite struct ImportedRideTests {
    @Test func theEngineRidesTheScheduleThePlannerShows() throws {
        let network = try sketch()
        let rig = EngineRig(network: network)
        let t0 = rig.clock.now
        let trip = try rig.ride("A", "F")
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C", "C", "E", "F"])
        #expect(trip.events.map(\.line.rawValue) == ["L1", "L1", "L1", "L2", "L2", "L2"])
        // 100 + 20 to B, 100 + 20 to C, the change on the spot (60 s) and a quarter of 4 min, 100 + 20 to E, 100.
        #expect(trip.arrival.after(t0) == 580)
        let service = ZonedServiceTime(unixSeconds: rig.wall.unixSeconds(at: t0), rules: .utc)
        let plan = try network.general.plan(from: "A", to: "F", t0: t0, wall: rig.wall, service: service)
        #expect(plan.trip.events == trip.events, "the route the rider chose is the route the daemon rides")
        #expect(rig.engine.active?.trip.alerts() == plan.alerts)
        #expect(rig.store.activeTrip?.trip == trip, "stored like any trip")
    }

    @Test func trainDepartedAndTheStepsCorrectAnImportedRide() throws {
        let rig = EngineRig(network: try sketch())
        let t0 = rig.clock.now
        try rig.ride("A", "F")
        rig.clock.advance(seconds: 230)
        #expect(rig.engine.isChangingLines(now: rig.clock.now), "after the arrival at C")
        try rig.engine.trainDeparted(now: rig.clock.now)
        // Anchored at the press: E one ride (100 s) later, its dwell, then F.
        #expect(rig.trip?.events[4].arrival.after(t0) == 330)
        #expect(rig.trip?.arrival.after(t0) == 450)
        rig.clock.advance(seconds: 110)
        try rig.engine.step(+1, now: rig.clock.now)
        #expect(rig.trip?.lateCorrections == 1)
        #expect(rig.trip?.arrival.after(t0) == 560, "still before E (340): E and F are each a ride ahead, with the dwell at E")
    }

    @Test func aRideWithTwoChangesWarnsOfEachAndTakesTheSecondPress() throws {
        let rig = EngineRig(network: try sketch())
        let t0 = rig.clock.now
        let trip = try rig.ride("A", "H")
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C", "C", "E", "F", "F", "G", "H"])
        #expect(trip.changeIndices == [3, 6])
        // Each change: 100 + 20 to its exit, a minute's walk on the spot and a quarter of 4 min; 940 s in all.
        #expect(trip.arrival.after(t0) == 940)
        let alerts = trip.alerts()
        #expect(alerts.map(\.id.description) == ["transfer", "train_departed_reminder", "transfer#2",
                                                 "train_departed_reminder#2", "next_stop", "arrival"])
        #expect(alerts.map(\.station.rawValue) == ["C", "C", "F", "F", "H", "H"])
        // The second change is warned of at the last stop after the first: Echo, reached 460 s after the start.
        #expect(alerts[2].instant.after(t0) == 460)

        rig.clock.advance(seconds: 470)
        let fired = Set(rig.engine.active?.fired.keys.map(\.description) ?? [])
        #expect(fired.isSuperset(of: ["transfer", "transfer#2"]), "\(fired)")
        #expect(rig.log.lines.contains { $0.message == "alert: transfer#2" }, "\(rig.log.lines.map(\.message))")

        // At 650 s the rider waits at F: the first change's window closed long ago, so the press is the second's.
        rig.clock.advance(to: t0 + 650)
        #expect(rig.engine.isChangingLines(now: rig.clock.now))
        try rig.engine.trainDeparted(now: rig.clock.now)
        #expect(rig.trip?.current == 6)
        #expect(rig.trip?.events[7].arrival.after(t0) == 750, "G one ride after the press")
        #expect(rig.trip?.arrival.after(t0) == 870)
        #expect(rig.trip?.alerts().contains { $0.id.description == "train_departed_reminder#2" } == false,
                "the press confirmed the second change: its reminder is gone")
    }

    /// Both changes' "change here" alerts have fired and neither is delivered: the motor reports the first
    /// change's, then the second's, and each delivery is credited to the alert it names, not to the latest of
    /// its kind.
    @Test func eachChangesAlertIsCreditedWithItsOwnDelivery() throws {
        let rig = EngineRig(network: try sketch())
        let t0 = rig.clock.now
        try rig.ride("A", "H")
        let first = AlertID(kind: .transfer), second = AlertID(kind: .transfer, change: 1)
        rig.clock.advance(seconds: 470)
        #expect(rig.engine.active?.fired[first] != nil && rig.engine.active?.fired[second] != nil)
        #expect(rig.haptics.alertsPlayed.filter { $0.kind == .transfer } == [first, second], "each played by its id")

        rig.engine.alertDelivered(first, now: t0 + 471)
        #expect(rig.engine.active?.delivered[first] == t0 + 471)
        #expect(rig.engine.active?.delivered[second] == nil, "the second change's alert is not yet delivered")
        rig.engine.alertDelivered(second, now: t0 + 475)
        #expect(rig.engine.active?.delivered[second] == t0 + 475)
        #expect(rig.engine.active?.delivered[first] == t0 + 471, "the first keeps its own instant")
        #expect(rig.store.activeTrip?.delivered[second] == t0 + 475, "stored")

        rig.engine.alertDelivered(first, now: t0 + 480)
        #expect(rig.engine.active?.delivered[first] == t0 + 471, "a second report of a delivered alert changes nothing")
    }

    @Test func aSuspendedStretchStopsEveryPatternBetweenItsEnds() throws {
        let rig = EngineRig(network: try sketch())
        try rig.engine.suspend(SuspendedStretch(from: "B", to: "C"), now: rig.clock.now)
        #expect(rig.engine.suspensions == [SuspendedStretch(from: "B", to: "C")])
        expectRefusedWithoutTrace(rig, .plan(.suspended(from: "B", to: "C"))) { () throws(EngineError) in
            try rig.engine.chooseRoute(from: "A", to: "F", now: rig.clock.now)
        }
        try rig.engine.chooseRoute(from: "C", to: "H", now: rig.clock.now)
        #expect(try !rig.engine.suspend(SuspendedStretch(from: "C", to: "B"), now: rig.clock.now), "already suspended")
        do throws(EngineError) {
            try rig.engine.suspend(SuspendedStretch(from: "A", to: "E"), now: rig.clock.now)
            Issue.record("A – E was suspended: no pattern calls at both")
        } catch {
            guard case .suspension(let reason) = error else { Issue.record("refused as \(error)"); return }
            #expect(reason.en.contains("different lines"), "\(reason.en)")
        }
        #expect(try rig.engine.resume(nil, now: rig.clock.now) == [SuspendedStretch(from: "B", to: "C")])
        try rig.engine.chooseRoute(from: "A", to: "F", now: rig.clock.now)
    }

    /// A local P–Q–R–S and an express P–S on one line: suspending P–S stops both; resuming Q–R lifts the express
    /// too (it runs through there) and leaves the locals' P–Q and R–S suspended.
    @Test func anExpressIsStoppedAndLiftedWithTheLocalsUnderIt() throws {
        var sketch = SketchNetwork()
        sketch.line("X", ["P", "Q", "R", "S"], ["P", "S"])
        let network = ImportedNetwork(general: try sketch.loaded(), zone: .utc)
        let rig = EngineRig(network: network)
        try rig.engine.suspend(SuspendedStretch(from: "P", to: "S"), now: rig.clock.now)
        do throws(EngineError) {
            try rig.engine.chooseRoute(from: "P", to: "S", now: rig.clock.now)
            Issue.record("P → S was chosen through a suspended stretch")
        } catch {
            guard case .plan(.suspended) = error else { Issue.record("refused as \(error)"); return }
        }
        #expect(try rig.engine.resume(SuspendedStretch(from: "Q", to: "R"), now: rig.clock.now)
                == [SuspendedStretch(from: "Q", to: "R")])
        #expect(rig.engine.suspensions == [SuspendedStretch(from: "P", to: "Q"), SuspendedStretch(from: "R", to: "S")])
        try rig.engine.chooseRoute(from: "P", to: "S", now: rig.clock.now)
        #expect(try rig.engine.network.route(from: "P", to: "S", leavingAtUnixSeconds: nil).map(\.station.rawValue)
                == ["P", "S"], "the express, lifted")
    }

    @Test func calibrationRidesALinesLongestPattern() throws {
        let network = try sketch()
        let stops = try #require(network.calibrationStops(line: "L1", direction: .forward, start: "B"))
        #expect(stops.map(\.station.rawValue) == ["B", "C", "D"])
        #expect(stops.map(\.seedRunningSeconds) == [0, 100, 100])
        #expect(network.calibrationStops(line: "L1", direction: .forward, start: "D") == nil, "no station after D")
        #expect(network.calibrationStops(line: "L2", direction: .forward, start: "A") == nil, "L2 does not call at A")
        let rig = EngineRig(network: network)
        try rig.engine.beginCalibration(line: "L1", direction: .backward, from: "D", now: rig.clock.now)
        #expect(rig.engine.calibrationSession?.stations.map(\.station.rawValue) == ["D", "C", "B", "A"])
    }
}

/// The journal's year on an imported network: its own clock and the lines ridden.
@Suite struct ImportedJournalTests {
    @Test func theYearIsTheNetworksAndItsLinesAreTheOnesRidden() throws {
        let network = try sketch()
        func entry(_ id: Int64, _ from: StationID, _ to: StationID, unix: Int64) -> JournalEntry {
            JournalEntry(id: id, t0: Instant(seconds: 100), t0UnixMilliseconds: unix * 1000, from: from, to: to,
                         plannedSeconds: 300, finalSeconds: 300, confirmedSeconds: 300, manualCorrections: 0,
                         lateCorrections: 0, gpsCorrections: 0, transfers: 0, outcome: .arrived)
        }
        var tally = JournalTally(network: network)
        // 2025-12-31 23:30 on UTC's clock is already 2026 in Kyiv: the imported network counts it in 2025.
        tally.add(entry(1, "C", "F", unix: 1_767_223_800))
        tally.add(entry(2, "A", "B", unix: 1_767_310_200))
        let last = tally.year(2025), this = tally.year(2026)
        #expect(last.rides == 1 && this.rides == 1)
        // C is first served by L1 in the file, but the ride from C to F is on L2 alone.
        #expect(last.lines == ["L2"] && this.lines == ["L1"])
    }
}
