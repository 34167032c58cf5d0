import CLinuxShim
import Glibc
import Testing
@testable import MetroSystem

@Suite struct KernelTimerTests {
    @Test func firesThroughTheEventLoopNotBeforeItsInstant() throws {
        let timer = try KernelTimer()
        let loop = try EventLoop()
        var firedAt: Int64?
        var expirations: UInt64 = 0
        _ = try loop.register(fd: timer.fd.rawValue) { _ in
            firedAt = Clocks.now(.boottime)
            expirations = (try? timer.acknowledge()) ?? 0
        }
        let instant = Clocks.now(.boottime) + 50_000_000
        try timer.arm(atBoottimeNanoseconds: instant)
        try runLoop(loop) { firedAt != nil }
        let fired = try #require(firedAt)
        #expect(fired >= instant)
        #expect(expirations == 1)
        #expect(try timer.acknowledge() == 0)  // nothing more pending
    }

    @Test func anInstantInThePastFiresAtOnce() throws {
        let timer = try KernelTimer()
        try timer.arm(atBoottimeNanoseconds: Clocks.now(.boottime) - 1_000_000_000)
        let loop = try EventLoop()
        var fired = false
        _ = try loop.register(fd: timer.fd.rawValue) { _ in fired = true }
        // Zero timeout: it must already be readable.
        try loop.runOnce(timeoutMilliseconds: 0)
        #expect(fired)
        #expect(try timer.acknowledge() == 1)
    }

    @Test func disarmPreventsFiring() throws {
        let timer = try KernelTimer()
        let instant = Clocks.now(.boottime) + 30_000_000
        try timer.arm(atBoottimeNanoseconds: instant)
        #expect(try timer.remainingNanoseconds() != nil)
        try timer.disarm()
        #expect(try timer.remainingNanoseconds() == nil)
        let loop = try EventLoop()
        var fired = false
        _ = try loop.register(fd: timer.fd.rawValue) { _ in fired = true }
        // Wait well past the instant it had.
        while Clocks.now(.boottime) < instant + 100_000_000 {
            try loop.runOnce(timeoutMilliseconds: 50)
        }
        #expect(!fired)
        #expect(try timer.acknowledge() == 0)
    }

    @Test func armingIsAbsoluteOnTheBootTimeClock() throws {
        let timer = try KernelTimer()
        // The kernel records the timer's clock: 9 CLOCK_BOOTTIME_ALARM, 7 CLOCK_BOOTTIME.
        #expect(try timerfdClockID(timer.fd.rawValue) == timer.clock.rawValue)
        let before = Clocks.now(.boottime)
        try timer.arm(atBoottimeNanoseconds: before + 10_000_000_000)
        // Interpreted on CLOCK_REALTIME this instant (seconds since boot) would lie decades in the past and
        // have expired at once; on the boot-time clock it is about ten seconds ahead.
        let remaining = try #require(try timer.remainingNanoseconds())
        #expect(remaining > 0 && remaining <= 10_000_000_000)
        #expect(remaining > 10_000_000_000 - (Clocks.now(.boottime) - before) - 1)
        var flags = fcntl(timer.fd.rawValue, F_GETFL)
        #expect(flags & O_NONBLOCK != 0)
        flags = fcntl(timer.fd.rawValue, F_GETFD)
        #expect(flags & FD_CLOEXEC != 0)
    }

    @Test func theClockInUseIsReportedWithOrWithoutWakeAlarmPermission() throws {
        let capability = clinux_cap_wake_alarm()
        let hasPermission = clinux_thread_has_effective_capability(capability) == 1
        let preferred = try KernelTimer(preferAlarm: true)
        if hasPermission && preferred.fallbackReason == nil {
            #expect(preferred.clock == .boottimeAlarm)
        } else {
            // Either no CAP_WAKE_ALARM, or a kernel without alarm timers: the fallback must say why.
            #expect(preferred.clock == .boottime)
            #expect(preferred.fallbackReason != nil)
        }
        #expect(try timerfdClockID(preferred.fd.rawValue) == preferred.clock.rawValue)

        // Capabilities are per thread: drop CAP_WAKE_ALARM from this thread's effective set only, so the
        // refusal path runs for real, then raise it again.
        if hasPermission {
            #expect(clinux_thread_set_effective_capability(capability, 0) == 0)
            defer { _ = clinux_thread_set_effective_capability(capability, 1) }
            let refused = try KernelTimer(preferAlarm: true)
            #expect(refused.clock == .boottime)
            #expect(refused.fallbackReason == .notPermitted)
            #expect(try timerfdClockID(refused.fd.rawValue) == KernelTimer.Clock.boottime.rawValue)
        }

        let plain = try KernelTimer(preferAlarm: false)
        #expect(plain.clock == .boottime)
        #expect(plain.fallbackReason == nil)
    }
}
