internal import CLinuxShim
import Glibc

/// A timerfd that expires at absolute instants on the boot-time clock.
///
/// It prefers `CLOCK_BOOTTIME_ALARM`, which also wakes a suspended system, and falls back to
/// `CLOCK_BOOTTIME` when that is not permitted (it needs `CAP_WAKE_ALARM`) or not supported; `clock` and
/// `fallbackReason` say which one it got so the status can report it. Both clocks count suspend and neither
/// moves when the wall clock is stepped. The descriptor is nonblocking and close-on-exec.
public final class KernelTimer {
    /// Which kernel clock the timer runs on.
    public enum Clock: Sendable, Hashable, CustomStringConvertible {
        /// `CLOCK_BOOTTIME_ALARM`: wakes the system from suspend.
        case boottimeAlarm
        /// `CLOCK_BOOTTIME`: counts suspend but does not wake the system.
        case boottime

        /// The kernel's `clockid_t`.
        public var rawValue: Int32 {
            switch self {
            case .boottimeAlarm: clinux_clock_boottime_alarm()
            case .boottime: clinux_clock_boottime()
            }
        }

        /// `CLOCK_BOOTTIME_ALARM` or `CLOCK_BOOTTIME`.
        public var description: String {
            switch self {
            case .boottimeAlarm: "CLOCK_BOOTTIME_ALARM"
            case .boottime: "CLOCK_BOOTTIME"
            }
        }
    }

    /// The clock the timer runs on.
    public let clock: Clock
    /// Why `CLOCK_BOOTTIME_ALARM` was refused when it was preferred (e.g. `EPERM`), nil otherwise.
    public let fallbackReason: Errno?
    /// The timerfd. Register it for `.readable` and call `acknowledge()` when it fires.
    public let fd: FileDescriptor
    /// The boot-time instant the timer is armed for, nil when disarmed or once its expiry was acknowledged.
    public private(set) var armedInstant: Int64?

    /// Creates the timer, trying `CLOCK_BOOTTIME_ALARM` first when `preferAlarm` is true.
    public init(preferAlarm: Bool = true) throws {
        let flags = clinux_tfd_nonblock() | clinux_tfd_cloexec()
        var refusal: Errno?
        if preferAlarm {
            let fd = timerfd_create(Clock.boottimeAlarm.rawValue, flags)
            if fd >= 0 {
                self.clock = .boottimeAlarm
                self.fallbackReason = nil
                self.fd = FileDescriptor(owning: fd)
                return
            }
            let failure = Errno.current
            // EPERM: no CAP_WAKE_ALARM. EINVAL/EOPNOTSUPP: a kernel without alarm timers.
            guard [.notPermitted, .invalidArgument, .notSupported].contains(failure) else {
                throw SystemError("timerfd_create CLOCK_BOOTTIME_ALARM", errno: failure)
            }
            refusal = failure
        }
        let fd = timerfd_create(Clock.boottime.rawValue, flags)
        guard fd >= 0 else { throw SystemError.current("timerfd_create CLOCK_BOOTTIME") }
        self.clock = .boottime
        self.fallbackReason = refusal
        self.fd = FileDescriptor(owning: fd)
    }

    /// Arms the timer to expire once at `instant` on the boot-time clock (absolute, `TFD_TIMER_ABSTIME`).
    /// An instant already past expires at once. Replaces any earlier arming.
    public func arm(atBoottimeNanoseconds instant: Int64) throws {
        // An all-zero it_value would disarm; the earliest representable instant still fires at once.
        let target = max(instant, 1)
        var setting = itimerspec(it_interval: Glibc.timespec(), it_value: Self.makeTimespec(nanoseconds: target))
        guard timerfd_settime(fd.rawValue, clinux_tfd_timer_abstime(), &setting, nil) == 0 else {
            throw SystemError.current("timerfd_settime \(clock) at \(instant) ns")
        }
        armedInstant = instant
    }

    /// Disarms the timer; an expiry not yet acknowledged is discarded with it.
    public func disarm() throws {
        var setting = itimerspec()
        guard timerfd_settime(fd.rawValue, 0, &setting, nil) == 0 else {
            throw SystemError.current("timerfd_settime \(clock) disarm")
        }
        armedInstant = nil
    }

    /// Nanoseconds until the next expiry as the kernel sees it (`timerfd_gettime`): 0 once expired,
    /// nil when disarmed.
    ///
    /// Disarmed is decided here, not by the kernel: for alarm clocks `timerfd_gettime` keeps reporting the
    /// old expiry after a disarm.
    public func remainingNanoseconds() throws -> Int64? {
        guard armedInstant != nil else { return nil }
        var setting = itimerspec()
        guard timerfd_gettime(fd.rawValue, &setting) == 0 else {
            throw SystemError.current("timerfd_gettime \(clock)")
        }
        let remaining = Int64(setting.it_value.tv_sec) * 1_000_000_000 + Int64(setting.it_value.tv_nsec)
        return max(remaining, 0)
    }

    /// Reads and clears the expiration count: how many times it expired since the last call, 0 if none.
    public func acknowledge() throws -> UInt64 {
        var expirations: UInt64 = 0
        let count = try withUnsafeMutableBytes(of: &expirations) { (buffer) throws -> Int? in
            try fd.read(into: buffer)
        }
        guard count == 8, expirations > 0 else { return 0 }
        armedInstant = nil  // one-shot: an expired timer is disarmed
        return expirations
    }

    private static func makeTimespec(nanoseconds: Int64) -> timespec {
        Glibc.timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }
}
