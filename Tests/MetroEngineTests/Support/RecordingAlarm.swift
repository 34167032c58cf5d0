import MetroEngine
import MetroModel

/// The engine's single wake-up, recorded: every `schedule(at:)` call in order, stamped with the model time it was
/// made at, and the instant currently armed.
final class RecordingAlarm: AlarmScheduling {
    /// One `schedule(at:)` call.
    struct Arming: Equatable {
        /// The instant armed, nil for "disarmed".
        var instant: Instant?
        /// The model time when the engine asked for it.
        var at: Instant
    }

    /// Every call, oldest first.
    private(set) var history: [Arming] = []
    /// What is armed now (nil: nothing).
    private(set) var armed: Instant?
    /// Where the model time comes from (the virtual clock sets it).
    var now: () -> Instant = { Instant(nanoseconds: 0) }

    func schedule(at instant: Instant?) {
        armed = instant
        history.append(Arming(instant: instant, at: now()))
    }

    /// The non-nil instants ever armed, in order.
    var armedInstants: [Instant] { history.compactMap(\.instant) }
}
