import CLinuxShim
import Glibc
import Testing
@testable import MetroSystem

/// The reminders' wall-clock timerfd, for real: it expires at its Unix instant, and a step of the wall clock
/// cancels it (`TFD_TIMER_CANCEL_ON_SET`: the read fails with `ECANCELED`).
@Suite(.serialized) struct WallClockTimerTests {
    @Test func expiresAtItsWallClockInstant() throws {
        let timer = try WallClockTimer()
        let loop = try EventLoop()
        var result: WallClockTimer.Expiry?
        var readAt: Int64 = 0
        _ = try loop.register(fd: timer.fd.rawValue) { _ in
            readAt = Clocks.now(.realtime)
            result = try? timer.read()
        }
        let instant = Clocks.now(.realtime) + 200_000_000
        try timer.arm(atUnixNanoseconds: instant)
        let early = try timer.read()
        if Clocks.now(.realtime) < instant {
            #expect(early == WallClockTimer.Expiry.none, "not yet")
        } else if early == .expired {
            // The process was held past the instant between arming and reading: "not yet" cannot be judged, and
            // the read took the expiry the loop would have seen.
            print("WallClockTimerTests: held \(Clocks.now(.realtime) - instant) ns past the instant; 'not yet' not judged")
            result = early
            readAt = Clocks.now(.realtime)
        }
        try runLoop(loop) { result != nil }
        #expect(result == .expired)
        #expect(readAt >= instant)
        #expect(timer.armedUnixNanoseconds == nil)
        #expect(try timerfdClockID(timer.fd.rawValue) == timer.clock.rawValue)
        if timer.clock == .realtime {
            #expect(timer.fallbackReason != nil, "the fallback says why CLOCK_REALTIME_ALARM was refused")
        }
    }

    @Test func disarmedItNeverExpires() throws {
        let timer = try WallClockTimer()
        try timer.arm(atUnixNanoseconds: Clocks.now(.realtime) + 20_000_000)
        try timer.disarm()
        var pollFD = pollfd(fd: timer.fd.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollFD, 1, 100) == 0)
        #expect(try timer.read() == WallClockTimer.Expiry.none)
    }

    /// Steps the wall clock by +1 ns and back by −1 ns (`adjtimex` `ADJ_SETOFFSET`): two real "clock was set"
    /// events that leave the clock where it was. Needs `CAP_SYS_TIME` (the test suite runs as root).
    func stepWallClockByNothing() throws {
        for (seconds, nanoseconds) in [(0, 1), (-1, 999_999_999)] {
            var change = timex()
            change.modes = UInt32(ADJ_SETOFFSET | ADJ_NANO)
            change.time.tv_sec = seconds
            change.time.tv_usec = nanoseconds
            guard adjtimex(&change) >= 0 else { throw SystemError.current("adjtimex ADJ_SETOFFSET") }
        }
    }

    @Test func aStepOfTheWallClockCancelsItWithECANCELED() throws {
        let timer = try WallClockTimer()
        try timer.arm(atUnixNanoseconds: Clocks.now(.realtime) + 3_600_000_000_000)
        #expect(try timer.read() == WallClockTimer.Expiry.none)
        try stepWallClockByNothing()
        var pollFD = pollfd(fd: timer.fd.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollFD, 1, 5_000) == 1, "a cancelled timer is readable at once")
        #expect(try timer.read() == .clockStepped)
        #expect(timer.armedUnixNanoseconds == nil)
        // Re-armed on the new clock it works as before.
        try timer.arm(atUnixNanoseconds: Clocks.now(.realtime) + 10_000_000)
        #expect(poll(&pollFD, 1, 5_000) == 1)
        #expect(try timer.read() == .expired)
    }
}
