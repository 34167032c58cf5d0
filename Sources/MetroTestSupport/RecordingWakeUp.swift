import MetroEngine
import MetroModel

/// The engine's single wake-up, recorded: every `schedule(at:)` call in order, stamped with the model time it was
/// made at, and the instant currently armed.
public final class RecordingWakeUp: WakeUpScheduling {
    public init() {}

    /// One `schedule(at:)` call.
    public struct Arming: Equatable {
        /// The instant armed, nil for "disarmed".
        public var instant: Instant?
        /// The model time when the engine asked for it.
        public var at: Instant
        public init(instant: Instant?, at: Instant) {
            self.instant = instant
            self.at = at
        }
    }

    /// Every call, oldest first.
    public private(set) var history: [Arming] = []
    /// What is armed now (nil: nothing).
    public private(set) var armed: Instant?
    /// Where the model time comes from (the virtual clock sets it).
    public var now: () -> Instant = { Instant(nanoseconds: 0) }

    public func schedule(at instant: Instant?) {
        armed = instant
        history.append(Arming(instant: instant, at: now()))
    }

    /// The non-nil instants ever armed, in order.
    public var armedInstants: [Instant] { history.compactMap(\.instant) }
}
