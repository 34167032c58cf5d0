import MetroEngine
import MetroModel
import MetroSystem
import Testing
@testable import MetroDaemon

/// A boot-time clock the test moves by hand.
private final class HandClock: @unchecked Sendable {
    var boottime: Int64
    init(_ boottime: Int64) { self.boottime = boottime }
}

/// An in-memory store that keeps the journal entries it was given.
private final class MemoryStore: EngineStore {
    var ended: [JournalEntry] = []
    func saveActiveTrip(_ trip: ActiveTrip?) throws {}
    func endTrip(_ entry: JournalEntry) throws -> Int64 {
        ended.append(entry)
        return Int64(ended.count)
    }
    func saveCalibration(_ calibration: CalibrationStore) throws {}
    func saveRoutes(_ book: RouteBook, selected: RouteChoice?) throws {}
    func saveCalibrationSession(_ session: StoredCalibrationSession) throws {}
    func saveSuspensions(_ stretches: [SuspendedStretch]) throws {}
    func saveReminders(_ book: ReminderBook) throws {}
    func journal(limit: Int) throws -> [JournalEntry] { Array(ended.reversed().prefix(limit)) }
    func atomically(_ body: () throws -> Void) throws { try body() }
}

/// The button and motor of the daemon driven by hand: edges and timer expirations are delivered at instants the
/// test chooses, on a boot clock it moves, with the real engine, gesture decoder and haptic player behind them.
private final class Board {
    let boot: HandClock
    let store = MemoryStore()
    let engine: Engine
    let device: DeviceController
    let motor: SimulatedMotor
    let t0: Instant

    /// universytet → poshtova-ploshcha on Monday 2026-08-17 08:00 (model §13 example 2), started at `t0`:
    /// transfer alert 87, exit khreshchatyk 202, the "train departed" reminder 275, next_stop 341 while the rider
    /// is changing lines (20 s before the earliest plausible arrival: the m2 train may come at once), arrival 508.
    init(motorOnDelayMilliseconds: Int64 = 0, delayedStarts: Int = 0) throws {
        let t0 = Instant(seconds: 7_200)
        let boot = HandClock(t0.nanoseconds)
        let wallAtT0 = KyivTime.unixSeconds(year: 2026, month: 8, day: 17, hour: 8, minute: 0, second: 0) * 1_000_000_000
        let clock = ModelClock(scale: 1, boot: { boot.boottime }, wall: { wallAtT0 + boot.boottime - t0.nanoseconds })
        let log = Logger(sink: RecordingLogSink())
        motor = SimulatedMotor(log: log, bootNow: { boot.boottime })
        let driven: Motor = motorOnDelayMilliseconds == 0 ? motor
            : SlowToStartMotor(motor, starts: delayedStarts, delay: { boot.boottime += motorOnDelayMilliseconds * 1_000_000 })
        let haptics = try HapticMotor(motor: driven, clock: clock, log: log, strength: .normal)
        engine = Engine(network: repositoryNetwork, calibration: .empty, routes: RouteBook(),
                        selectedRoute: RouteChoice(from: "universytet", to: "poshtova-ploshcha"), store: store,
                        wakeUp: QuietWakeUp(), haptics: haptics, publisher: QuietPublisher(), log: QuietEngineLog())
        device = try DeviceController(haptics: haptics, engine: engine, clock: clock, log: log, debounceMilliseconds: 30)
        self.boot = boot
        self.t0 = t0
        try engine.start(t0: t0, wall: clock.wallMapping(), now: t0)
    }

    /// Moves the clock to `seconds` after t0 (milliseconds precision) and delivers what is due there: the motor's
    /// steps and the engine's alerts.
    func at(_ milliseconds: Int64) {
        boot.boottime = t0.nanoseconds + milliseconds * 1_000_000
        device.hapticTimerFired()
        engine.tick(now: Instant(nanoseconds: boot.boottime))
    }

    /// Rides to `milliseconds` after t0, stopping at each alert on the way (87 s, 275 s, 341 s, 508 s) as the alert
    /// timer would.
    func ride(to milliseconds: Int64) {
        for alert in [87_000, 275_000, 341_000, 508_000] where alert < milliseconds { at(Int64(alert)) }
        at(milliseconds)
    }

    /// The motor's pulse lengths from `from` for `milliseconds`, the clock stepped by 50 ms (every step of the
    /// patterns is a multiple of 50 ms, so each pulse reads exactly).
    func pulses(from: Int64, for milliseconds: Int64) -> [String] {
        let before = motor.transitions.count
        for step in stride(from: from, through: from + milliseconds, by: 50) { at(step) }
        return motor.transitions.dropFirst(before).filter { $0.hasPrefix("off after") }
    }

    /// A button edge at `milliseconds` after t0.
    func edge(_ pressed: Bool, at milliseconds: Int64) {
        at(milliseconds)
        device.edge(button: 1, pressed: pressed, boottime: boot.boottime)
    }

    /// The gesture timer expiring at `milliseconds` after t0.
    func gestureTimer(at milliseconds: Int64) {
        at(milliseconds)
        device.gestureTimerFired()
    }

    func instant(_ milliseconds: Int64) -> Instant { Instant(nanoseconds: t0.nanoseconds + milliseconds * 1_000_000) }
}

/// A motor whose first `starts` starts return late (the process held by the scheduler between reading the clock
/// and the write): `delay` moves the clock before the real motor turns on.
private final class SlowToStartMotor: Motor {
    private let motor: Motor
    private let delay: () -> Void
    private var slowStartsLeft: Int
    private var isOn = false
    init(_ motor: Motor, starts: Int, delay: @escaping () -> Void) {
        self.motor = motor
        self.slowStartsLeft = starts
        self.delay = delay
    }
    var fault: String? { motor.fault }
    func set(on: Bool) { set(on: on, playing: nil) }
    func set(on: Bool, playing: MotorPulse?) {
        if on && !isOn && slowStartsLeft > 0 {
            slowStartsLeft -= 1
            delay()
        }
        isOn = on
        motor.set(on: on, playing: playing)
    }
    func release() { motor.release() }
}

@Suite("Gestures on the device, decided by the state at the press (model §12.1)")
struct DeviceControllerTests {
    @Test("'change here' ends with the press ask (two quick taps), and the reminder at 275 s is the ask twice, once")
    func changeHereAsksForTheTrainDepartedPress() throws {
        let board = try Board()
        board.ride(to: 86_950)
        #expect(board.pulses(from: 87_000, for: 4_000)
                == ["off after 600 ms", "off after 250 ms", "off after 600 ms", "off after 250 ms", "off after 250 ms"])
        board.ride(to: 274_950)
        #expect(board.pulses(from: 275_000, for: 3_000)
                == ["off after 250 ms", "off after 250 ms", "off after 250 ms", "off after 250 ms"])
        // Nothing more until "yours is next": the reminder comes once.
        #expect(board.pulses(from: 278_050, for: 60_000).isEmpty)
    }

    @Test("a pattern whose first pulse the system delayed plays whole from there (a pulse's length tells the patterns apart)")
    func aDelayedStartIsNotAShorterPulse() throws {
        let board = try Board(motorOnDelayMilliseconds: 150, delayedStarts: 1)
        board.ride(to: 86_950)
        // The first start returns 150 ms late: every pulse keeps its length and the pattern moves with the first.
        #expect(board.pulses(from: 87_000, for: 5_000)
                == ["off after 600 ms", "off after 250 ms", "off after 600 ms", "off after 250 ms", "off after 250 ms"])
    }

    @Test("a 'train departed' press before 275 s takes the reminder away: the motor stays still then")
    func pressBeforeTheReminderSilencesIt() throws {
        let board = try Board()
        board.ride(to: 250_000)
        board.edge(true, at: 250_000)
        board.edge(false, at: 250_120)
        board.gestureTimer(at: 250_520)
        #expect(board.engine.active?.trip.manualCorrections == 1, "the short press was 'train departed'")
        #expect(board.engine.active?.trip.alerts().contains { $0.kind == .trainDepartedReminder } == false)
        board.at(270_000)   // the "yours is next" the press brought forward has played by now
        #expect(!board.device.isAlertBuzzing)
        let at = board.motor.transitions.count
        board.at(275_000)
        board.at(278_000)
        #expect(board.motor.transitions.count == at, "no reminder buzz after the press")
    }

    @Test("a short pressed while 'yours is next' buzzes acknowledges it, even if the buzz ended before the short was decided")
    func lateAcknowledgementIsNotTrainDeparted() throws {
        let board = try Board()
        board.ride(to: 341_000)   // next_stop fires while the rider is changing lines
        #expect(board.device.isAlertBuzzing)
        #expect(board.engine.isChangingLines(now: board.instant(341_000)))
        // Pressed 2.3 s into the 2.7 s pattern; the short is known only 400 ms after the release, at 2.8 s.
        board.edge(true, at: 343_300)
        board.edge(false, at: 343_400)
        board.at(343_750)
        #expect(!board.device.isAlertBuzzing)
        let before = try #require(board.engine.active?.trip)
        board.gestureTimer(at: 343_800)
        #expect(board.engine.active?.trip == before, "the acknowledgement was taken for 'train departed'")
        #expect(board.engine.active?.trip.manualCorrections == 0)
    }

    @Test("a short pressed while nothing buzzes is not taken for an acknowledgement of an alert that began meanwhile")
    func pressBeforeAnAlertIsNotAnAcknowledgement() throws {
        let board = try Board()
        // Riding toward teatralna; the press is 200 ms before the transfer alert at 87 s.
        board.edge(true, at: 86_800)
        board.edge(false, at: 86_900)
        board.at(87_000)
        #expect(board.device.isAlertBuzzing)
        board.gestureTimer(at: 87_300)
        #expect(board.device.isAlertBuzzing, "'change lines here' was cut short by a press made before it began")
    }

    @Test("'train departed' anchors at the press, so the next station is exactly the press plus one running time")
    func trainDepartedAtThePress() throws {
        let board = try Board()
        board.ride(to: 410_000)
        #expect(!board.device.isAlertBuzzing)
        let before = try #require(board.engine.active?.trip)
        board.edge(true, at: 420_000)
        board.edge(false, at: 420_120)
        board.gestureTimer(at: 420_520)
        let expected = try repositoryNetwork.trainDeparted(before, now: board.instant(420_000), calibration: .empty)
        #expect(board.engine.active?.trip.events == expected.events)
        #expect(board.engine.active?.trip.manualCorrections == 1)
    }

    @Test("a button lost while held (its chip vanished) is released: the next short press is a short, not a cancel")
    func buttonLostWhileHeld() throws {
        let board = try Board()
        board.ride(to: 150_000)   // riding toward khreshchatyk, nothing buzzing
        board.edge(true, at: 150_000)
        board.at(150_100)
        board.device.buttonLost(1)  // the chip went away: the release will never be seen
        // The chip is back; ten seconds later a short press.
        board.edge(true, at: 160_000)
        board.edge(false, at: 160_150)
        board.gestureTimer(at: 160_550)
        #expect(board.engine.active != nil, "the short press ended the trip: \(board.store.ended.map(\.outcome))")
        #expect(board.store.ended.isEmpty)
    }

    @Test("'I'm off' confirms the pressing edge, not the release 2 s later")
    func arrivedAtThePress() throws {
        let board = try Board()
        board.ride(to: 600_000)
        // The wake-up alarm repeats until acknowledged: a short press silences it first.
        #expect(board.device.isAlertBuzzing)
        board.edge(true, at: 610_000)
        board.edge(false, at: 610_100)
        board.gestureTimer(at: 610_500)
        #expect(!board.device.isAlertBuzzing, "the short press did not acknowledge the arrival alarm")
        board.edge(true, at: 620_000)
        board.edge(false, at: 622_600)
        #expect(board.engine.active == nil)
        #expect(board.store.ended.map(\.outcome) == [.arrived])
        #expect(board.store.ended.first?.confirmedSeconds == 620)
    }
}
