import Glibc
import MetroGPIO
import Testing

/// The conversion against this machine's real clocks.
@Suite("CLOCK_MONOTONIC to CLOCK_BOOTTIME")
struct MonotonicToBoottimeTests {
    func now(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    @Test("the offset is never negative: boottime only adds suspended time")
    func offsetIsNotNegative() {
        let conversion = MonotonicToBoottime.sampleNow()
        #expect(conversion.offsetNs >= 0)
        #expect(conversion.uncertaintyNs >= 0 && conversion.uncertaintyNs < .max)
    }

    @Test("a monotonic reading converts into the boottime readings taken around it")
    func bracketsRealClocks() {
        let conversion = MonotonicToBoottime.sampleNow()
        // With no suspend in between, the true boottime of `monotonic` lies in [bootBefore, bootAfter];
        // the estimate may be off by the sampling uncertainty and nothing else.
        let bootBefore = now(CLOCK_BOOTTIME)
        let monotonic = now(CLOCK_MONOTONIC)
        let bootAfter = now(CLOCK_BOOTTIME)
        let converted = conversion.boottime(fromMonotonic: monotonic)
        #expect(converted >= bootBefore - conversion.uncertaintyNs)
        #expect(converted <= bootAfter + conversion.uncertaintyNs)
    }

    @Test("an instant in the past converts with the same offset (the edge precedes the read)")
    func pastInstant() {
        let conversion = MonotonicToBoottime.sampleNow()
        let monotonic = now(CLOCK_MONOTONIC)
        #expect(conversion.boottime(fromMonotonic: monotonic - 5_000_000_000)
                == conversion.boottime(fromMonotonic: monotonic) - 5_000_000_000)
    }

    @Test("a known offset is added exactly")
    func knownOffset() {
        let conversion = MonotonicToBoottime(offsetNs: 3_600_000_000_123)
        #expect(conversion.boottime(fromMonotonic: 42) == 3_600_000_000_165)
        #expect(MonotonicToBoottime(offsetNs: 0).boottime(fromMonotonic: 7) == 7)
    }
}
