import Testing
@testable import MetroModel

@Suite("Alerts and firing rules (model §4)")
struct AlertTests {
    func summary(_ trip: Trip) -> [String] {
        trip.alerts().map { "\($0.kind.rawValue)@\(offset($0.instant, trip)):\($0.station)" }
    }

    @Test func workedExamples() throws {
        let one = try plannedTrip("akademmistechko", "khreshchatyk", at: kyivUnix(2026, 8, 17, 12, 0))
        #expect(summary(one) == ["next_stop@1207:khreshchatyk", "arrival@1334:khreshchatyk"])
        let two = try plannedTrip("universytet", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 8, 0))
        // "Yours is next" no longer waits for the modelled departure at Maidan (398): the m2 train may come the
        // moment the rider reaches the platform, so it comes 20 s before the earliest plausible arrival (the booked
        // 51 s wait may be none, the 120 s walk 40 % shorter, each running time 15 % + 5 s shorter, the press 5 s
        // late).
        // The change is not confirmed: one "train departed" reminder 15 s after the m2 train's earliest plausible
        // departure (398 − 138: the wait none, the walk 40 % shorter, two segments' spread, the press).
        #expect(summary(two) == ["transfer@87:khreshchatyk", "train_departed_reminder@275:maidan-nezalezhnosti",
                                 "next_stop@341:poshtova-ploshcha", "arrival@508:poshtova-ploshcha"])
        #expect(offset(two.earliestPlausible(at: 3), two) == 260)
        #expect(offset(two.earliestPlausibleArrival, two) == 361)
        let three = try plannedTrip("universytet", "palats-sportu", at: kyivUnix(2026, 8, 17, 8, 0))
        #expect(summary(three).first == "transfer@0:teatralna")
        let four = try plannedTrip("khreshchatyk", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 12, 0))
        #expect(summary(four) == ["transfer@0:khreshchatyk", "train_departed_reminder@82:maidan-nezalezhnosti",
                                  "next_stop@133:poshtova-ploshcha", "arrival@305:poshtova-ploshcha"])
        let five = try plannedTrip("heroiv-dnipra", "hidropark", at: kyivUnix(2026, 8, 17, 22, 0))
        #expect(summary(five) == ["transfer@815:maidan-nezalezhnosti", "train_departed_reminder@973:khreshchatyk",
                                  "next_stop@1330:hidropark", "arrival@1622:hidropark"])
    }

    @Test func noTransferAlertWhenTheBoardingStationIsTheDestination() throws {
        let trip = try plannedTrip("universytet", "maidan-nezalezhnosti", at: kyivUnix(2026, 8, 17, 8, 0))
        #expect(trip.transferIndex == nil)
        #expect(trip.alerts().map(\.kind) == [.nextStop, .arrival])
    }

    @Test func nextStopIsT0WhenThereIsNoStopBefore() throws {
        let trip = try plannedTrip("akademmistechko", "zhytomyrska", at: kyivUnix(2026, 8, 17, 12, 0))
        #expect(summary(trip) == ["next_stop@0:zhytomyrska", "arrival@120:zhytomyrska"])
    }

    let kinds: [AlertKind] = [.transfer, .nextStop, .arrival]
    func plans(_ transfer: Int, _ next: Int, _ arrival: Int) -> [AlertPlan] {
        [AlertPlan(kind: .transfer, instant: Instant(seconds: Int64(transfer)), station: "khreshchatyk"),
         AlertPlan(kind: .nextStop, instant: Instant(seconds: Int64(next)), station: "poshtova-ploshcha"),
         AlertPlan(kind: .arrival, instant: Instant(seconds: Int64(arrival)), station: "poshtova-ploshcha")]
    }

    @Test func futureAlertsAreArmed() {
        let d = AlertFiring.evaluate(plans: plans(100, 300, 400), fired: [:], previousPlans: nil, now: Instant(seconds: 50))
        #expect(d.fireNow.isEmpty && d.unfire.isEmpty && d.suppressed.isEmpty)
        #expect(d.arm == [.transfer: Instant(seconds: 100), .nextStop: Instant(seconds: 300), .arrival: Instant(seconds: 400)])
    }

    @Test func transferAlertAtT0FiresAtOnce() throws {
        let trip = try plannedTrip("universytet", "palats-sportu", at: kyivUnix(2026, 8, 17, 8, 0))
        let d = AlertFiring.evaluate(plans: trip.alerts(), fired: [:], previousPlans: nil, now: trip.t0)
        #expect(d.fireNow == [.transfer])
        #expect(d.arm.keys.sorted() == [.trainDepartedReminder, .nextStop, .arrival])
    }

    @Test func dueAlertsFireInTripOrderOnce() {
        let d = AlertFiring.evaluate(plans: plans(100, 300, 400), fired: [:], previousPlans: nil, now: Instant(seconds: 500))
        // next_stop is swallowed: the arrival is already here.
        #expect(d.fireNow == [.transfer, .arrival])
        #expect(d.suppressed == [.nextStop])
        let again = AlertFiring.evaluate(plans: plans(100, 300, 400),
                                         fired: [.transfer: Instant(seconds: 500), .arrival: Instant(seconds: 500), .nextStop: Instant(seconds: 500)],
                                         previousPlans: nil, now: Instant(seconds: 520))
        #expect(again == AlertFiring.Decision())
        // Missed while down, but far enough from the arrival: all three fire in order.
        let restart = AlertFiring.evaluate(plans: plans(100, 200, 400), fired: [:], previousPlans: nil, now: Instant(seconds: 300))
        #expect(restart.fireNow == [.transfer, .nextStop])
        #expect(restart.arm == [.arrival: Instant(seconds: 400)])
    }

    @Test func nextStopSuppressionBoundaryIs30Seconds() {
        let at30 = AlertFiring.evaluate(plans: plans(0, 300, 400), fired: [.transfer: Instant(seconds: 0)],
                                        previousPlans: nil, now: Instant(seconds: 370))
        #expect(at30.suppressed == [.nextStop] && at30.fireNow.isEmpty)
        let at31 = AlertFiring.evaluate(plans: plans(0, 300, 400), fired: [.transfer: Instant(seconds: 0)],
                                        previousPlans: nil, now: Instant(seconds: 369))
        #expect(at31.fireNow == [.nextStop] && at31.suppressed.isEmpty)
        // Exactly at its instant it fires (now counts as due).
        let exact = AlertFiring.evaluate(plans: plans(0, 300, 400), fired: [.transfer: Instant(seconds: 0)],
                                         previousPlans: nil, now: Instant(seconds: 300))
        #expect(exact.fireNow == [.nextStop])
    }

    @Test func correctionMovingAFiredAlertIntoTheFutureReArmsIt() throws {
        let trip = try plannedTrip("akademmistechko", "khreshchatyk", at: kyivUnix(2026, 8, 17, 12, 0))
        let now = trip.t0 + 1230  // next_stop (1219) has fired
        let fired: [AlertID: Instant] = [.nextStop: trip.t0 + 1219]
        let corrected = try kyiv.step(trip, delta: 1, now: now, calibration: .empty)
        let d = AlertFiring.evaluate(plans: corrected.alerts(), fired: fired, previousPlans: trip.alerts(), now: now)
        #expect(d.unfire == [.nextStop])
        #expect(d.arm[.nextStop] == corrected.alerts()[0].instant)
        #expect(d.arm[.nextStop]! > now)
        #expect(d.fireNow.isEmpty)
        // Without a correction (previous plans equal) a fired alert stays fired even if asked again.
        let same = AlertFiring.evaluate(plans: corrected.alerts(), fired: [.nextStop: now + 100],
                                        previousPlans: corrected.alerts(), now: now)
        #expect(same.unfire.isEmpty && same.arm[.nextStop] == nil)
        // A −1 moving a fired alert earlier never re-fires it.
        let change = try plannedTrip("universytet", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 8, 0))
        let at = change.t0 + 90
        let ahead = try kyiv.step(change, delta: -1, now: at, calibration: .empty)
        let d2 = AlertFiring.evaluate(plans: ahead.alerts(), fired: [.transfer: change.t0 + 87],
                                      previousPlans: change.alerts(), now: at)
        #expect(!d2.unfire.contains(.transfer) && !d2.fireNow.contains(.transfer) && d2.arm[.transfer] == nil)
    }

    @Test func suppressedNextStopComesBackAfterPlusOne() throws {
        let trip = try plannedTrip("akademmistechko", "khreshchatyk", at: kyivUnix(2026, 8, 17, 12, 0))
        // Restart at 1310: next_stop (1219) missed, arrival 24 s away → swallowed.
        let now = trip.t0 + 1310
        let d = AlertFiring.evaluate(plans: trip.alerts(), fired: [:], previousPlans: nil, now: now)
        #expect(d.suppressed == [.nextStop] && d.fireNow.isEmpty)
        // It is not marked fired; a +1 moves it back into the future and it is armed.
        let corrected = try kyiv.step(trip, delta: 1, now: now, calibration: .empty)
        let d1 = AlertFiring.evaluate(plans: corrected.alerts(), fired: [:], previousPlans: trip.alerts(), now: now)
        #expect(d1.arm[.nextStop] == corrected.alerts()[0].instant && d1.fireNow.isEmpty && d1.unfire.isEmpty)
        // Had it been recorded as fired, the correction would un-fire and re-arm it all the same.
        let d2 = AlertFiring.evaluate(plans: corrected.alerts(), fired: [.nextStop: now], previousPlans: trip.alerts(), now: now)
        #expect(d2.unfire == [.nextStop])
        #expect(d2.arm[.nextStop] != nil)
    }
}

/// An imported network's own spread (`ScheduledEvent.runningSpreadSeconds`, `dwellSpreadSeconds`): where it is
/// wider than the model's share it adds whole, in place of the share.
@Suite struct DataSpreadTests {
    /// a → b 200 s, 30 s at b, b → c 200 s.
    func trip(running: Int?, secondRunning: Int? = nil, dwell: Int?) -> Trip {
        let t0 = Instant(seconds: 0)
        func event(_ station: StationID, _ arrival: Int, _ departure: Int) -> ScheduledEvent {
            ScheduledEvent(station: station, line: "m1", isStop: true, isTransfer: false, arrival: t0 + arrival,
                           departure: t0 + departure)
        }
        var events = [event("a", 0, 0), event("b", 200, 230), event("c", 430, 430)]
        events[1].runningSpreadSeconds = running
        events[1].dwellSpreadSeconds = dwell
        events[2].runningSpreadSeconds = secondRunning ?? running
        return Trip(from: "a", to: "c", t0: t0, wall: .unixTimeline, route: events.map(\.routeEvent), events: events,
                    initialArrival: t0 + 430)
    }

    @Test func aSpreadWiderThanTheShareAddsWholeInItsPlace() {
        // The model's own: the press 5 s, each running time 15 % + 5 s = 35 s and the dwell 30 % = 9 s as a root
        // sum of squares (50.31 s) plus a tenth of their sum (7.9 s): 63.21 s, 64 s whole.
        #expect(trip(running: nil, dwell: nil).earliestPlausibleArrival == Instant(seconds: 430 - 64))
        // Spreads no wider than the shares change nothing.
        #expect(trip(running: 35, dwell: 9).earliestPlausibleArrival == Instant(seconds: 430 - 64))
        // One running time 80 s shorter: 5 + 80 whole, the rest √(35² + 9²) + 4.4 s: 125.54 s, 126 s.
        #expect(trip(running: 80, secondRunning: 0, dwell: nil).earliestPlausibleArrival == Instant(seconds: 430 - 126))
        // Everything the data's: 5 + 80 + 80 + 30, nothing left to the root sum.
        #expect(trip(running: 80, dwell: 30).earliestPlausibleArrival == Instant(seconds: 430 - 195))
    }
}
