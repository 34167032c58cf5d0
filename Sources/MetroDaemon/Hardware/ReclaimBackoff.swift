import MetroSystem

/// When to try again to open a device that failed: capped exponential back-off on a timerfd of its own,
/// armed only while something is broken (no tick at all while healthy), as the GPIO board does.
final class ReclaimBackoff {
    /// The first and the longest pause between attempts.
    static let firstDelayNanoseconds: Int64 = 1_000_000_000
    static let longestDelayNanoseconds: Int64 = 60_000_000_000

    let timer: KernelTimer
    private(set) var nextDelay = ReclaimBackoff.firstDelayNanoseconds

    init() throws {
        timer = try KernelTimer(preferAlarm: false)
    }

    /// Arms the next attempt; false when the timer could not be armed (the caller says so in its fault).
    func schedule() -> Bool {
        defer { nextDelay = min(nextDelay * 2, Self.longestDelayNanoseconds) }
        do {
            try timer.arm(atBoottimeNanoseconds: Clocks.now(.boottime) + nextDelay)
            return true
        } catch {
            return false
        }
    }

    /// The attempt fired: acknowledge it.
    func acknowledge() { _ = try? timer.acknowledge() }

    /// All is well again: the next fault starts from the first delay.
    func reset() {
        nextDelay = Self.firstDelayNanoseconds
        _ = try? timer.disarm()
    }

    /// Seconds of the pending delay, for the log.
    var pendingSeconds: Int64 { nextDelay / 1_000_000_000 }
}
