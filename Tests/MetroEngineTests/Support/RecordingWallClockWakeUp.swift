import MetroEngine

/// The reminders' wall-clock alarm, recorded: every arming in order and what is armed now.
final class RecordingWallClockWakeUp: WallClockWakeUpScheduling {
    /// Every `schedule(atUnixSeconds:)` call, oldest first (nil: disarmed).
    private(set) var history: [Int64?] = []
    /// What is armed now.
    private(set) var armed: Int64?

    func schedule(atUnixSeconds unixSeconds: Int64?) {
        armed = unixSeconds
        history.append(unixSeconds)
    }
}
