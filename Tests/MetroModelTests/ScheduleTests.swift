import Testing
@testable import MetroModel

@Suite("Schedule fill and the timing chain (model §3)")
struct ScheduleTests {
    @Test func workedExample1() throws {
        let trip = try plannedTrip("akademmistechko", "khreshchatyk", at: kyivUnix(2026, 8, 17, 12, 0))
        let expected: [(String, Int, Int)] = [
            ("akademmistechko", 0, 0), ("zhytomyrska", 120, 145), ("sviatoshyn", 285, 310), ("nyvky", 395, 420),
            ("beresteiska", 503, 528), ("shuliavska", 683, 708), ("politekhnichnyi-instytut", 801, 826),
            ("vokzalna", 989, 1014), ("universytet", 1107, 1132), ("teatralna", 1219, 1244),
            ("khreshchatyk", 1334, 1334),
        ]
        let actual = offsets(trip)
        #expect(actual.map { $0.0.rawValue } == expected.map(\.0))
        #expect(actual.map(\.1) == expected.map(\.1))
        #expect(actual.map(\.2) == expected.map(\.2))
        #expect(offset(trip.expiry, trip) == 1934)
        // "Any time": the same offsets at another hour and day type.
        let night = try plannedTrip("akademmistechko", "khreshchatyk", at: kyivUnix(2026, 12, 6, 6, 10))
        #expect(offsets(night).map(\.1) == expected.map(\.1))
    }

    @Test func workedExample2() throws {
        let trip = try plannedTrip("universytet", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 8, 0))
        let o = offsets(trip)
        #expect(o.map(\.1) == [0, 87, 202, 398, 508])
        #expect(o.map(\.2) == [0, 112, 227, 398, 508])
    }

    @Test func workedExample4RideStartsWithTheWalk() throws {
        let trip = try plannedTrip("khreshchatyk", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 12, 0))
        #expect(offsets(trip).map(\.1) == [0, 195, 305])
        #expect(offsets(trip).map(\.2) == [0, 195, 305])
    }

    @Test func workedExample5() throws {
        let trip = try plannedTrip("heroiv-dnipra", "hidropark", at: kyivUnix(2026, 8, 17, 22, 0))
        let o = Dictionary(uniqueKeysWithValues: offsets(trip).map { ($0.0.rawValue, ($0.1, $0.2)) })
        #expect(o["maidan-nezalezhnosti"]! == (950, 975))
        #expect(o["khreshchatyk"]! == (1209, 1209))
        #expect(o["arsenalna"]! == (1342, 1367))
        #expect(o["dnipro"]! == (1454, 1479))
        #expect(o["hidropark"]! == (1622, 1622))
    }

    @Test func transferWaitIsAQuarterHeadwayAtThePlatformInTheBoardedDirection() throws {
        for hour in [6, 8, 13, 17, 21, 23] {
            let t0 = kyivUnix(2026, 8, 17, hour, 7)
            let trip = try plannedTrip("vokzalna", "lukianivska", at: t0)
            let k = try #require(trip.transferIndex)
            let platform = trip.events[k - 1].departure + 150
            let headway = try #require(kyiv.headway(line: "m3", direction: .backward,
                                                    atUnixSeconds: trip.wall.unixSeconds(at: platform)))
            #expect(trip.events[k].arrival == platform + headway / 4, "at \(hour):07")
        }
        // No wait when the boarding station is the destination.
        let walk = try plannedTrip("teatralna", "zoloti-vorota", at: kyivUnix(2026, 8, 17, 8, 0))
        #expect(offsets(walk).map(\.1) == [0, 150])
    }

    @Test func dwellPlacement() throws {
        let trip = try plannedTrip("universytet", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 8, 0))
        for (i, e) in trip.events.enumerated() {
            let dwells = e.departure > e.arrival
            let expected = i > 0 && i < trip.events.count - 1 && e.isStop && !e.isTransfer
            #expect(dwells == expected, "event \(i) \(e.station)")
        }
        #expect(trip.events[0].arrival == trip.t0 && trip.events[0].departure == trip.t0)
    }

    @Test func timingChainResolvesRunningAndDwellIndependently() {
        let forward = SegmentKey(from: "akademmistechko", to: "zhytomyrska")
        let seeded = kyiv.timing(forward, calibration: .empty)
        #expect(seeded == SegmentTiming(running: 120, dwell: 25, runningSource: .seed, dwellSource: .seed))
        // Backward is not stored: the mirrored seed is taken whole.
        let mirrored = kyiv.timing(forward.mirrored, calibration: .empty)
        #expect(mirrored == SegmentTiming(running: 120, dwell: 25, runningSource: .mirroredSeed, dwellSource: .mirroredSeed))
        // Not a segment at all: the defaults.
        let unknown = kyiv.timing(SegmentKey(from: "lisova", to: "teremky"), calibration: .empty)
        #expect(unknown == SegmentTiming(running: 115, dwell: 25, runningSource: .fallback, dwellSource: .fallback))

        var calibration = CalibrationStore()
        calibration.setForTesting(forward, running: 101.5, dwell: nil)
        let measuredRunning = kyiv.timing(forward, calibration: calibration)
        #expect(measuredRunning == SegmentTiming(running: 102, dwell: 25, runningSource: .calibration, dwellSource: .seed))
        // Calibration is never mirrored.
        #expect(kyiv.timing(forward.mirrored, calibration: calibration).runningSource == .mirroredSeed)
        calibration.setForTesting(forward, running: nil, dwell: 30.5)
        #expect(kyiv.timing(forward, calibration: calibration)
            == SegmentTiming(running: 120, dwell: 31, runningSource: .seed, dwellSource: .calibration))
        calibration.setForTesting(forward.mirrored, running: 99.4, dwell: 20.5)
        #expect(kyiv.timing(forward.mirrored, calibration: calibration)
            == SegmentTiming(running: 99, dwell: 21, runningSource: .calibration, dwellSource: .calibration))
    }

    @Test func aSeedRecordIsTakenWholeAndItsOwnDirectionComesFirst() throws {
        // The real file stores forward segments only, all with a 25 s dwell (the default too), so a network is
        // made where each link of the chain gives a different answer.
        var object = try networkObject()
        var segments = object["segments"] as! [[String: Any]]
        for i in segments.indices {
            switch (segments[i]["from"] as! String, segments[i]["to"] as! String) {
            case ("akademmistechko", "zhytomyrska"): segments[i]["dwell_s"] = 33
            case ("zhytomyrska", "sviatoshyn"): (segments[i]["running_s"], segments[i]["dwell_s"]) = (140, 37)
            default: break
            }
        }
        segments.append(["from": "zhytomyrska", "to": "akademmistechko", "running_s": 200, "dwell_s": 40,
                         "suspended": false])
        object["segments"] = segments
        let network = try Network.load(json: encode(object))

        // Priority 2 before 3: both directions stored, each reads its own record.
        let forward = SegmentKey(from: "akademmistechko", to: "zhytomyrska")
        #expect(network.timing(forward, calibration: .empty)
            == SegmentTiming(running: 120, dwell: 33, runningSource: .seed, dwellSource: .seed))
        #expect(network.timing(forward.mirrored, calibration: .empty)
            == SegmentTiming(running: 200, dwell: 40, runningSource: .seed, dwellSource: .seed))
        // Priority 3: the mirrored record gives its dwell along with its running time (not the 25 s default).
        let back = SegmentKey(from: "sviatoshyn", to: "zhytomyrska")
        #expect(network.timing(back, calibration: .empty)
            == SegmentTiming(running: 140, dwell: 37, runningSource: .mirroredSeed, dwellSource: .mirroredSeed))
        // Measuring the running time leaves the dwell where the chain put it.
        var calibration = CalibrationStore()
        calibration.setForTesting(back, running: 150, dwell: nil)
        #expect(network.timing(back, calibration: calibration)
            == SegmentTiming(running: 150, dwell: 37, runningSource: .calibration, dwellSource: .mirroredSeed))
        // And the schedule uses it: sviatoshyn → zhytomyrska → akademmistechko dwells 37 s at zhytomyrska.
        let trip = try network.startTrip(from: "sviatoshyn", to: "akademmistechko", t0: Instant(seconds: 0),
                                         wall: .unixTimeline, calibration: .empty)
        #expect(offsets(trip).map(\.1) == [0, 140, 140 + 37 + 200])
    }

    @Test func calibrationChangesTheSchedule() throws {
        var calibration = CalibrationStore()
        calibration.setForTesting(SegmentKey(from: "akademmistechko", to: "zhytomyrska"), running: 100, dwell: 40)
        let trip = try plannedTrip("akademmistechko", "sviatoshyn", at: kyivUnix(2026, 8, 17, 12, 0),
                                   calibration: calibration)
        #expect(offsets(trip).map(\.1) == [0, 100, 280])
        #expect(offsets(trip).map(\.2) == [0, 140, 280])
    }
}
