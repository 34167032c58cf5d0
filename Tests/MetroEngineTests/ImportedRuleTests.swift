import FoundationEssentials
import MetroEngine
import MetroModel
import MetroTestSupport
import Testing

/// Rules of the model on an imported network that the rides in ImportedRideTests do not reach: where two changes'
/// windows meet (§5.3), a GPS snap (§5.4), the service warning at the start (§7, §2.1) and a calibrated running
/// time beside the feed's spreads (§2.1).
@Suite struct ImportedRuleTests {
    /// `sketch` as the engine rides it, on UTC's clock.
    private func imported(_ file: GeneralNetworkFile) throws -> ImportedNetwork {
        ImportedNetwork(general: try GeneralNetwork.load(json: Array(try JSONEncoder().encode(file))), zone: .utc)
    }

    /// L1 A–B–C–D, L2 C–F (one stop), L3 F–G–H, a train every 4 minutes: A → H changes at C and again at F, one
    /// ride apart.
    private func oneStopBetweenChanges() -> SketchNetwork {
        var sketch = SketchNetwork.threeLinesInARow()
        sketch.lines[1] = GeneralNetworkFile.LineRecord(
            id: "L2", uk: "L2", en: "L2", color: "#000000",
            patterns: [.init(id: "L2-0f", direction: "forward", stations: ["C", "F"], trips: ["weekday": 1]),
                       .init(id: "L2-0b", direction: "backward", stations: ["F", "C"], trips: ["weekday": 1])])
        return sketch
    }

    /// §5.3: a "train departed" press after the arrival at F, while the first change's train may still plausibly
    /// be leaving C, is held by both changes' windows; it is taken for the later change.
    @Test func theLaterChangeWinsWhereTwoWindowsMeet() throws {
        let rig = EngineRig(network: try imported(oneStopBetweenChanges().file))
        let trip = try rig.ride("A", "H")
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C", "C", "F", "F", "G", "H"])
        #expect(trip.changeIndices == [3, 5])
        let press = trip.events[4].arrival + 20
        let firstWindowEnd = try #require(trip.latestPlausibleDeparture(change: 3))
        #expect(press < firstWindowEnd, "the first change's window still holds the press")
        rig.clock.advance(to: press)
        #expect(rig.engine.isChangingLines(now: press), "the second change's window holds it too")

        try rig.engine.trainDeparted(now: press)
        #expect(rig.trip?.current == 5, "anchored at the second change's transfer event")
        #expect(rig.trip?.events[6].arrival == press + 100, "G one ride after the press")
        #expect(rig.trip?.events[4].arrival ?? press < press, "F stays behind the rider, not one ride ahead")
        #expect(rig.trip?.alerts().contains { $0.id == AlertID(kind: .trainDepartedReminder, change: 1) } == false,
                "the second change is the one confirmed")
    }

    /// The sketch of three lines in a row with one station flagged under open sky, at 40.75 N, 73.99 W (so the
    /// network counts only that one: a file that flags some stations is taken at its word).
    func threeLinesInARow(openSkyAt id: String) throws -> GeneralNetworkFile {
        var file = SketchNetwork.threeLinesInARow().file
        let index = try #require(file.stations.firstIndex { $0.id == id })
        file.stations[index].surface = true
        file.stations[index].lat = 40.75
        file.stations[index].lon = -73.99
        return file
    }

    /// §5.4 through `ImportedNetwork`: a fix at E, a surface station of the route, while the model places the
    /// train at B snaps the trip to E.
    @Test func aGPSFixSnapsAnImportedRide() throws {
        let rig = EngineRig(network: try imported(threeLinesInARow(openSkyAt: "E")))
        let t0 = rig.clock.now
        let trip = try rig.ride("A", "F")
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C", "C", "E", "F"])
        rig.clock.advance(to: t0 + 150)
        #expect(trip.currentIndex(at: rig.clock.now) == 1, "the model is at B")

        let wallNow = rig.wall.unixNanoseconds(at: rig.clock.now)
        let fix = FixInput(latitude: 40.7501, longitude: -73.9901, horizontalErrorMeters: 10, mode: 3,
                           speedMetersPerSecond: 0.2, receiverUnixNanoseconds: wallNow - 1_000_000_000,
                           receivedAt: rig.clock.now)
        let decision = rig.engine.gpsFix(fix, wallNowUnixNanoseconds: wallNow, now: rig.clock.now)
        guard case .accepted(.standing(let index, _, _), let distance, let seenAt, let correct) = decision else {
            Issue.record("the fix at E was \(String(describing: decision))")
            return
        }
        #expect(index == 4 && correct && distance < 50)
        #expect(rig.trip?.gpsCorrections == 1)
        #expect(rig.trip?.events[4].arrival == seenAt && seenAt == t0 + 149, "E reached when the fix was taken")
        #expect(rig.trip?.arrival == t0 + 269, "F: E's dwell and one ride later")
    }

    /// At a change on the open sky a slow fix is the rider on foot: it must not hold the model at the platform.
    @Test func aRiderOnFootAtAChangePlacesNothing() throws {
        let rig = EngineRig(network: try imported(threeLinesInARow(openSkyAt: "C")))
        let trip = try rig.ride("A", "F")
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C", "C", "E", "F"])
        rig.clock.advance(to: trip.events[2].arrival + 60)
        func send(speed: Double?) -> FixDecision? {
            let wallNow = rig.wall.unixNanoseconds(at: rig.clock.now)
            let fix = FixInput(latitude: 40.7501, longitude: -73.9901, horizontalErrorMeters: 10, mode: 3,
                               speedMetersPerSecond: speed, receiverUnixNanoseconds: wallNow - 1_000_000_000,
                               receivedAt: rig.clock.now)
            return rig.engine.gpsFix(fix, wallNowUnixNanoseconds: wallNow, now: rig.clock.now)
        }
        for speed in [0.0, 1.4, nil] as [Double?] {
            #expect(send(speed: speed) == .rejected(.onFoot), "speed \(String(describing: speed))")
        }
        #expect(rig.trip?.events == trip.events && rig.trip?.gpsCorrections == 0)
        #expect(rig.engine.gps.rejected[.onFoot] == 3)
        // A train running through at speed is a train.
        guard case .accepted = send(speed: 12) else { Issue.record("a train at 12 m/s is placed"); return }
    }

    /// §7 on an imported network: a trip the engine starts before the first train of its line gets the warning
    /// `GeneralNetwork.plan` reports for the same instant.
    @Test func theStartsServiceWarningIsThePlans() throws {
        let probe = EngineRig(network: try imported(SketchNetwork.threeLinesInARow().file))
        let service = ZonedServiceTime(unixSeconds: probe.wall.unixSeconds(at: probe.clock.now), rules: .utc)
        var file = SketchNetwork.threeLinesInARow().file
        // L1 leaves A from an hour after the start, every kind of day.
        for day in ["weekday", "saturday", "sunday"] {
            file.service_hours.append(.init(station: "A", line: "L1", direction: "forward", day: day,
                                            first_s: service.secondsAfterMidnight + 3600, last_s: 23 * 3600))
        }
        let network = try imported(file)
        let rig = EngineRig(network: network)
        let t0 = rig.clock.now
        try rig.ride("A", "F")
        let plan = try network.general.plan(from: "A", to: "F", t0: t0, wall: rig.wall, service: service)
        let issue = try #require(plan.serviceIssue)
        #expect(issue.kind == .beforeFirst && issue.station == "A")
        #expect(issue.unixSeconds == rig.wall.unixSeconds(at: t0) + 3600)
        #expect(rig.engine.active?.service == issue)
    }

    /// §2.1: a measured running time replaces the feed's median in the schedule, while the spread the never-late
    /// rule leans on still reaches down to the feed's shortest, so "yours is next" comes before the train could
    /// arrive at the feed's fastest.
    @Test func aCalibratedRunningTimeKeepsTheFeedsShortestAsTheBound() throws {
        var file = SketchNetwork.threeLinesInARow().file
        // C → D: the feed's median 100 s, its shortest 60 s.
        file.segments.append(.init(line: "L1", from: "C", to: "D", running_s: 100, running_p10_s: 70, running_p90_s: 120,
                                   running_min_s: 60, dwell_s: 20, dwell_p90_s: 20, samples: 30, bands: [],
                                   suspended: false))
        var calibration = CalibrationStore()
        _ = calibration.add(CalibrationSample(key: SegmentKey(from: "C", to: "D"), field: .running, seconds: 150))
        let rig = EngineRig(calibration: calibration, network: try imported(file))
        let trip = try rig.ride("A", "D")
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C", "D"])
        let c = trip.events[2], d = trip.events[3]
        #expect(d.arrival == c.departure + 150, "the measured time, not the feed's 100 s")
        #expect(d.runningSpreadSeconds == 90, "down to the feed's shortest: 150 − 60")
        let nextStop = try #require(trip.alerts().first { $0.id == .nextStop })
        let fastestArrival = c.departure + 60
        #expect(nextStop.instant <= fastestArrival, "before the train could be at D at the feed's fastest")
    }
}
