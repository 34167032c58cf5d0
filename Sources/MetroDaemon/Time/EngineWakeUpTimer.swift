import MetroEngine
import MetroModel
import MetroSystem

/// The engine's single wake-up as a timerfd armed at an absolute boot-time instant (`CLOCK_BOOTTIME_ALARM` when the
/// process may wake the system, else `CLOCK_BOOTTIME`). A wall-clock step cannot move it.
final class EngineWakeUpTimer: WakeUpScheduling {
    let timer: KernelTimer
    private let clock: ModelClock
    private let log: Logger
    private(set) var armedAt: Instant?

    init(clock: ModelClock, log: Logger) throws {
        self.timer = try KernelTimer(preferAlarm: true)
        self.clock = clock
        self.log = log
    }

    func schedule(at instant: Instant?) {
        guard instant != armedAt else { return }
        armedAt = instant
        do {
            if let instant {
                try timer.arm(atBoottimeNanoseconds: max(1, clock.boottime(of: instant)))
            } else {
                try timer.disarm()
            }
        } catch {
            log.error("cannot arm the alert timer: \(error)")
        }
    }

    /// Consumes the expiration after the timer fired.
    func acknowledge() {
        _ = try? timer.acknowledge()
        armedAt = nil
    }
}
