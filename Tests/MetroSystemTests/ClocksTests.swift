import CLinuxShim
import Foundation
import Glibc
import Testing
@testable import MetroSystem

@Suite struct ClocksTests {
    @Test func clocksAgreeWithTheKernel() {
        var reference = timespec()
        clock_gettime(CLOCK_BOOTTIME, &reference)
        let boot = Clocks.now(.boottime)
        let referenceNanoseconds = Int64(reference.tv_sec) * 1_000_000_000 + Int64(reference.tv_nsec)
        #expect(boot >= referenceNanoseconds)
        #expect(Clocks.now(.monotonic) <= Clocks.now(.boottime))
        // Bracketed by the kernel's own seconds read before and after, so a preemption between the reads cannot
        // fail it; `time()` may lag by one clock tick, hence one second of slack at the top.
        let secondBefore = Int64(time(nil))
        let wall = Clocks.now(.realtime) / 1_000_000_000
        let secondAfter = Int64(time(nil))
        #expect(wall >= secondBefore && wall <= secondAfter + 1, "\(secondBefore) \(wall) \(secondAfter)")
    }

    @Test func bootMinusMonotonicIsTheSuspendedTime() {
        let offset = Clocks.bootMinusMonotonic()
        // Boot time is never behind monotonic; the midpoint estimate may be off by half a read gap.
        #expect(offset > -1_000_000)
        // The true offset lies between boot-time reads taken before and after a monotonic one, however long a
        // loaded machine pauses between them; the estimate may be off by half its own read gap (50 ms is far more).
        let bootBefore = Clocks.now(.boottime)
        let monotonic = Clocks.now(.monotonic)
        let bootAfter = Clocks.now(.boottime)
        #expect(offset > bootBefore - monotonic - 50_000_000 && offset < bootAfter - monotonic + 50_000_000,
                "\(offset) outside \(bootBefore - monotonic)…\(bootAfter - monotonic)")
    }

    @Test func bootIDIsTheKernelsUUID() throws {
        let id = try #require(Clocks.bootID())
        let kernel = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
        #expect(id == kernel.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(UUID(uuidString: id) != nil)
    }

    @Test func synchronisationStateIsReadable() {
        // Cross-checked against a direct read-only adjtimex call: STA_UNSYNC clear and not TIME_ERROR.
        var state = timex()
        let result = adjtimex(&state)
        #expect(result != -1)
        let expected = result != TIME_ERROR && (state.status & STA_UNSYNC) == 0
        #expect(Clocks.isWallClockSynchronised() == expected)
    }
}
