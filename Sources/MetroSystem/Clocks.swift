internal import CLinuxShim
import Glibc

/// The kernel clocks metrotimer reads.
public enum ClockID: Sendable, Hashable {
    /// `CLOCK_BOOTTIME`: monotonic and counts time spent suspended; the schedule lives here.
    case boottime
    /// `CLOCK_MONOTONIC`: monotonic, stops while suspended.
    case monotonic
    /// `CLOCK_REALTIME`: the wall clock, which NTP or GPS may step.
    case realtime

    /// The kernel's `clockid_t` for this clock.
    public var rawValue: Glibc.clockid_t {
        switch self {
        case .boottime: clockid_t(clinux_clock_boottime())
        case .monotonic: clockid_t(clinux_clock_monotonic())
        case .realtime: clockid_t(clinux_clock_realtime())
        }
    }
}

/// Reads of the kernel clocks, in nanoseconds.
public enum Clocks {
    /// The current value of `clock` in nanoseconds.
    public static func now(_ clock: ClockID) -> Int64 {
        var time = timespec()
        // clock_gettime cannot fail for these clocks with a valid pointer.
        _ = clock_gettime(clock.rawValue, &time)
        return nanoseconds(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }

    /// `seconds` + `nanoseconds` as one count of nanoseconds, saturated at the ends of `Int64`.
    ///
    /// A nanosecond `Int64` ends in April 2262: a wall clock set later (a dead RTC, a hostile `date -s`) reads
    /// as the last representable instant instead of trapping; callers judge such a reading implausible.
    public static func nanoseconds(seconds: Int64, nanoseconds: Int64) -> Int64 {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, sumOverflow) = whole.addingReportingOverflow(nanoseconds)
        if sumOverflow { return nanoseconds < 0 ? .min : .max }
        return sum
    }

    /// `CLOCK_BOOTTIME − CLOCK_MONOTONIC` in nanoseconds: how long the machine has been suspended.
    ///
    /// Used to convert kernel timestamps taken on the monotonic clock (GPIO edges) to the boot-time clock.
    /// Each sample brackets one boot-time read between two monotonic reads; the tightest of three samples
    /// wins, so a preemption in the middle of one sample does not skew the answer.
    public static func bootMinusMonotonic() -> Int64 {
        var bestGap = Int64.max
        var bestOffset: Int64 = 0
        for _ in 0..<3 {
            let before = now(.monotonic)
            let boot = now(.boottime)
            let after = now(.monotonic)
            let gap = after - before
            if gap < bestGap {
                bestGap = gap
                bestOffset = boot - (before + gap / 2)
            }
        }
        return bestOffset
    }

    /// Whether the kernel considers the wall clock synchronised (`adjtimex`: no `STA_UNSYNC`, not
    /// `TIME_ERROR`). False also when the state cannot be read, since then nothing vouches for the clock.
    public static func isWallClockSynchronised() -> Bool {
        clinux_clock_is_synchronised() == 1
    }

    /// This boot's identity from `/proc/sys/kernel/random/boot_id`, or nil when it cannot be read.
    ///
    /// Boot-time instants stored on disk are only meaningful within the boot that produced them.
    public static func bootID() -> String? {
        guard let file = try? FileDescriptor.open("/proc/sys/kernel/random/boot_id", flags: O_RDONLY),
              let bytes = try? file.read(upTo: 128)
        else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        return text.isEmpty ? nil : text
    }
}
