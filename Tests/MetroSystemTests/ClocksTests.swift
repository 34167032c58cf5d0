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
        let wall = Clocks.now(.realtime) / 1_000_000_000
        #expect(abs(wall - Int64(time(nil))) <= 1)
    }

    @Test func bootMinusMonotonicIsTheSuspendedTime() {
        let offset = Clocks.bootMinusMonotonic()
        // Boot time is never behind monotonic; the midpoint estimate may be off by half a read gap.
        #expect(offset > -1_000_000)
        let direct = Clocks.now(.boottime) - Clocks.now(.monotonic)
        #expect(abs(direct - offset) < 50_000_000)
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
