import Testing
@testable import MetroModel

@Suite("Placing a GPS fix along the track (model §5.4)")
struct FixPlacementTests {
    /// A trip on a boot-time-like timeline: timeline zero is an arbitrary Unix time.
    let wall = WallClockMapping(unixNanosecondsAtZero: kyivUnix(2026, 8, 17, 11, 0) * 1_000_000_000)
    var trip: Trip {
        try! kyiv.startTrip(from: "khreshchatyk", to: "lisova", t0: Instant(seconds: 3600), wall: wall,
                            calibration: .empty)
    }

    /// A fix `share` of the way from station `a` to station `b` (0 = at `a`), `northMeters` off.
    func fix(from a: StationID, to b: StationID? = nil, share: Double = 0, northMeters: Double = 0,
             error: Double? = 10, mode: Int = 3, speed: Double? = 15, age: Int64 = 1,
             receivedAfterT0 seconds: Int) -> (FixInput, Int64)
    {
        let s = kyiv.station(a)!, e = kyiv.station(b ?? a)!
        let received = trip.t0 + seconds
        let wallNow = wall.unixNanoseconds(at: received)
        let input = FixInput(latitude: s.latitude + (e.latitude - s.latitude) * share + northMeters / 111_195,
                             longitude: s.longitude + (e.longitude - s.longitude) * share,
                             horizontalErrorMeters: error, mode: mode, speedMetersPerSecond: speed,
                             receiverUnixNanoseconds: wallNow - age * 1_000_000_000, receivedAt: received)
        return (input, wallNow)
    }

    func decide(_ pair: (FixInput, Int64), last: Instant? = nil, seen: PassiveCalibration = PassiveCalibration(),
                trip: Trip? = nil) -> FixDecision
    {
        kyiv.decideFix(trip: trip ?? self.trip, fix: pair.0, seen: seen, calibration: .empty,
                       wallNowUnixNanoseconds: pair.1, lastAppliedGPSCorrection: last)
    }

    func index(_ id: StationID) -> Int { trip.events.firstIndex { $0.station == id }! }

    func length(_ a: StationID, _ b: StationID) -> Double {
        let s = kyiv.station(a)!, e = kyiv.station(b)!
        return projectOnSegment(latitude: e.latitude, longitude: e.longitude, from: (s.latitude, s.longitude),
                                to: (e.latitude, e.longitude)).length
    }

    @Test func everyRejectionReason() {
        #expect(decide(fix(from: "hidropark", mode: 1, receivedAfterT0: 200)) == .rejected(.noFix))
        #expect(decide(fix(from: "hidropark", mode: 0, receivedAfterT0: 200)) == .rejected(.noFix))
        #expect(decide(fix(from: "hidropark", error: nil, receivedAfterT0: 200)) == .rejected(.accuracyUnknown))
        #expect(decide(fix(from: "hidropark", error: 0, receivedAfterT0: 200)) == .rejected(.accuracyUnknown))
        #expect(decide(fix(from: "hidropark", error: .nan, receivedAfterT0: 200)) == .rejected(.accuracyUnknown))
        #expect(decide(fix(from: "hidropark", error: 100.5, receivedAfterT0: 200)) == .rejected(.inaccurate))
        if case .accepted = decide(fix(from: "hidropark", error: 100, receivedAfterT0: 200)) {} else { Issue.record("100 m is accepted") }
        #expect(decide(fix(from: "hidropark", age: 11, receivedAfterT0: 200)) == .rejected(.stale))
        if case .accepted = decide(fix(from: "hidropark", age: 10, receivedAfterT0: 200)) {} else { Issue.record("10 s old is accepted") }
        #expect(decide(fix(from: "hidropark", age: -3, receivedAfterT0: 200)) == .rejected(.future))
        if case .accepted = decide(fix(from: "hidropark", age: -2, receivedAfterT0: 200)) {} else { Issue.record("2 s skew is tolerated") }
        #expect(decide(fix(from: "hidropark", age: 5, receivedAfterT0: 3)) == .rejected(.beforeStart))
        var noTime = fix(from: "hidropark", receivedAfterT0: 200)
        noTime.0.receiverUnixNanoseconds = nil
        #expect(decide(noTime) == .rejected(.noTime))
        // Underground, away from any open-sky station: nothing, even right on the route's line.
        #expect(decide(fix(from: "khreshchatyk", to: "arsenalna", share: 0.5, receivedAfterT0: 60)) == .rejected(.offRoute))
        #expect(decide(fix(from: "khreshchatyk", receivedAfterT0: 60)) == .rejected(.offRoute))
        // A surface station not on this route does not count.
        #expect(decide(fix(from: "vydubychi", receivedAfterT0: 60)) == .rejected(.offRoute))
        #expect(Set(FixRejection.allCases.map(\.rawValue)) == ["no_fix", "accuracy_unknown", "inaccurate", "stale",
                                                               "future", "before_start", "no_time", "off_route",
                                                               "on_foot"])
    }

    @Test func theReachIs400MetresFromTheLine() {
        let near = decide(fix(from: "hidropark", northMeters: 200, receivedAfterT0: 200))
        guard case .accepted(_, let off, _, _) = near, off < 201 else {
            Issue.record("200 m north of hidropark is in reach: \(near)"); return
        }
        #expect(decide(fix(from: "hidropark", northMeters: 1500, receivedAfterT0: 200)) == .rejected(.offRoute))
    }

    @Test func aRunningTrainIsPlacedAlongItsSegmentAndTheArrivalFollowsTheProfile() throws {
        // 70 % of the way from hidropark to livoberezhna, moving.
        let (input, wallNow) = fix(from: "hidropark", to: "livoberezhna", share: 0.7, receivedAfterT0: 400)
        let decision = kyiv.decideFix(trip: trip, fix: input, seen: PassiveCalibration(), calibration: .empty,
                                      wallNowUnixNanoseconds: wallNow, lastAppliedGPSCorrection: nil)
        guard case .accepted(.running(let toward, let along, let length, let running, let arrival), _, let seenAt, _)
            = decision
        else { Issue.record("placed running: \(decision)"); return }
        #expect(toward == index("livoberezhna"))
        #expect(abs(along / length - 0.7) < 0.01)
        #expect(seenAt == trip.t0 + 399, "the fix's own time, a second before it arrived")
        let model = kyiv.travelAndDwell(from: trip.route[toward - 1], to: trip.route[toward], calibration: .empty).travel
        #expect(running == Double(model))
        let left = SegmentMotion(lengthMeters: length, runningSeconds: running).secondsLeft(from: along)
        #expect(arrival == seenAt + Int(left.rounded()))
        #expect(left > running * 0.3, "the braking end takes more than its share of the distance")
    }

    @Test func atATimeScaleTheFixsAgeSpansThatManyModelSeconds() {
        // A daemon at time_scale 8: the receiver's clock and the age run at the wall's pace, the timeline 8× faster.
        var (input, wallNow) = fix(from: "hidropark", to: "livoberezhna", share: 0.7, age: 2, receivedAfterT0: 400)
        input.timeScale = 8
        guard case .accepted(_, _, let seenAt, _) = decide((input, wallNow)) else {
            Issue.record("placed: \(decide((input, wallNow)))"); return
        }
        #expect(seenAt == trip.t0 + 384, "2 s of wall clock before receipt are 16 s of the scaled timeline")
        // The age is still judged on the wall clock: 10 s is the limit whatever the scale.
        var (old, oldNow) = fix(from: "hidropark", to: "livoberezhna", share: 0.7, age: 11, receivedAfterT0: 400)
        old.timeScale = 8
        #expect(decide((old, oldNow)) == .rejected(.stale))
        // A scaled age reaching back before the start is before the start, not a wrapped instant.
        var (early, earlyNow) = fix(from: "hidropark", to: "livoberezhna", share: 0.7, age: 9, receivedAfterT0: 40)
        early.timeScale = 8
        #expect(decide((early, earlyNow)) == .rejected(.beforeStart))
    }

    @Test func aSlowFixAtAPlatformIsAStandingTrainAndNoSpeedMeansRunning() {
        guard case .accepted(.standing(let at, let arrival, let departure), _, let seenAt, _)
            = decide(fix(from: "hidropark", speed: 0.3, receivedAfterT0: 400))
        else { Issue.record("standing"); return }
        #expect(at == index("hidropark") && arrival == seenAt)
        let dwell = kyiv.travelAndDwell(from: trip.route[at - 1], to: trip.route[at], calibration: .empty).dwell
        #expect(departure == arrival + dwell)
        // Seen standing since earlier: leaves a dwell after that; stood longer than the dwell: leaves now.
        var seen = PassiveCalibration()
        let stops = trip.route.map { PassiveCalibration.Stop(station: $0.station, isTransfer: $0.isTransfer, dwellSeconds: 25) }
        _ = seen.noteStanding(at: at, seenAt: seenAt - 10, route: stops)
        guard case .accepted(.standing(_, let earlier, let leaves), _, _, _)
            = decide(fix(from: "hidropark", speed: 0.3, receivedAfterT0: 400), seen: seen)
        else { Issue.record("standing"); return }
        #expect(earlier == seenAt - 10 && leaves == earlier + dwell)
        guard case .accepted(.standing(_, _, let held), _, _, _)
            = decide(fix(from: "hidropark", speed: 0.3, receivedAfterT0: 400 + 60), seen: seen)
        else { Issue.record("standing"); return }
        #expect(held == seenAt + 60, "held: it leaves now at the earliest")
        // No speed from the receiver: read as running (early rather than late).
        guard case .accepted(.running, _, _, _) = decide(fix(from: "hidropark", speed: nil, receivedAfterT0: 400)) else {
            Issue.record("running without a speed"); return
        }
    }

    @Test func correctOnlyWhenThePlacementDisagreesAndNotWithin30Seconds() {
        // At t0+200 the model is near arsenalna/dnipro; a train half way to livoberezhna is far ahead.
        let ahead = fix(from: "hidropark", to: "livoberezhna", share: 0.5, receivedAfterT0: 200)
        guard case .accepted(let placement, _, _, let correct) = decide(ahead) else { Issue.record("accepted"); return }
        #expect(placement.eventIndex == index("livoberezhna") && correct)
        guard case .accepted(_, _, _, let limited) = decide(ahead, last: trip.t0 + 171) else { Issue.record("accepted"); return }
        #expect(!limited, "29 s after an applied correction")
        guard case .accepted(_, _, _, let free) = decide(ahead, last: trip.t0 + 170) else { Issue.record("accepted"); return }
        #expect(free, "30 s after an applied correction")
        // Where the model has the train: accepted (calibration still wants it) but not a correction.
        let k = index("livoberezhna")
        let running = Double(kyiv.travelAndDwell(from: trip.route[k - 1], to: trip.route[k], calibration: .empty).travel)
        let l = length("hidropark", "livoberezhna")
        let motion = SegmentMotion(lengthMeters: l, runningSeconds: running)
        // Half way is half the running time before the model's arrival; the fix is taken a second before receipt.
        let received = trip.events[k].arrival - Int((running / 2).rounded()) + 1
        let agreeing = fix(from: "hidropark", to: "livoberezhna", share: 0.5,
                           receivedAfterT0: Int(received.seconds(since: trip.t0)))
        guard case .accepted(let here, _, _, let c) = decide(agreeing) else { Issue.record("accepted"); return }
        #expect(here.eventIndex == k && !c, "\(here), half way \(motion.secondsLeft(from: l / 2)) s")
    }

    @Test func applyingMovesTheModelEvenBackwardsAndKeepsOnlyTheRestUnknown() throws {
        let later = trip.t0 + 900  // the model is past hidropark by then
        let k = index("livoberezhna")
        #expect(trip.currentIndex(at: later) > k)
        let (input, wallNow) = fix(from: "hidropark", to: "livoberezhna", share: 0.6, receivedAfterT0: 900)
        guard case .accepted(let placement, _, let seenAt, true)
            = kyiv.decideFix(trip: trip, fix: input, seen: PassiveCalibration(), calibration: .empty,
                             wallNowUnixNanoseconds: wallNow, lastAppliedGPSCorrection: nil),
            case .running(_, _, _, _, let arrival) = placement
        else { Issue.record("a backwards placement is a correction"); return }
        let moved = kyiv.applyPlacement(trip: trip, placement, seenAt: seenAt, calibration: .empty)
        #expect(moved.current == k - 1 && moved.currentIndex(at: seenAt) == k - 1)
        #expect(moved.events[k].arrival == arrival && moved.events[k - 1].departure == seenAt)
        #expect(moved.gpsCorrections == 1 && moved.manualCorrections == 0)
        #expect(moved.arrival > trip.arrival)
        #expect(moved.events.count == trip.events.count && moved.t0 == trip.t0)
        // Only what is left of the running time is unknown: the bound at livoberezhna is its spread, not the
        // whole segment's.
        let left = Double(arrival - seenAt) / 1e9
        let slack = moved.events[k].arrival - moved.earliestPlausible(at: k)
        let expected = Int((Double(ArrivalUncertainty.anchorSeconds) + (ArrivalUncertainty.runningShare * left
            + ArrivalUncertainty.runningFloorSeconds) * (1 + ArrivalUncertainty.correlatedShare)).rounded(.up))
        #expect(slack == Int64(expected) * 1_000_000_000)
        #expect(kyiv.applyPlacement(trip: trip, .running(toward: 99, alongMeters: 0, lengthMeters: 1,
                                                         modelRunningSeconds: 1, arrival: later),
                                    seenAt: later, calibration: .empty) == trip)
    }

    @Test func aStandingPlacementAnchorsTheDwellAndTheDestinationEndsTheRide() {
        let j = index("darnytsia")
        let arrival = trip.t0 + 700, leaves = trip.t0 + 725
        let moved = kyiv.applyPlacement(trip: trip, .standing(at: j, arrival: arrival, departure: leaves),
                                        seenAt: arrival + 3, calibration: .empty)
        #expect(moved.events[j].arrival == arrival && moved.events[j].departure == leaves && moved.current == j - 1)
        let running = kyiv.travelAndDwell(from: trip.route[j], to: trip.route[j + 1], calibration: .empty).travel
        #expect(moved.events[j + 1].arrival == leaves + running)
        let last = trip.events.count - 1
        let ended = kyiv.applyPlacement(trip: trip, .standing(at: last, arrival: arrival, departure: arrival),
                                        seenAt: arrival, calibration: .empty)
        #expect(ended.arrival == arrival && ended.events[last].departure == arrival)
        // Still standing at the departure station: it leaves at the placement's departure.
        let start = kyiv.applyPlacement(trip: trip, .standing(at: 0, arrival: trip.t0, departure: trip.t0 + 40),
                                        seenAt: trip.t0 + 40, calibration: .empty)
        #expect(start.events[0].departure == trip.t0 + 40 && start.arrival == trip.arrival + 40)
    }
}
