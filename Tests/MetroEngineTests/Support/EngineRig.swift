import MetroEngine
import MetroTestSupport
import MetroModel

/// An engine wired to recording fakes on a virtual clock: everything it stores, arms, buzzes, publishes and logs
/// is kept for the test to read.
final class EngineRig {
    let store: RecordingStore
    let alarm = RecordingWakeUp()
    let haptics = RecordingHaptics()
    let publisher = RecordingPublisher()
    let log = RecordingLog()
    let wallAlarm = RecordingWallClockWakeUp()
    let engine: Engine
    let clock: VirtualClock
    /// The wall mapping used when this rig starts trips.
    var wall: WallClockMapping

    /// A rig at model time `now` (boot-time timeline), whose wall clock reads `wallUnix` at that moment.
    init(now: Instant = bootT0, wallUnix: Int64 = mondayNoon, route: RouteChoice? = nil,
         calibration: CalibrationStore = .empty, routes: RouteBook = RouteBook(), store: RecordingStore = RecordingStore(),
         suspensions: [SuspendedStretch] = [], reminders: ReminderBook = ReminderBook(),
         network: any RideNetwork = kyiv)
    {
        self.store = store
        wall = wallMapping(mapping: now, toUnixSeconds: wallUnix)
        engine = Engine(network: network, calibration: calibration, routes: routes, selectedRoute: route, store: store,
                        wakeUp: alarm, haptics: haptics, publisher: publisher, log: log, suspensions: suspensions,
                        reminders: reminders, reminderWakeUp: wallAlarm)
        clock = VirtualClock(engine: engine, wakeUp: alarm, now: now)
        alarm.now = { [unowned clock] in clock.now }
        haptics.now = { [unowned clock] in clock.now }
    }

    /// Chooses a route and starts it with t0 = the clock's now; returns the trip.
    @discardableResult
    func ride(_ from: StationID, _ to: StationID) throws -> Trip {
        try engine.chooseRoute(from: from, to: to, now: clock.now)
        return try engine.start(t0: clock.now, wall: wall, now: clock.now).trip
    }

    /// The active trip's schedule, if a trip is running.
    var trip: Trip? { engine.active?.trip }
}
