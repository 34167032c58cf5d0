import MetroModel
import Testing

/// "Yours is next" confirmed by a stop (model §5.5 item 5): akademmistechko → beresteiska on Monday 11:00, events
/// 0 akademmistechko, 1 zhytomyrska, 2 sviatoshyn, 3 nyvky (the stop before the destination), 4 beresteiska. The
/// detector's events are written out from the trip's own schedule, each run `scale` times its booked length.
@Suite("Yours is next confirmed at the stop before the destination (model §5.5)")
struct NextStopConfirmationTests {
    let wall = WallClockMapping(unixNanosecondsAtZero: kyivUnix(2026, 8, 17, 11, 0) * 1_000_000_000)

    func trip(_ from: StationID = "akademmistechko", _ to: StationID = "beresteiska") throws -> Trip {
        try kyiv.startTrip(from: from, to: to, t0: Instant(seconds: 3600), wall: wall, calibration: .empty)
    }

    static func later(_ at: Instant, _ seconds: Double) -> Instant {
        Instant(nanoseconds: at.nanoseconds + Int64((seconds * 1e9).rounded()))
    }

    /// The events of a ride from the start to the stand at event `upTo`: each run `scale` times as booked, each
    /// dwell as booked. Returns them with the instant of that last stand.
    static func felt(_ trip: Trip, upTo: Int, scale: Double = 1.1) -> (events: [MotionEvent], stood: Instant) {
        let e = trip.events
        var at = trip.t0
        var events: [MotionEvent] = [.departure(at: at, pulledAway: true)]
        for i in 1...upTo {
            let run = Double(e[i].arrival - e[i - 1].departure) / 1e9 * scale
            at = later(at, run)
            events.append(.stop(at: at, braked: true))
            guard i < upTo else { break }
            at = later(at, Double(e[i].departure - e[i].arrival) / 1e9)
            events.append(.departure(at: at, pulledAway: true))
        }
        return (events, at)
    }

    func decide(_ trip: Trip, _ events: [MotionEvent], now: Instant, watchedSince: Instant? = nil,
                arrivalFired: Bool = false, nextStopFired: Instant? = nil) -> NextStopConfirmation
    {
        trip.nextStopConfirmation(events: events, watchedSince: watchedSince ?? trip.t0, arrivalFired: arrivalFired,
                                  nextStopFired: nextStopFired, now: now)
    }

    @Test func theStandAtTheStationBeforeTheDestinationConfirms() throws {
        let trip = try trip()
        let (events, stood) = Self.felt(trip, upTo: 3)
        #expect(decide(trip, events, now: stood + 3) == .confirm(at: stood))
    }

    @Test func aStandTwoStationsBeforeOrAtTheDestinationConfirmsNothing() throws {
        let trip = try trip()
        let (twoBefore, atTwo) = Self.felt(trip, upTo: 2)
        #expect(decide(trip, twoBefore, now: atTwo + 3) == .no(.elsewhere))
        // A fast train at the destination more than 30 s before the model's arrival: the decoder places it there.
        let (destination, atDestination) = Self.felt(trip, upTo: 4, scale: 0.85)
        let early = Double(trip.arrival - atDestination) / 1e9
        #expect(early > 35)
        #expect(decide(trip, destination, now: atDestination + 3) == .no(.elsewhere))
    }

    @Test func everyGuardRefuses() throws {
        let trip = try trip()
        let (events, stood) = Self.felt(trip, upTo: 3)
        // A stand felt more than 15 s ago is not the one the train is at now.
        #expect(decide(trip, events, now: stood + 20) == .no(.noFreshStop))
        // The detector began after the anchor (a restart): the runs it saw do not start at the anchor.
        #expect(decide(trip, events, now: stood + 3, watchedSince: trip.t0 + 60) == .no(.notWatchedSinceAnchor))
        // A walk since the anchor: the runs are not one train's.
        var walked = events
        walked.insert(.walk(from: trip.t0 + 130, until: trip.t0 + 140), at: 2)
        #expect(decide(trip, walked, now: stood + 3) == .no(.brokenSinceAnchor))
        #expect(decide(trip, events, now: stood + 3, arrivalFired: true) == .no(.arrivalNear))
        // "Yours is next" sounded as the train came in.
        #expect(decide(trip, events, now: stood + 3, nextStopFired: stood - 5) == .no(.alreadyGiven))
        // Sounded long before: the confirmation is wanted.
        #expect(decide(trip, events, now: stood + 3, nextStopFired: stood - 60) == .confirm(at: stood))
    }

    @Test func aRouteOfOneSegmentOrWithAChangeAheadConfirmsNothing() throws {
        let short = try trip("akademmistechko", "zhytomyrska")
        let (one, atOne) = Self.felt(short, upTo: 1, scale: 0.5)
        #expect(decide(short, one, now: atOne + 3) == .no(.routeTooShort))
        let change = try trip("universytet", "tarasa-shevchenka")
        let (first, atFirst) = Self.felt(change, upTo: 1)
        #expect(decide(change, first, now: atFirst + 3) == .no(.routeTooShort))
    }

    /// akademmistechko → shuliavska (5), the stop before it beresteiska (4): the last run's length swept from a
    /// third to three times the booked run into beresteiska. It confirms only on runs nearer that run than the run
    /// through beresteiska to shuliavska (a stop missed: the train would be at the destination), never on a run
    /// much shorter (a signal), and between the two the decoder's margin refuses.
    @Test func onlyARunThatIsBestTheStationBeforeConfirms() throws {
        let trip = try trip("akademmistechko", "shuliavska")
        let (events, atNyvky) = Self.felt(trip, upTo: 3)
        let e = trip.events
        let booked = Double(e[4].arrival - e[3].departure) / 1e9
        let through = booked + Double(e[4].departure - e[4].arrival) / 1e9 + Double(e[5].arrival - e[4].departure) / 1e9
        let out = Self.later(atNyvky, Double(e[3].departure - e[3].arrival) / 1e9)
        var outcomes: [(seconds: Double, NextStopConfirmation)] = []
        var seconds = booked / 3
        while seconds <= 3 * booked {
            let stand = Self.later(out, seconds)
            let felt = events + [.departure(at: out, pulledAway: true), .stop(at: stand, braked: true)]
            outcomes.append((seconds, decide(trip, felt, now: stand + 3)))
            seconds += 1
        }
        let confirmed = outcomes.filter { if case .confirm = $0.1 { return true } else { return false } }.map(\.seconds)
        let atBooked = confirmed.contains { abs($0 - booked) < 1 }
        #expect(atBooked)
        let nearerTheStationBefore = confirmed.allSatisfy { $0 > booked / 2 && $0 - booked < through - $0 }
        #expect(nearerTheStationBefore, "confirmed \(confirmed), booked \(booked) s, through \(through) s")
        #expect(outcomes.contains { $0.1 == .no(.ambiguous) })
        #expect(outcomes.contains { $0.1 == .no(.elsewhere) })
    }

    /// A +1 at t0+300 anchors the ride at zhytomyrska, its dwell ahead (model §13 example 1): the stands felt
    /// before that anchor are not runs of the ride from it, and the stand at nyvky after it confirms.
    @Test func aPressStartsTheCountAfresh() throws {
        let trip = try kyiv.step(trip(), delta: 1, now: Instant(seconds: 3600 + 300), calibration: .empty)
        #expect(trip.current == 1)
        let anchoredAt = trip.events[1].departure
        // What the detector felt before the press: a train that stood twice.
        var events: [MotionEvent] = [.departure(at: trip.t0, pulledAway: true), .stop(at: trip.t0 + 120, braked: true),
                                     .departure(at: trip.t0 + 145, pulledAway: true), .stop(at: trip.t0 + 250, braked: true)]
        // From the anchor: the ride as the replanned schedule has it, 10 % slower.
        var at = anchoredAt
        events.append(.departure(at: at, pulledAway: true))
        for i in 2...3 {
            at = Self.later(at, Double(trip.events[i].arrival - trip.events[i - 1].departure) / 1e9 * 1.1)
            events.append(.stop(at: at, braked: true))
            if i < 3 {
                at = Self.later(at, Double(trip.events[i].departure - trip.events[i].arrival) / 1e9)
                events.append(.departure(at: at, pulledAway: true))
            }
        }
        #expect(decide(trip, events, now: at + 3) == .confirm(at: at))
    }
}
