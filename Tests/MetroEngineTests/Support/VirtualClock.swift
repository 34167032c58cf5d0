import MetroTestSupport
import MetroModel
import Testing

/// The engine tests step the shared virtual clock (`MetroTestSupport.VirtualClock`) and fail where its wake-ups
/// stopped early: an engine that would spin, or one that wakes without end.
extension VirtualClock {
    /// Advances model time to `target`, waking the engine at every armed instant on the way.
    func advance(to target: Instant, sourceLocation: SourceLocation = #_sourceLocation) {
        if let stop = step(to: target) { Issue.record("\(stop)", sourceLocation: sourceLocation) }
    }

    /// Advances by whole seconds.
    func advance(seconds: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        advance(to: now + seconds, sourceLocation: sourceLocation)
    }

    /// Runs until nothing is armed any more (the trip ended), failing after `limit` seconds of model time.
    func runUntilDisarmed(limitSeconds: Int = 24 * 3600, sourceLocation: SourceLocation = #_sourceLocation) {
        let limit = now + limitSeconds
        while let armed = wakeUp.armed, armed <= limit {
            advance(to: Instant(nanoseconds: armed.nanoseconds + latenessNanoseconds), sourceLocation: sourceLocation)
            if wakeUp.armed == armed { break }
        }
        if wakeUp.armed != nil {
            Issue.record("still armed after \(limitSeconds) s of model time", sourceLocation: sourceLocation)
        }
    }
}
