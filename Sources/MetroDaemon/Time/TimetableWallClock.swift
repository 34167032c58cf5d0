import MetroSystem
import Synchronization

/// The wall clock the timetable look-ups read (model §12.3): the system clock, unless the kernel says it is not
/// synchronised and gpsd has supplied a receiver time, in which case the system clock corrected by the last
/// receiver-minus-system offset stands in. A board without an RTC boots with a wrong clock; a GPS receiver on the
/// surface knows UTC to the second, which is all headways and service hours need.
///
/// Only the timetable uses it. The fix-age check compares the receiver time with the *system* clock on purpose:
/// measuring a fix's age against an offset learned from fixes would call every fix fresh.
final class TimetableWallClock: Sendable {
    /// Which clock a reading came from, as the status names it (`wall_clock.source`).
    enum Source: String, Sendable {
        case system
        case gps
    }

    private let offset = Mutex<Int64?>(nil)
    private let readSystem: @Sendable () -> Int64
    private let isSynchronised: @Sendable () -> Bool

    /// A source over the system clock and the kernel's synchronisation flag (injectable for tests).
    init(system: @escaping @Sendable () -> Int64 = { Clocks.now(.realtime) },
         isSynchronised: @escaping @Sendable () -> Bool = { Clocks.isWallClockSynchronised() })
    {
        readSystem = system
        self.isSynchronised = isSynchronised
    }

    /// Receiver times worth standing in for the system clock: from the GPS epoch (1980-01-06) to 2200. A stamp
    /// outside (a broken receiver or gpsd) is not a time at all; the fix itself is judged stale or future.
    static let plausibleReceiverTimes: Range<Int64> = 315_964_800_000_000_000 ..< 7_258_118_400_000_000_000

    /// Notes a receiver time and the system clock read when its fix arrived; an implausible one is ignored.
    func noteReceiverTime(unixNanoseconds receiver: Int64, systemNow: Int64) {
        guard Self.plausibleReceiverTimes.contains(receiver) else { return }
        let (difference, overflow) = receiver.subtractingReportingOverflow(systemNow)
        guard !overflow else { return }
        offset.withLock { $0 = difference }
    }

    /// Receiver time − system time at the last timed fix, nanoseconds; nil before any.
    var receiverOffsetNanoseconds: Int64? { offset.withLock { $0 } }

    /// The clock timetable look-ups use now.
    var source: Source {
        receiverOffsetNanoseconds != nil && !isSynchronised() ? .gps : .system
    }

    /// Unix time now, nanoseconds, from `source`.
    func now() -> Int64 {
        let system = readSystem()
        guard let offset = receiverOffsetNanoseconds, !isSynchronised() else { return system }
        // A system clock at the end of its range (see `Clocks.nanoseconds`) must not trap here.
        let (corrected, overflow) = system.addingReportingOverflow(offset)
        return overflow ? (offset < 0 ? .min : .max) : corrected
    }
}
