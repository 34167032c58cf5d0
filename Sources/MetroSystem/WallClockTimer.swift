internal import CLinuxShim
import Glibc

/// A timerfd that expires at an absolute wall-clock instant (Unix time), for things that mean a time on the
/// clock — a reminder at 07:40 — rather than a duration.
///
/// It prefers `CLOCK_REALTIME_ALARM`, which also wakes a suspended system (it needs `CAP_WAKE_ALARM`), and falls
/// back to `CLOCK_REALTIME`; `clock` and `fallbackReason` say which. It is armed with `TFD_TIMER_CANCEL_ON_SET`:
/// when the wall clock is stepped (set by hand, by NTP, by GPS time) the kernel cancels the timer and the next
/// read fails with `ECANCELED`, so the owner can re-derive the instant on the new clock. The descriptor is
/// nonblocking and close-on-exec.
public final class WallClockTimer {
    /// Which kernel clock the timer runs on.
    public enum Clock: Sendable, Hashable, CustomStringConvertible {
        /// `CLOCK_REALTIME_ALARM`: wakes the system from suspend.
        case realtimeAlarm
        /// `CLOCK_REALTIME`: does not wake a suspended system.
        case realtime

        public var rawValue: Int32 {
            switch self {
            case .realtimeAlarm: clinux_clock_realtime_alarm()
            case .realtime: clinux_clock_realtime()
            }
        }

        public var description: String {
            switch self {
            case .realtimeAlarm: "CLOCK_REALTIME_ALARM"
            case .realtime: "CLOCK_REALTIME"
            }
        }
    }

    /// What a read of the timer found.
    public enum Expiry: Sendable, Equatable {
        /// Nothing yet (a spurious wake-up).
        case none
        /// The instant was reached.
        case expired
        /// The wall clock was stepped while the timer was armed: the arming is void, re-derive and arm again.
        case clockStepped
    }

    public let clock: Clock
    /// Why `CLOCK_REALTIME_ALARM` was refused (e.g. `EPERM` without `CAP_WAKE_ALARM`), nil when it was granted.
    public let fallbackReason: Errno?
    /// The timerfd: register it for `.readable` and call `read()` when it is.
    public let fd: FileDescriptor
    /// The Unix instant (nanoseconds) armed for, nil when disarmed.
    public private(set) var armedUnixNanoseconds: Int64?

    /// Creates the timer, trying `CLOCK_REALTIME_ALARM` first.
    public init(preferAlarm: Bool = true) throws {
        let flags = clinux_tfd_nonblock() | clinux_tfd_cloexec()
        var refusal: Errno?
        if preferAlarm {
            let fd = timerfd_create(Clock.realtimeAlarm.rawValue, flags)
            if fd >= 0 {
                clock = .realtimeAlarm
                fallbackReason = nil
                self.fd = FileDescriptor(owning: fd)
                return
            }
            let failure = Errno.current
            guard [.notPermitted, .invalidArgument, .notSupported].contains(failure) else {
                throw SystemError("timerfd_create CLOCK_REALTIME_ALARM", errno: failure)
            }
            refusal = failure
        }
        let fd = timerfd_create(Clock.realtime.rawValue, flags)
        guard fd >= 0 else { throw SystemError.current("timerfd_create CLOCK_REALTIME") }
        clock = .realtime
        fallbackReason = refusal
        self.fd = FileDescriptor(owning: fd)
    }

    /// Arms the timer for one absolute Unix instant, cancelled by any step of the wall clock. An instant already
    /// past expires at once.
    public func arm(atUnixNanoseconds instant: Int64) throws {
        let target = max(instant, 1)
        var setting = itimerspec(
            it_interval: Glibc.timespec(),
            it_value: Glibc.timespec(tv_sec: Int(target / 1_000_000_000), tv_nsec: Int(target % 1_000_000_000)))
        let flags = clinux_tfd_timer_abstime() | clinux_tfd_timer_cancel_on_set()
        guard timerfd_settime(fd.rawValue, flags, &setting, nil) == 0 else {
            throw SystemError.current("timerfd_settime \(clock) at Unix \(instant) ns")
        }
        armedUnixNanoseconds = instant
    }

    /// Disarms the timer.
    public func disarm() throws {
        var setting = itimerspec()
        guard timerfd_settime(fd.rawValue, 0, &setting, nil) == 0 else {
            throw SystemError.current("timerfd_settime \(clock) disarm")
        }
        armedUnixNanoseconds = nil
    }

    /// Reads the timer: expired, the clock was stepped (`ECANCELED`), or nothing.
    public func read() throws -> Expiry {
        var expirations: UInt64 = 0
        let count = withUnsafeMutableBytes(of: &expirations) { Glibc.read(fd.rawValue, $0.baseAddress, 8) }
        if count == 8 && expirations > 0 {
            armedUnixNanoseconds = nil
            return .expired
        }
        guard count < 0 else { return .none }
        let failure = Errno.current
        if failure.rawValue == ECANCELED {
            armedUnixNanoseconds = nil
            return .clockStepped
        }
        if failure.rawValue == EAGAIN || failure.rawValue == EINTR { return .none }
        throw SystemError("read timerfd \(clock)", errno: failure)
    }
}
