import MetroModel

/// Durable storage of everything the engine owns. Every method commits before it returns, so a mutation is
/// acknowledged only once it is on disk (model §12.4). Production: SQLite; tests: `RecordingStore`.
public protocol EngineStore: AnyObject {
    /// Replaces the active trip (nil clears it).
    func saveActiveTrip(_ trip: ActiveTrip?) throws
    /// Ends the active trip: clears it and appends its journal entry in ONE transaction, so a crash can never
    /// journal a trip twice or lose it. Returns the entry's id.
    func endTrip(_ entry: JournalEntry) throws -> Int64
    /// Replaces the calibration store.
    func saveCalibration(_ calibration: CalibrationStore) throws
    /// Replaces pinned/recent routes and the chosen route.
    func saveRoutes(_ book: RouteBook, selected: RouteChoice?) throws
    /// Replaces the rider's suspended stretches.
    func saveSuspensions(_ stretches: [SuspendedStretch]) throws
    /// Replaces the reminders (their last firings included).
    func saveReminders(_ book: ReminderBook) throws
    /// Stores a finished calibration session with its raw press instants (so it can be replayed).
    func saveCalibrationSession(_ session: StoredCalibrationSession) throws
    /// The journal, newest first.
    func journal(limit: Int) throws -> [JournalEntry]
    /// Runs the writes `body` makes as one: all of them are stored, or (when it throws) none. A mutation that
    /// writes twice (a GPS fix: the trip and the calibration it taught) must never be half stored.
    func atomically(_ body: () throws -> Void) throws
}

/// The one wake-up the engine needs: the next instant at which `Engine.tick(now:)` must run (an alert, the expiry,
/// or — only while someone watches — the next arrival, where the snapshot changes). Production: a timerfd on
/// `CLOCK_BOOTTIME_ALARM`; tests: `RecordingWakeUp` on a virtual clock.
public protocol WakeUpScheduling: AnyObject {
    /// Arms the single wake-up for `instant` (model timeline), or disarms it when nil.
    func schedule(at instant: Instant?)
}

/// The wall-clock wake-up of the schedule reminders: one absolute Unix instant (Kyiv wall time is what a reminder
/// means), re-armed when the clock is stepped. Production: a timerfd on `CLOCK_REALTIME_ALARM` with
/// `TFD_TIMER_CANCEL_ON_SET`; tests: a recorder.
public protocol WallClockWakeUpScheduling: AnyObject {
    /// Arms the one reminder wake-up for `unixSeconds`, or disarms it when nil.
    func schedule(atUnixSeconds unixSeconds: Int64?)
}

/// What the rider feels. Production: the haptic player driving the motor; tests: a recorder.
///
/// Alerts are named by their `AlertID` (kind and change) both ways: the sink plays an alert's cue and reports the
/// delivery of that very alert through `Engine.alertDelivered`, so two changes' alerts of one kind are never
/// credited for each other.
public protocol HapticSink: AnyObject {
    /// Plays one of the vocabulary's patterns (model §12.2) that announces no alert (a gesture's answer, a
    /// reminder); pre-emption is the player's business.
    func play(_ cue: HapticCue)
    /// Plays the cue of the alert `id` (`HapticCue(alert:)`), whose delivery the sink reports as `id`.
    func play(alert id: AlertID)
    /// The alert `id` no longer holds (a correction moved it back into the future, or the trip ended): stop its
    /// buzz if it is playing or waiting, and for `arrival` the repeats of the alarm. Another change's alert of
    /// the same kind plays on.
    func withdraw(_ id: AlertID)
    /// The alert `id` fired at `firedAt` but its buzz may not have been felt (the daemon stopped before it was
    /// delivered): play it again now — for `arrival`, take the alarm up where its schedule stands. The sink
    /// reports delivery through `Engine.alertDelivered`.
    func replay(_ id: AlertID, firedAt: Instant)
}

/// The meaning of a buzz; the player maps it onto a `HapticPattern`.
public enum HapticCue: Equatable, Sendable {
    case acknowledged
    case number(Int)
    case yoursIsNext
    case changeHere
    /// "Press as your train pulls out": the reminder of the ask that ends "change here".
    case trainDepartedReminder
    case getOffNow
    case cannot
    /// A schedule reminder: the route is chosen, go to the platform.
    case timeToGo

    /// The buzz that announces an alert (model §12.2).
    public init(alert: AlertKind) {
        switch alert {
        case .transfer: self = .changeHere
        case .trainDepartedReminder: self = .trainDepartedReminder
        case .nextStop: self = .yoursIsNext
        case .arrival: self = .getOffNow
        }
    }
}

/// Where status snapshots go (the control socket's subscribers, systemd's STATUS=, the simulated board's log).
public protocol StatusPublishing: AnyObject {
    /// Called after every mutation with the new state; publishers decide whether anything changed.
    func publish(_ status: EngineStatus)
}

/// The engine's log lines (the daemon prefixes them with journald priorities).
public protocol EngineLogging: AnyObject {
    func info(_ message: String)
    func warning(_ message: String)
    func error(_ message: String)
    func debug(_ message: String)
}
