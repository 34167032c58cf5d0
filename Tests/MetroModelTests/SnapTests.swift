import Testing
@testable import MetroModel

@Suite("GPS snap decision (model §5.4)")
struct SnapTests {
    /// A trip on a boot-time-like timeline: timeline zero is an arbitrary Unix time.
    let wall = WallClockMapping(unixNanosecondsAtZero: kyivUnix(2026, 8, 17, 11, 0) * 1_000_000_000)
    var trip: Trip {
        try! kyiv.startTrip(from: "khreshchatyk", to: "lisova", t0: Instant(seconds: 3600), wall: wall,
                            calibration: .empty)
    }

    func fix(at station: StationID, northMeters: Double = 0, error: Double? = 10, mode: Int = 3,
             age: Int64 = 1, receivedAfterT0 seconds: Int) -> (FixInput, Int64)
    {
        let s = kyiv.station(station)!
        let received = trip.t0 + seconds
        let wallNow = wall.unixNanoseconds(at: received)
        let input = FixInput(latitude: s.latitude + northMeters / 111_195, longitude: s.longitude,
                             horizontalErrorMeters: error, mode: mode,
                             receiverUnixNanoseconds: wallNow - age * 1_000_000_000, receivedAt: received)
        return (input, wallNow)
    }

    func decide(_ pair: (FixInput, Int64), last: Instant? = nil) -> SnapDecision {
        kyiv.snapDecision(trip: trip, fix: pair.0, wallNowUnixNanoseconds: pair.1, lastAppliedGPSCorrection: last)
    }

    func index(_ id: StationID) -> Int { trip.events.firstIndex { $0.station == id }! }

    @Test func everyRejectionReason() {
        #expect(decide(fix(at: "hidropark", mode: 1, receivedAfterT0: 200)) == .rejected(.noFix))
        #expect(decide(fix(at: "hidropark", mode: 0, receivedAfterT0: 200)) == .rejected(.noFix))
        #expect(decide(fix(at: "hidropark", error: nil, receivedAfterT0: 200)) == .rejected(.accuracyUnknown))
        #expect(decide(fix(at: "hidropark", error: 0, receivedAfterT0: 200)) == .rejected(.accuracyUnknown))
        #expect(decide(fix(at: "hidropark", error: .nan, receivedAfterT0: 200)) == .rejected(.accuracyUnknown))
        #expect(decide(fix(at: "hidropark", error: 100.5, receivedAfterT0: 200)) == .rejected(.inaccurate))
        if case .accepted = decide(fix(at: "hidropark", error: 100, receivedAfterT0: 200)) {} else { Issue.record("100 m is accepted") }
        #expect(decide(fix(at: "hidropark", age: 11, receivedAfterT0: 200)) == .rejected(.stale))
        if case .accepted = decide(fix(at: "hidropark", age: 10, receivedAfterT0: 200)) {} else { Issue.record("10 s old is accepted") }
        #expect(decide(fix(at: "hidropark", age: -3, receivedAfterT0: 200)) == .rejected(.future))
        if case .accepted = decide(fix(at: "hidropark", age: -2, receivedAfterT0: 200)) {} else { Issue.record("2 s skew is tolerated") }
        #expect(decide(fix(at: "hidropark", age: 5, receivedAfterT0: 3)) == .rejected(.beforeStart))
        var noTime = fix(at: "hidropark", receivedAfterT0: 200)
        noTime.0.receiverUnixNanoseconds = nil
        #expect(decide(noTime) == .rejected(.noTime))
        // Underground stations never snap, even right on top of them.
        #expect(decide(fix(at: "arsenalna", receivedAfterT0: 60)) == .rejected(.offRoute))
        // A surface station not on this route does not count.
        #expect(decide(fix(at: "vydubychi", receivedAfterT0: 60)) == .rejected(.offRoute))
        #expect(Set(FixRejection.allCases.map(\.rawValue)) == ["no_fix", "accuracy_unknown", "inaccurate", "stale",
                                                               "future", "before_start", "no_time", "off_route"])
    }

    @Test func snapRadiusIs400Metres() {
        guard case .accepted(let i, let d, _) = decide(fix(at: "hidropark", northMeters: 390, receivedAfterT0: 200)) else {
            Issue.record("390 m snaps")
            return
        }
        #expect(i == index("hidropark") && d > 380 && d < 400)
        #expect(decide(fix(at: "hidropark", northMeters: 410, receivedAfterT0: 200)) == .rejected(.offRoute))
    }

    @Test func correctOnlyWhenTheSnapDiffersAndNotWithin30Seconds() {
        // At t0+200 the model is near arsenalna/dnipro; a fix at livoberezhna is a correction.
        let ahead = fix(at: "livoberezhna", receivedAfterT0: 200)
        guard case .accepted(let i, _, let correct) = decide(ahead) else { Issue.record("accepted"); return }
        #expect(i == index("livoberezhna") && correct)
        // Rate limit on applied corrections.
        let recent = trip.t0 + 171
        guard case .accepted(_, _, let limited) = decide(ahead, last: recent) else { Issue.record("accepted"); return }
        #expect(!limited, "29 s after an applied correction")
        guard case .accepted(_, _, let free) = decide(ahead, last: trip.t0 + 170) else { Issue.record("accepted"); return }
        #expect(free, "30 s after an applied correction")
        // Where the model already is: accepted (calibration still wants it) but not a correction.
        let current = trip.currentIndex(at: trip.t0 + 200)
        let here = fix(at: trip.events[current].station, receivedAfterT0: 200)
        if kyiv.station(trip.events[current].station)!.isSurface {
            guard case .accepted(_, _, let c) = decide(here) else { Issue.record("accepted"); return }
            #expect(!c)
        }
    }

    @Test func applyingMovesTheModelEvenBackwards() {
        let later = trip.t0 + 900  // the model is past hidropark by then
        #expect(trip.currentIndex(at: later) > index("hidropark"))
        let (input, wallNow) = fix(at: "hidropark", receivedAfterT0: 900)
        guard case .accepted(let i, _, true) = kyiv.snapDecision(trip: trip, fix: input, wallNowUnixNanoseconds: wallNow,
                                                                 lastAppliedGPSCorrection: nil)
        else { Issue.record("a backwards snap is a correction"); return }
        let moved = kyiv.applySnap(trip: trip, eventIndex: i, now: later, calibration: .empty)
        #expect(moved.current == i && moved.currentIndex(at: later) == i)
        #expect(moved.gpsCorrections == 1 && moved.manualCorrections == 0)
        #expect(moved.arrival > trip.arrival)
        #expect(kyiv.applySnap(trip: trip, eventIndex: 99, now: later, calibration: .empty) == trip)
    }
}
