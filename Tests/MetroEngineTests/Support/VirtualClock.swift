import MetroEngine
import MetroModel
import Testing

/// Model time for an engine under test: advancing it runs `engine.tick(now:)` exactly at each instant the recorded
/// alarm holds (plus `lateness`, to model a timer delivered late), so a 40-minute ride runs in milliseconds.
final class VirtualClock {
    /// The current model time.
    private(set) var now: Instant
    /// How late each wake-up is delivered after its armed instant, nanoseconds (0: exactly on time).
    var latenessNanoseconds: Int64 = 0
    /// How many times the clock woke the engine.
    private(set) var wakeUps = 0

    private let engine: Engine
    private let alarm: RecordingAlarm

    init(engine: Engine, alarm: RecordingAlarm, now: Instant) {
        self.engine = engine
        self.alarm = alarm
        self.now = now
    }

    /// Advances model time to `target`, waking the engine at every armed instant on the way.
    func advance(to target: Instant, sourceLocation: SourceLocation = #_sourceLocation) {
        var guardCount = 0
        while let armed = alarm.armed {
            let wake = Instant(nanoseconds: max(armed.nanoseconds + latenessNanoseconds, now.nanoseconds))
            guard wake <= target else { break }
            now = wake
            wakeUps += 1
            engine.tick(now: wake)
            if let rearmed = alarm.armed, rearmed <= armed {
                Issue.record("the engine re-armed \(rearmed) right after waking for \(armed): it would spin",
                             sourceLocation: sourceLocation)
                break
            }
            guardCount += 1
            if guardCount > 10_000 {
                Issue.record("more than 10000 wake-ups before \(target)", sourceLocation: sourceLocation)
                break
            }
        }
        if target > now { now = target }
    }

    /// Advances by whole seconds.
    func advance(seconds: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        advance(to: now + seconds, sourceLocation: sourceLocation)
    }

    /// Runs until nothing is armed any more (the trip ended), failing after `limit` seconds of model time.
    func runUntilDisarmed(limitSeconds: Int = 24 * 3600, sourceLocation: SourceLocation = #_sourceLocation) {
        let limit = now + limitSeconds
        while let armed = alarm.armed, armed <= limit {
            advance(to: Instant(nanoseconds: armed.nanoseconds + latenessNanoseconds), sourceLocation: sourceLocation)
            if alarm.armed == armed { break }
        }
        if alarm.armed != nil {
            Issue.record("still armed after \(limitSeconds) s of model time", sourceLocation: sourceLocation)
        }
    }
}
