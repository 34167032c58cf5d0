import MetroEngine
import MetroModel
import MetroSystem
import Testing
@testable import MetroDaemon

/// The button while a reminder's "time to go" buzzes (no trip): a short press silences it and starts nothing; a
/// double press steps to another route and its number is felt, not lost behind the buzz.
@Suite struct ReminderGestureTests {
    final class Clock: @unchecked Sendable {
        var boottime: Int64 = 7_200_000_000_000
    }


    let clock = Clock()
    let engine: Engine
    let device: DeviceController
    let motor: SimulatedMotor
    let wallAt0 = KyivTime.unixSeconds(year: 2026, month: 8, day: 17, hour: 7, minute: 40)
    let reminderRoute = RouteChoice(from: "lisova", to: "teremky")
    let pinned = RouteChoice(from: "akademmistechko", to: "khreshchatyk")

    init() throws {
        let clock = self.clock
        let log = Logger(sink: RecordingLogSink())
        let modelClock = ModelClock(scale: 1, boot: { clock.boottime }, wall: { clock.boottime })
        motor = SimulatedMotor(log: log, bootNow: { clock.boottime })
        let haptics = try HapticMotor(motor: motor, clock: modelClock, log: log, strength: .normal)
        var routes = RouteBook()
        routes.pin(pinned)
        var book = ReminderBook()
        _ = try book.add(Reminder(hour: 7, minute: 40, days: .daily, route: reminderRoute, createdUnixSeconds: wallAt0 - 3600))
        engine = Engine(network: repositoryNetwork, calibration: .empty, routes: routes, selectedRoute: nil, store: NullEngineStore(),
                        wakeUp: QuietWakeUp(), haptics: haptics, publisher: QuietPublisher(), log: QuietEngineLog(),
                        reminders: book)
        device = try DeviceController(haptics: haptics, engine: engine, clock: modelClock, log: log, debounceMilliseconds: 30)
        engine.remindersDue(wallNowUnixSeconds: wallAt0, now: Instant(nanoseconds: clock.boottime))
    }

    func advance(_ milliseconds: Int64) {
        clock.boottime += milliseconds * 1_000_000
        device.hapticTimerFired()
    }

    func press(holdMilliseconds: Int64) {
        device.edge(button: 1, pressed: true, boottime: clock.boottime)
        advance(holdMilliseconds)
        device.edge(button: 1, pressed: false, boottime: clock.boottime)
    }

    @Test func aShortPressSilencesItAndStartsNothing() {
        #expect(engine.selectedRoute == reminderRoute)
        #expect(device.isAlertBuzzing, "time to go is playing")
        advance(300)
        press(holdMilliseconds: 100)
        advance(450)
        device.gestureTimerFired()
        #expect(!device.isAlertBuzzing && !motor.isOn)
        #expect(engine.active == nil, "the short press answered the buzz; it did not start the ride")
        // Now, on the platform, the next short press starts it.
        advance(2000)
        press(holdMilliseconds: 100)
        advance(450)
        device.gestureTimerFired()
        #expect(engine.active?.trip.from == "lisova")
    }

    @Test func aDoublePressPicksAnotherRouteAndItsNumberIsFelt() {
        advance(300)
        press(holdMilliseconds: 100)
        advance(150)
        press(holdMilliseconds: 100)
        device.gestureTimerFired()
        #expect(engine.selectedRoute == pinned, "the double press stepped to the pinned route")
        #expect(!device.isAlertBuzzing, "the reminder was acknowledged")
        // What the motor does from here: route number 1 (one 250 ms pulse), and nothing of "time to go" any more.
        let before = motor.transitions.count
        // (Seen at 50 ms steps: the pulse reads 250–300 ms.)
        for _ in 0..<80 { advance(50) }
        let pulses = motor.transitions.dropFirst(before).filter { $0.hasPrefix("off after") }
        #expect(pulses.count == 1 && ["off after 250 ms", "off after 300 ms"].contains(pulses.first ?? ""), "\(motor.transitions)")
    }
}
