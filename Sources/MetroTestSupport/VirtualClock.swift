import MetroEngine
import MetroModel

/// Model time for an engine wired to a `RecordingWakeUp`: stepping it runs `engine.tick(now:)` exactly at each
/// instant the wake-up holds (plus `latenessNanoseconds`, to model a timer delivered late), as the daemon's timerfd
/// would, so a 40-minute ride takes milliseconds. The engine tests and the accuracy lab step the same clock.
public final class VirtualClock {
    /// Why a step stopped before its target with the engine still armed.
    public enum Stop: Equatable, CustomStringConvertible {
        /// The engine re-armed at or before the instant it was just woken for: a real timer would spin.
        case spin(armed: Instant, rearmed: Instant)
        /// More than `maximumWakeUpsPerStep` wake-ups before the target.
        case tooManyWakeUps(target: Instant)

        public var description: String {
            switch self {
            case .spin(let armed, let rearmed): "the engine re-armed \(rearmed) right after waking for \(armed): it would spin"
            case .tooManyWakeUps(let target): "more than \(VirtualClock.maximumWakeUpsPerStep) wake-ups before \(target)"
            }
        }
    }

    /// A step that needs more wake-ups than this is stopped: no ride wakes the engine nearly as often.
    public static let maximumWakeUpsPerStep = 10_000

    /// The current model time.
    public private(set) var now: Instant
    /// How late each wake-up is delivered after its armed instant, nanoseconds (0: exactly on time).
    public var latenessNanoseconds: Int64 = 0
    /// How many times the clock woke the engine.
    public private(set) var wakeUps = 0

    private let engine: Engine
    /// The wake-up seam the engine arms, whose instants the clock wakes it at.
    public let wakeUp: RecordingWakeUp

    /// A clock at `now` for `engine`, whose wake-up seam is `wakeUp`. Point the doubles' own `now` at it
    /// (`wakeUp.now = { clock.now }`) so what they record is stamped with model time.
    public init(engine: Engine, wakeUp: RecordingWakeUp, now: Instant) {
        self.engine = engine
        self.wakeUp = wakeUp
        self.now = now
    }

    /// Advances model time to `target`, waking the engine at every armed instant on the way. Returns nil, or why the
    /// wake-ups stopped early (the rest of the way is then skipped: model time still ends at `target`).
    @discardableResult
    public func step(to target: Instant) -> Stop? {
        var stop: Stop?
        var count = 0
        while let armed = wakeUp.armed {
            let wake = Instant(nanoseconds: max(armed.nanoseconds &+ latenessNanoseconds, now.nanoseconds))
            guard wake <= target else { break }
            now = wake
            wakeUps += 1
            engine.tick(now: wake)
            if let rearmed = wakeUp.armed, rearmed <= armed {
                stop = .spin(armed: armed, rearmed: rearmed)
                break
            }
            count += 1
            if count > VirtualClock.maximumWakeUpsPerStep {
                stop = .tooManyWakeUps(target: target)
                break
            }
        }
        if target > now { now = target }
        return stop
    }
}
