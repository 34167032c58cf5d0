import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

/// Every command that changes what the engine owns, each with the situation it needs.
enum Mutation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case chooseRoute, pin, unpin, selectNextPinned, start, plusOne, minusOne, trainDeparted, arrived, cancel
    case calibrationPress, endCalibration, resetCalibration

    var testDescription: String { rawValue }

    /// A rig in the situation the command needs.
    func prepare() throws -> EngineRig {
        let rig = EngineRig(wallUnix: mondayMorning)
        let now = rig.clock.now
        switch self {
        case .chooseRoute, .pin:
            break
        case .unpin, .selectNextPinned:
            try rig.engine.pin(RouteChoice(from: "lisova", to: "teremky"), now: now)
        case .start:
            try rig.engine.chooseRoute(from: "universytet", to: "poshtova-ploshcha", now: now)
        case .plusOne, .minusOne, .arrived, .cancel:
            try rig.ride("akademmistechko", "khreshchatyk")
            rig.clock.advance(seconds: 300)
        case .trainDeparted:
            try rig.ride("universytet", "poshtova-ploshcha")
            rig.clock.advance(seconds: 300)
        case .calibrationPress, .endCalibration:
            try rig.engine.beginCalibration(line: "m1", direction: .forward, from: "akademmistechko", now: now)
            try rig.engine.calibrationPress(at: now, now: now)
            rig.clock.advance(seconds: 120)
        case .resetCalibration:
            try rig.engine.beginCalibration(line: "m1", direction: .forward, from: "akademmistechko", now: now)
            try rig.engine.calibrationPress(at: now, now: now)
            try rig.engine.calibrationPress(at: now + 120, now: now + 120)
            try rig.engine.endCalibration(now: now + 120)
            rig.clock.advance(seconds: 120)
        }
        return rig
    }

    /// Runs the command at the rig's now.
    func run(_ rig: EngineRig) throws(EngineError) {
        let engine = rig.engine
        let now = rig.clock.now
        switch self {
        case .chooseRoute: try engine.chooseRoute(from: "lisova", to: "teremky", now: now)
        case .pin: try engine.pin(RouteChoice(from: "lisova", to: "teremky"), now: now)
        case .unpin: try engine.unpin(RouteChoice(from: "lisova", to: "teremky"), now: now)
        case .selectNextPinned: try engine.selectNextPinned(now: now)
        case .start: try engine.start(t0: now, wall: rig.wall, now: now)
        case .plusOne: try engine.step(+1, now: now)
        case .minusOne: try engine.step(-1, now: now)
        case .trainDeparted: try engine.trainDeparted(now: now)
        case .arrived: try engine.arrived(now: now)
        case .cancel: try engine.cancel(now: now)
        case .calibrationPress: try engine.calibrationPress(at: now, now: now)
        case .endCalibration: try engine.endCalibration(now: now)
        case .resetCalibration: try engine.resetCalibration(now: now)
        }
    }
}

@Suite("Persistence: store first, then apply (model §12.4)")
struct PersistenceTests {
    @Test("every mutation is stored before the engine applies it", arguments: Mutation.allCases)
    func storedBeforeApplied(_ mutation: Mutation) throws {
        let rig = try mutation.prepare()
        let before = EngineState(rig.engine)
        let cues = rig.haptics.played.count
        let armings = rig.alarm.history.count
        let published = rig.publisher.published.count
        var seenAtWrite: [(EngineState, Int, Int, Int)] = []
        rig.store.beforeWrite = { _ in
            seenAtWrite.append((EngineState(rig.engine), rig.haptics.played.count, rig.alarm.history.count,
                                rig.publisher.published.count))
        }
        try mutation.run(rig)
        #expect(!seenAtWrite.isEmpty, "nothing was stored")
        for (state, c, a, p) in seenAtWrite {
            #expect(state == before, "the engine applied the change before it was stored")
            #expect(c == cues && a == armings && p == published, "buzzed, armed or published before storing")
        }
        #expect(EngineState(rig.engine) != before, "the mutation changed nothing")
        #expect(rig.publisher.published.count > published, "the new state is published")
    }

    @Test("when the store fails, nothing changes and the error is .storage", arguments: Mutation.allCases)
    func failedWriteChangesNothing(_ mutation: Mutation) throws {
        let rig = try mutation.prepare()
        rig.store.failNextWrites = 1
        expectRefusedWithoutTrace(rig, .storage("injected write failure")) { () throws(EngineError) in
            try mutation.run(rig)
        }
        #expect(rig.store.failedWrites == 1)
        // The same command succeeds once the store works again.
        try mutation.run(rig)
    }

    @Test("a start whose second write fails leaves no trip behind in the store", arguments: [false, true])
    func startNeverLeavesAHalfStoredTrip(failTheTripWrite: Bool) throws {
        let rig = EngineRig()
        try rig.engine.chooseRoute(from: "lisova", to: "teremky", now: rig.clock.now)
        rig.store.failWhen = { write in
            if case .activeTrip = write { return failTheTripWrite }
            if case .routes = write { return !failTheTripWrite }
            return false
        }
        let state = EngineState(rig.engine)
        expectEngineError(.storage("injected write failure")) { () throws(EngineError) in
            try rig.engine.start(t0: rig.clock.now, wall: rig.wall, now: rig.clock.now)
        }
        #expect(rig.store.activeTrip == nil, "a restart would restore a trip the rider was told did not start")
        #expect(EngineState(rig.engine) == state)
        #expect(rig.haptics.played.isEmpty && rig.alarm.armedInstants.isEmpty)
        rig.store.failWhen = nil
        try rig.engine.start(t0: rig.clock.now, wall: rig.wall, now: rig.clock.now)
        #expect(rig.store.activeTrip == rig.engine.active)
        #expect(rig.store.routes.recents == [RouteChoice(from: "lisova", to: "teremky")], "recents noted at start")
    }

    @Test("arrived journals once with the confirmed seconds, counters and transfers")
    func arrivedJournal() throws {
        let rig = EngineRig(wallUnix: mondayMorning)
        let t0 = rig.clock.now
        try rig.ride("universytet", "poshtova-ploshcha")
        rig.clock.advance(seconds: 300)
        try rig.engine.trainDeparted(now: rig.clock.now)
        rig.clock.advance(seconds: 5)
        try rig.engine.step(+1, now: rig.clock.now)
        let final = try #require(rig.trip?.arrival)
        rig.clock.advance(seconds: 200)
        try rig.engine.arrived(now: rig.clock.now)
        #expect(rig.store.endedTrips.count == 1)
        let entry = try #require(rig.store.endedTrips.first)
        #expect(entry.outcome == .arrived)
        #expect(entry.from == "universytet" && entry.to == "poshtova-ploshcha" && entry.t0 == t0)
        #expect(entry.t0UnixMilliseconds == mondayMorning * 1000)
        #expect(entry.plannedSeconds == 508)
        #expect(entry.finalSeconds == final.after(t0))
        #expect(entry.finalSeconds != 508, "corrections moved the arrival")
        let fired = try #require(rig.store.savedTrips.compactMap { $0 }.last?.fired[.nextStop])
        #expect(entry.nextStopSeconds == fired.after(t0), "the journal keeps when \"yours is next\" sounded")
        #expect(entry.confirmedSeconds == 505)
        #expect(entry.manualCorrections == 2 && entry.lateCorrections == 1 && entry.gpsCorrections == 0)
        #expect(entry.transfers == 1)
        #expect(rig.engine.active == nil && rig.store.activeTrip == nil && rig.alarm.armed == nil)
        #expect(rig.haptics.cues.last == .acknowledged)
        expectRefusedWithoutTrace(rig, .noActiveTrip) { () throws(EngineError) in try rig.engine.arrived(now: rig.clock.now) }
        rig.clock.advance(seconds: 3600)
        #expect(rig.store.endedTrips.count == 1, "an ended trip is never journaled again")
    }

    @Test("cancel journals once as stopped, without confirmed seconds")
    func stoppedJournal() throws {
        let rig = EngineRig()
        let t0 = rig.clock.now
        try rig.ride("akademmistechko", "khreshchatyk")
        rig.clock.advance(seconds: 400)
        try rig.engine.step(-1, now: rig.clock.now)
        try rig.engine.cancel(now: rig.clock.now)
        let entry = try #require(rig.store.endedTrips.first)
        #expect(rig.store.endedTrips.count == 1)
        #expect(entry.outcome == .stopped && entry.confirmedSeconds == nil)
        #expect(entry.plannedSeconds == 1334 && entry.t0 == t0)
        #expect(entry.manualCorrections == 1 && entry.lateCorrections == 0 && entry.transfers == 0)
        rig.clock.advance(seconds: 3600)
        #expect(rig.store.endedTrips.count == 1 && rig.clock.wakeUps == 0, "no wake-up after a cancel")
    }

    @Test("expiry journals once as expired; a failed journal write is retried, still once")
    func expiredJournalRetried() throws {
        let rig = EngineRig()
        let t0 = rig.clock.now
        try rig.ride("akademmistechko", "khreshchatyk")
        rig.clock.advance(seconds: 1933)
        rig.store.failNextWrites = 1
        rig.clock.advance(seconds: 1)
        #expect(rig.store.endedTrips.isEmpty && rig.engine.active != nil, "still held after a failed journal write")
        #expect(rig.alarm.armed.map { $0.after(t0) } == 1939, "retried 5 s later")
        rig.clock.runUntilDisarmed()
        #expect(rig.store.endedTrips.count == 1)
        let entry = try #require(rig.store.endedTrips.first)
        #expect(entry.outcome == .expired && entry.confirmedSeconds == nil)
        #expect(entry.plannedSeconds == 1334 && entry.finalSeconds == 1334)
        #expect(rig.engine.active == nil)
    }
}
