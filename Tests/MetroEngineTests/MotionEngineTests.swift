import MetroEngine
import MetroModel
import MetroTestSupport
import Testing

/// Motion in the engine (model §5.5): universytet → tarasa-shevchenka on Monday 08:00, a change at khreshchatyk →
/// maidan-nezalezhnosti onto m2. The rider presses only at the start; the accelerometer's trace is scripted from
/// the trip's own booked running times and dwells, so the only thing the model does not know is the wait.
@Suite("Motion: the departure after a change from the accelerometer (model §5.5)")
struct MotionEngineTests {
    /// The events: 0 universytet, 1 teatralna, 2 khreshchatyk (exit), 3 maidan-nezalezhnosti (transfer),
    /// 4 poshtova-ploshcha, 5 kontraktova-ploshcha, 6 tarasa-shevchenka.
    static let change = 3

    /// A ride scripted from `trip`: the first leg as booked, a walk of `walk` s, `wait` s on the platform, then the
    /// m2 train (`boarded`), as booked. Returns the script and the true instants (seconds after t0) of the m2
    /// train's pull-out, the arrival at the stop before the destination and the doors opening at the destination.
    static func script(_ trip: Trip, walk: Double = 100, wait: Double = 150,
                       boarded: MotionScript.Piece? = nil, extra: [MotionScript.Piece] = [])
        -> (MotionScript, departure: Double, penultimate: Double, doorsOpen: Double)
    {
        let e = trip.events
        func s(_ a: Instant, _ b: Instant) -> Double { Double(b - a) / 1e9 }
        let run1 = s(e[0].departure, e[1].arrival), dwell1 = s(e[1].arrival, e[1].departure)
        let run2 = s(e[1].departure, e[2].arrival)
        let run4 = s(e[3].departure, e[4].arrival), dwell4 = s(e[4].arrival, e[4].departure)
        let run5 = s(e[4].departure, e[5].arrival), dwell5 = s(e[5].arrival, e[5].departure)
        let run6 = s(e[5].departure, e[6].arrival)
        var pieces: [MotionScript.Piece] = [.run(seconds: run1), .still(seconds: dwell1), .run(seconds: run2),
                                            .walk(seconds: walk)]
        pieces += extra
        pieces += [.still(seconds: wait), boarded ?? .run(seconds: run4), .still(seconds: dwell4), .run(seconds: run5),
                   .still(seconds: dwell5), .run(seconds: run6), .still(seconds: 20)]
        var departure: Double = run1 + dwell1 + run2
        departure += walk + wait
        for piece in extra { departure += piece.seconds }
        var penultimate: Double = departure + run4
        penultimate += dwell4 + run5
        return (MotionScript(pieces, rotation: MotionScript.pocket, seed: 7), departure, penultimate,
                penultimate + dwell5 + run6)
    }

    /// An engine riding universytet → tarasa-shevchenka from now (t0) on Monday 08:00, pressed only at the start.
    static func changeRide() throws -> (EngineRig, t0: Instant, Trip) {
        let rig = EngineRig(wallUnix: mondayMorning)
        let t0 = rig.clock.now
        return (rig, t0, try rig.ride("universytet", "tarasa-shevchenka"))
    }

    /// Feeds the script to the engine in one-second batches on the virtual clock; returns every decision.
    @discardableResult
    static func feed(_ script: MotionScript, to rig: EngineRig, from t0: Instant,
                     pressAt: Instant? = nil, silentFrom gap: Range<Double>? = nil) throws -> [MotionDecision] {
        var decisions: [MotionDecision] = []
        var pressed = false
        for scripted in script.batches(from: t0) {
            // The sensor silent over `gap` (seconds after t0): its samples never arrive.
            let batch = scripted.filter { gap?.contains(Double($0.at - t0) / 1e9) != true }
            guard let last = batch.last else { continue }
            let now = last.at
            if let press = pressAt, !pressed, now >= press {
                rig.clock.advance(to: press)
                try rig.engine.trainDeparted(now: press)
                pressed = true
            }
            rig.clock.advance(to: now)
            if let d = rig.engine.motion(batch, now: now) { decisions.append(d) }
        }
        return decisions
    }

    static func yoursIsNext(_ rig: EngineRig, since t0: Instant) -> [Double] {
        rig.haptics.played.filter { $0.cue == .yoursIsNext }.map { Double($0.at - t0) / 1e9 }
    }

    @Test("with no press after the change, the new train's pull-out re-anchors the ride: yours is next at the stop before, not minutes early")
    func theDepartureAfterTheWalkIsTaken() throws {
        let (rig, t0, trip) = try Self.changeRide()
        #expect(rig.engine.wantsMotion)
        let (script, departure, penultimate, doorsOpen) = Self.script(trip)
        // Without motion "yours is next" is due well before the new train even leaves (the wait may be none).
        let pressOnly = try #require(trip.alerts().first { $0.kind == .nextStop })
        let pressOnlySeconds = Double(pressOnly.instant - t0) / 1e9
        #expect(pressOnlySeconds < penultimate - 30, "the press-only warning is out of the window")

        let decisions = try Self.feed(script, to: rig, from: t0)
        let taken = decisions.compactMap(\.departureTaken)
        #expect(taken.count == 1)
        if let first = taken.first {
            #expect(first.change == Self.change)
            let error = Double(first.at - t0) / 1e9 - departure
            #expect(error <= 1 && error >= -3, "taken \(error) s from the true pull-out")
        }
        let warnings = Self.yoursIsNext(rig, since: t0)
        let last = try #require(warnings.last { $0 <= doorsOpen })
        #expect(last >= penultimate - 30, "yours is next at \(last), the stop before at \(penultimate)")
        #expect(warnings.allSatisfy { $0 <= doorsOpen }, "never after the doors open at \(doorsOpen): \(warnings)")
        #expect(rig.trip.map(\.manualCorrections) == 0, "motion is not the rider's correction")
        // The rider feels it taken: the tick a correction gives (the start's own at t0 aside), once, at the batch that
        // reported the pull-out.
        let ticks = rig.haptics.played.filter { $0.cue == .acknowledged && $0.at > t0 }.map { Double($0.at - t0) / 1e9 }
        #expect(ticks.count == 1, "\(ticks)")
        if let tick = ticks.first, let first = taken.first {
            let after = tick - Double(first.at - t0) / 1e9
            #expect(after >= 0 && after <= 15, "the tick \(after) s after the departure taken")
        }
    }

    @Test("a train departed press wins: motion felt after it changes nothing")
    func aPressWins() throws {
        let (rig, t0, trip) = try Self.changeRide()
        let (script, departure, _, _) = Self.script(trip)
        let press = Instant(nanoseconds: t0.nanoseconds + Int64((departure + 2) * 1e9))
        let decisions = try Self.feed(script, to: rig, from: t0, pressAt: press)
        #expect(decisions.allSatisfy { $0.departureTaken == nil })
        let after = try #require(rig.trip)
        #expect(after.manualCorrections == 1)
        #expect(after.events[Self.change].arrival == press, "the ride stays anchored at the press")
    }

    @Test("a press after motion took the departure re-anchors the ride at the press, as it always does")
    func aPressAfterMotionWins() throws {
        let (rig, t0, trip) = try Self.changeRide()
        let (script, departure, _, _) = Self.script(trip)
        let press = Instant(nanoseconds: t0.nanoseconds + Int64((departure + 20) * 1e9))
        let decisions = try Self.feed(script, to: rig, from: t0, pressAt: press)
        let taken = decisions.compactMap(\.departureTaken)
        #expect(taken.count == 1, "motion took the departure before the press")
        let takenAt = try #require(taken.first?.at)
        #expect(takenAt < press)
        let after = try #require(rig.trip)
        #expect(after.manualCorrections == 1)
        #expect(after.events[Self.change].arrival == press, "the ride is anchored at the rider's press, not motion's")
    }

    @Test("a departure felt after the change's latest plausible departure is set aside: the model cannot place it")
    func aDepartureTooLateIsSetAside() throws {
        let (rig, t0, trip) = try Self.changeRide()
        let latest = try #require(trip.latestPlausibleDeparture(change: Self.change))
        // Ten minutes on the platform: far past the latest the model allows for the wait.
        let (script, departure, _, _) = Self.script(trip, wait: 600)
        #expect(Double(latest - t0) / 1e9 < departure - 60, "the scripted departure is past the latest plausible one")
        let decisions = try Self.feed(script, to: rig, from: t0)
        #expect(decisions.allSatisfy { $0.departureTaken == nil })
        let setAside = decisions.flatMap(\.setAside)
        #expect(setAside.map(\.reason) == [.noChangeThen])
        if let felt = setAside.first?.at {
            let error = Double(felt - t0) / 1e9 - departure
            #expect(abs(error) <= 5, "the one set aside is the late departure (\(error) s from it)")
        }
        #expect(rig.trip?.events == trip.events, "the schedule is the press's")
    }

    @Test("a gap in the samples after the walk forgets it: the departure after the gap is not taken")
    func aGapAfterTheWalkForgetsIt() throws {
        let (rig, t0, trip) = try Self.changeRide()
        let (script, departure, _, _) = Self.script(trip)
        // The sensor falls silent for 10 s on the platform, 60 s before the train leaves.
        let decisions = try Self.feed(script, to: rig, from: t0, silentFrom: (departure - 70)..<(departure - 60))
        #expect(decisions.flatMap(\.events).contains { if case .gap = $0 { return true } else { return false } })
        #expect(decisions.allSatisfy { $0.departureTaken == nil }, "a departure after a gap cannot be vouched for")
        #expect(rig.trip?.events == trip.events, "the schedule is the press's")
    }

    @Test("a missed pull-out after the change (too gentle to feel) is not replaced by the next station's: never late")
    func aMissedDepartureIsNotTakenLate() throws {
        let (rig, t0, trip) = try Self.changeRide()
        let run4 = Double(trip.events[4].arrival - trip.events[3].departure) / 1e9
        let (script, _, _, doorsOpen) = Self.script(trip, boarded: .run(seconds: run4, pullAway: 0.1, braking: 1.0))
        let decisions = try Self.feed(script, to: rig, from: t0)
        #expect(decisions.allSatisfy { $0.departureTaken == nil }, "the departure from poshtova-ploshcha is not the change's")
        let departures = decisions.flatMap(\.events).filter { if case .departure(_, true) = $0 { return true } else { return false } }
        #expect(departures.count >= 2, "the later departures were felt, and set aside")
        let warnings = Self.yoursIsNext(rig, since: t0)
        #expect(!warnings.isEmpty && warnings.allSatisfy { $0 <= doorsOpen }, "\(warnings), doors at \(doorsOpen)")
    }

    @Test("a false start on the platform is taken early, and the true departure after it is not taken late: never late")
    func aFalseDepartureOnlyWarnsEarly() throws {
        let (rig, t0, trip) = try Self.changeRide()
        // Something on the platform that pulls away like a train: a short shuttle, a lift.
        let (script, departure, _, doorsOpen) = Self.script(trip, wait: 60,
                                                           extra: [.still(seconds: 20), .run(seconds: 40, rampSeconds: 12)])
        let decisions = try Self.feed(script, to: rig, from: t0)
        let taken = decisions.compactMap(\.departureTaken)
        #expect(taken.count == 1)
        if let first = taken.first {
            let takenAt = Double(first.at - t0) / 1e9
            let wellBefore = departure - 30
            #expect(takenAt < wellBefore, "the false start was taken")
        }
        let warnings = Self.yoursIsNext(rig, since: t0)
        #expect(!warnings.isEmpty && warnings.allSatisfy { $0 <= doorsOpen }, "\(warnings), doors at \(doorsOpen)")
    }

    @Test("a walk along the train before the change is no change: its departure is set aside")
    func aWalkBeforeTheChangeIsSetAside() throws {
        let (rig, t0, trip) = try Self.changeRide()
        let e = trip.events
        let run1 = Double(e[1].arrival - e[0].departure) / 1e9, dwell1 = Double(e[1].departure - e[1].arrival) / 1e9
        let run2 = Double(e[2].arrival - e[1].departure) / 1e9
        let script = MotionScript([.run(seconds: run1), .walk(seconds: dwell1), .run(seconds: run2), .still(seconds: 10)])
        let before = trip.alerts()
        let decisions = try Self.feed(script, to: rig, from: t0)
        let setAside = decisions.flatMap(\.setAside)
        #expect(setAside.map(\.reason) == [.noChangeThen])
        #expect(decisions.allSatisfy { $0.departureTaken == nil })
        #expect(rig.trip?.alerts() == before)
    }

    @Test("on one line motion changes nothing, and without a trip the engine wants none")
    func oneLineAndIdle() throws {
        let rig = EngineRig(wallUnix: mondayMorning)
        #expect(!rig.engine.wantsMotion)
        #expect(rig.engine.motion(MotionScript([.still(seconds: 2)]).samples(from: rig.clock.now), now: rig.clock.now) == nil)
        let t0 = rig.clock.now
        let trip = try rig.ride("akademmistechko", "beresteiska")
        let e = trip.events
        var pieces: [MotionScript.Piece] = []
        for i in 1..<e.count {
            pieces.append(.run(seconds: Double(e[i].arrival - e[i - 1].departure) / 1e9))
            pieces.append(.still(seconds: max(Double(e[i].departure - e[i].arrival) / 1e9, 10)))
        }
        let decisions = try Self.feed(MotionScript(pieces), to: rig, from: t0)
        #expect(decisions.flatMap(\.events).contains { if case .stop = $0 { return true } else { return false } })
        #expect(decisions.allSatisfy { $0.departureTaken == nil && $0.setAside.isEmpty })
        #expect(rig.trip?.events == trip.events, "the schedule is the press's")
    }
}
