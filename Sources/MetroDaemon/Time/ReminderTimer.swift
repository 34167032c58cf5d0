import MetroEngine
import MetroSystem

/// The reminders' one wake-up: a timerfd armed at an absolute Unix instant on `CLOCK_REALTIME_ALARM` (wakes a
/// suspended device) or, without `CAP_WAKE_ALARM`, `CLOCK_REALTIME`, with `TFD_TIMER_CANCEL_ON_SET`: a step of
/// the wall clock cancels it (its read fails with `ECANCELED`) and the daemon re-derives the next reminder on the
/// new clock. Armed only for the next reminder, so nothing wakes between reminders.
final class ReminderTimer: WallClockWakeUpScheduling {
    let timer: WallClockTimer
    private let log: Logger
    private(set) var armedAtUnixSeconds: Int64?

    init(log: Logger) throws {
        timer = try WallClockTimer(preferAlarm: true)
        self.log = log
        if timer.clock == .realtime {
            log.notice("reminders use CLOCK_REALTIME (no CAP_WAKE_ALARM: a suspended device will not be woken for a reminder)")
        } else {
            log.info("reminders use CLOCK_REALTIME_ALARM (a suspended device is woken for a reminder)")
        }
    }

    func schedule(atUnixSeconds unixSeconds: Int64?) {
        // Re-armed even when unchanged: after a clock step the kernel has cancelled the old arming.
        armedAtUnixSeconds = unixSeconds
        do {
            if let unixSeconds {
                let (product, overflow) = unixSeconds.multipliedReportingOverflow(by: 1_000_000_000)
                try timer.arm(atUnixNanoseconds: overflow ? Int64.max : product)
            } else {
                try timer.disarm()
            }
        } catch {
            log.error("cannot arm the reminder timer: \(error)")
        }
    }

    /// Reads the timer after it became readable.
    func read() -> WallClockTimer.Expiry {
        do { return try timer.read() } catch {
            log.error("reminder timer: \(error)")
            return .none
        }
    }
}
