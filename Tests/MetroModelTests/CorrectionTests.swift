import Testing
@testable import MetroModel

@Suite("Corrections (model §5.1–§5.3)")
struct CorrectionTests {
    let t0 = kyivUnix(2026, 8, 17, 12, 0)

    @Test func workedExample1Corrections() throws {
        let trip = try plannedTrip("akademmistechko", "khreshchatyk", at: t0)
        // +1 at t0+300: anchor at zhytomyrska with its dwell still ahead ⇒ sviatoshyn at t0+465.
        let a = try kyiv.step(trip, delta: 1, now: trip.t0 + 300, calibration: .empty)
        #expect(a.current == 1)
        #expect(offset(a.events[2].arrival, a) == 465)
        #expect(a.manualCorrections == 1 && a.lateCorrections == 1)
        #expect(a.t0 == trip.t0 && a.initialArrival == trip.initialArrival)
        // +1 at t0+60: anchor at 0, everything shifts by 60 s.
        let b = try kyiv.step(trip, delta: 1, now: trip.t0 + 60, calibration: .empty)
        #expect(b.current == 0)
        for i in 1..<trip.events.count {
            #expect(b.events[i].arrival == trip.events[i].arrival + 60)
            #expect(b.events[i].departure == trip.events[i].departure + 60)
        }
        // +1 at the modelled arrival: anchor at teatralna ⇒ khreshchatyk at t0+1449.
        let c = try kyiv.step(trip, delta: 1, now: trip.t0 + 1334, calibration: .empty)
        #expect(c.current == 9)
        #expect(offset(c.arrival, c) == 1449)
        #expect(offset(c.expiry, c) == 2049)
        // −1 there would invent a station beyond the destination.
        #expect(throws: CorrectionError.beyondDestination) {
            try kyiv.step(trip, delta: -1, now: trip.t0 + 1334, calibration: .empty)
        }
    }

    @Test func minusOneMovesAheadAndCountsOnlyManual() throws {
        let trip = try plannedTrip("akademmistechko", "khreshchatyk", at: t0)
        let now = trip.t0 + 300  // model: between sviatoshyn (285) and nyvky (395)
        let ahead = try kyiv.step(trip, delta: -1, now: now, calibration: .empty)
        #expect(ahead.current == 3)  // "I am already at nyvky"
        #expect(ahead.events[3].arrival == now)
        #expect(ahead.events[4].arrival == now + 25 + 83)
        #expect(ahead.manualCorrections == 1 && ahead.lateCorrections == 0)
    }

    @Test func boundaries() throws {
        let trip = try plannedTrip("akademmistechko", "sviatoshyn", at: t0)
        // Before the departure: +1 has nowhere to go.
        #expect(throws: CorrectionError.beforeDeparture) {
            try kyiv.step(trip, delta: 1, now: trip.t0 - 5, calibration: .empty)
        }
        // −1 at the last segment is refused; long after arrival +1 leaves one stop.
        #expect(throws: CorrectionError.beyondDestination) {
            try kyiv.step(trip, delta: -1, now: trip.t0 + 200, calibration: .empty)
        }
        let late = try kyiv.step(trip, delta: 1, now: trip.t0 + 900, calibration: .empty)
        #expect(late.current == 1)
        #expect(late.nextIndex(at: trip.t0 + 900) == 2)
        // Repeated +1 walks back to the departure and then restarts from now.
        let twice = try kyiv.step(late, delta: 1, now: trip.t0 + 900, calibration: .empty)
        #expect(twice.current == 0)
        #expect(twice.events[1].arrival == trip.t0 + 900 + 120)
        #expect(twice.lateCorrections == 2 && twice.manualCorrections == 2)
    }

    @Test func anchorAtEveryIndex() throws {
        let trip = try plannedTrip("vokzalna", "pozniaky", at: t0)
        let now = trip.t0 + 777
        for a in trip.events.indices {
            let r = try kyiv.anchoredReplan(trip, at: a, now: now, calibration: .empty)
            #expect(r.current == a)
            for i in 0...a { #expect(r.events[i].arrival == now - (a - i) && r.events[i].departure == r.events[i].arrival) }
            #expect(r.nextIndex(at: now) == a + 1)
            #expect(r.currentIndex(at: now) == a)
            if a + 1 < r.events.count {
                let e = trip.route[a]
                let dwell = (a >= 1 && e.isStop && !e.isTransfer) ? 25 : 0
                let step = kyiv.travelAndDwell(from: trip.route[a], to: trip.route[a + 1], calibration: .empty)
                var expected = now + dwell + step.travel
                if trip.route[a + 1].isTransfer {
                    let platform = now + dwell + step.travel
                    expected = platform + kyiv.headway(line: "m3", direction: .forward,
                                                       atUnixSeconds: trip.wall.unixSeconds(at: platform))! / 4
                }
                #expect(r.events[a + 1].arrival == expected, "anchor \(a)")
            }
            for i in 1..<r.events.count { #expect(r.events[i].arrival >= r.events[i - 1].departure) }
            #expect(r.manualCorrections == 0 && r.gpsCorrections == 0)
        }
        #expect(throws: CorrectionError.outsideRoute) { try kyiv.anchoredReplan(trip, at: trip.events.count, now: now, calibration: .empty) }
        #expect(throws: CorrectionError.outsideRoute) { try kyiv.anchoredReplan(trip, at: -1, now: now, calibration: .empty) }
    }

    @Test func stepsCountEventsNotStops() throws {
        // The walk is one step: at the modelled transfer event, +1 puts the rider back at the exit station.
        let trip = try plannedTrip("universytet", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 8, 0))
        let now = trip.t0 + 300  // between khreshchatyk's departure (227) and the m2 train (398)
        #expect(trip.nextIndex(at: now) == 3)
        let back = try kyiv.step(trip, delta: 1, now: now, calibration: .empty)
        #expect(back.current == 1, "one station earlier than the model (khreshchatyk) is teatralna")
        let forward = try kyiv.step(trip, delta: -1, now: now, calibration: .empty)
        #expect(forward.current == 3)
        #expect(forward.events[4].arrival == now + 110, "anchored at the transfer: no dwell, no fresh wait")
    }

    @Test func trainDepartedWindow() throws {
        let trip = try plannedTrip("universytet", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 8, 0))
        // Window: arrival at khreshchatyk (202) until arrival at poshtova-ploshcha (508).
        #expect(!trip.isChangingLines(at: trip.t0 + 201))
        #expect(trip.isChangingLines(at: trip.t0 + 202))
        #expect(trip.isChangingLines(at: trip.t0 + 507))
        #expect(!trip.isChangingLines(at: trip.t0 + 508))
        // The press is taken longer: until the latest plausible departure of the m2 train, 398 + 3 × the booked 51 s
        // wait (it may be the whole headway) + 40 % of the 120 s walk = 599.
        #expect(!trip.acceptsTrainDeparted(at: trip.t0 + 201))
        #expect(trip.acceptsTrainDeparted(at: trip.t0 + 598))
        #expect(!trip.acceptsTrainDeparted(at: trip.t0 + 599))
        let longWait = trip.t0 + 560
        #expect(try kyiv.trainDeparted(trip, now: longWait, calibration: .empty).events[4].arrival == longWait + 110,
                "a rider who waited long is past the model's arrival at the next station, and still confirms the change")
        #expect(throws: CorrectionError.notChangingLines) {
            try kyiv.trainDeparted(trip, now: trip.t0 + 599, calibration: .empty)
        }
        #expect(throws: CorrectionError.notChangingLines) {
            try kyiv.trainDeparted(trip, now: trip.t0 + 100, calibration: .empty)
        }
        let press = trip.t0 + 420
        let departed = try kyiv.trainDeparted(trip, now: press, calibration: .empty)
        #expect(departed.events[4].arrival == press + 110)
        #expect(departed.current == 3 && departed.manualCorrections == 1 && departed.lateCorrections == 0)
        // Repeating it inside the window is legitimate.
        let again = try kyiv.trainDeparted(departed, now: press + 30, calibration: .empty)
        #expect(again.events[4].arrival == press + 140 && again.manualCorrections == 2)
        // No change, no window.
        let plain = try plannedTrip("akademmistechko", "khreshchatyk", at: t0)
        #expect(!plain.isChangingLines(at: plain.t0 + 500))
    }

    @Test func messagesInBothLanguages() {
        for error in [CorrectionError.outsideRoute, .beyondDestination, .beforeDeparture, .notChangingLines] {
            #expect(error.message(.uk) != error.message(.en))
            #expect(!error.message(.en).unicodeScalars.contains { (0x400...0x4FF).contains($0.value) })
        }
    }
}
