import MetroSystem

/// Converts a `CLOCK_MONOTONIC` instant (how libgpiod stamps GPIO events) to `CLOCK_BOOTTIME` (the
/// clock trips live on).
///
/// The two clocks tick together and differ only by the time spent suspended, so the conversion adds the
/// current BOOTTIME−MONOTONIC offset. The only error source is a suspend between the edge and the sampling
/// of the offset: the converted instant would then be late by the suspended time. Sample right after
/// reading the events, and a suspend in that window is the rider's pocket closing mid-read.
public struct MonotonicToBoottime: Sendable, Equatable {
    /// BOOTTIME − MONOTONIC in nanoseconds: zero until the system first suspends, never negative.
    public let offsetNs: Int64
    /// Half the width of the sampling window: how far the estimated offset can be from the true one.
    public let uncertaintyNs: Int64

    /// A converter with a known offset (for tests and for replaying recorded data).
    public init(offsetNs: Int64, uncertaintyNs: Int64 = 0) {
        self.offsetNs = offsetNs
        self.uncertaintyNs = uncertaintyNs
    }

    /// Samples the offset now: reads MONOTONIC, BOOTTIME, MONOTONIC a few times and keeps the tightest
    /// bracket (a preemption between the reads only widens one attempt), taking its midpoint.
    public static func sampleNow() -> MonotonicToBoottime {
        var best = MonotonicToBoottime(offsetNs: 0, uncertaintyNs: .max)
        for _ in 0..<3 {
            let before = Clocks.now(.monotonic)
            let boot = Clocks.now(.boottime)
            let after = Clocks.now(.monotonic)
            let halfWindow = (after - before + 1) / 2
            if halfWindow < best.uncertaintyNs {
                // The true offset is never negative; a midpoint estimate can be, by up to the half window.
                let midpoint = before + (after - before) / 2
                best = MonotonicToBoottime(offsetNs: max(0, boot - midpoint), uncertaintyNs: halfWindow)
            }
        }
        return best
    }

    /// The `CLOCK_BOOTTIME` instant of a `CLOCK_MONOTONIC` instant.
    public func boottime(fromMonotonic monotonicNs: Int64) -> Int64 {
        monotonicNs + offsetNs
    }
}
