import Dispatch
import Glibc
import MetroSystem
import Synchronization

/// Arms `samples` one-shot alarms 20–40 ms ahead, one after another, through the `EventLoop` with an
/// `KernelTimer` and, taking turns in blocks of 10, the same delays through a `DispatchSourceTimer`, and reports
/// how late each fired.
struct AlertLatenessBenchmark {
    let samples: Int
    let loaded: Bool

    func run() throws {
        let delays = (0..<samples).map { _ in Int64.random(in: 20_000_000...40_000_000) }
        let load = loaded ? CPULoad(threads: 2) : nil
        // The two sources take turns in blocks of 10, so a neighbour's burst or the scheduler settling on the
        // load hits both alike instead of whichever happened to run first.
        var timerfd: [Int64] = []
        var dispatch: [Int64] = []
        var start = 0
        while start < delays.count {
            let block = Array(delays[start..<min(start + 10, delays.count)])
            timerfd += try measureTimerfd(delays: block)
            dispatch += measureDispatch(delays: block)
            start += 10
        }
        load?.stop()

        let timerfdStats = LatenessStatistics(nanoseconds: timerfd)
        let dispatchStats = LatenessStatistics(nanoseconds: dispatch)
        let condition = loaded ? "loaded" : "idle"
        print("alert lateness, \(samples) alarms 20–40 ms ahead, \(condition) (µs)")
        print("  source              p50       p99       max")
        print("  timerfd+epoll  \(timerfdStats.row)")
        print("  dispatch       \(dispatchStats.row)")
        let ratio = { (a: Double, b: Double) in b > 0 ? a / b : 0 }
        print("  ratio timerfd/dispatch: p50 \(format(ratio(timerfdStats.p50, dispatchStats.p50), 2)), "
            + "p99 \(format(ratio(timerfdStats.p99, dispatchStats.p99), 2))")
        print("BENCH alert-lateness condition=\(condition) samples=\(samples)"
            + " timerfd_p50_us=\(format(timerfdStats.p50, 1)) timerfd_p99_us=\(format(timerfdStats.p99, 1))"
            + " timerfd_max_us=\(format(timerfdStats.max, 1))"
            + " dispatch_p50_us=\(format(dispatchStats.p50, 1)) dispatch_p99_us=\(format(dispatchStats.p99, 1))"
            + " dispatch_max_us=\(format(dispatchStats.max, 1))"
            + " ratio_p50=\(format(ratio(timerfdStats.p50, dispatchStats.p50), 3))"
            + " ratio_p99=\(format(ratio(timerfdStats.p99, dispatchStats.p99), 3))")
    }

    /// Each alarm is an absolute boot-time instant; lateness is the boot-time clock read in the handler
    /// minus that instant.
    private func measureTimerfd(delays: [Int64]) throws -> [Int64] {
        let loop = try EventLoop()
        let timer = try KernelTimer()
        var lateness: [Int64] = []
        var instant: Int64 = 0
        _ = try loop.register(fd: timer.fd.rawValue) { _ in
            let now = Clocks.now(.boottime)
            if (try? timer.acknowledge()) ?? 0 > 0 {
                lateness.append(now - instant)
                loop.stop()
            }
        }
        for delay in delays {
            instant = Clocks.now(.boottime) + delay
            try timer.arm(atBoottimeNanoseconds: instant)
            try loop.run()
        }
        return lateness
    }

    /// The same delays on a strict DispatchSourceTimer on a private serial queue; lateness on the
    /// monotonic clock, which is what DispatchTime counts on Linux.
    private func measureDispatch(delays: [Int64]) -> [Int64] {
        let queue = DispatchQueue(label: "metrotimer-bench.dispatch")
        let fired = DispatchSemaphore(value: 0)
        let observed = Mutex<Int64>(0)
        var lateness: [Int64] = []
        for delay in delays {
            let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
            let start = DispatchTime.now()
            let instant = Int64(start.uptimeNanoseconds) + delay
            timer.setEventHandler {
                observed.withLock { $0 = Int64(DispatchTime.now().uptimeNanoseconds) }
                fired.signal()
            }
            timer.schedule(deadline: start + .nanoseconds(Int(delay)), leeway: .nanoseconds(0))
            timer.resume()
            fired.wait()
            timer.cancel()
            lateness.append(observed.withLock { $0 } - instant)
        }
        return lateness
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }
}

/// p50, p99 and max of a set of lateness samples, in microseconds.
struct LatenessStatistics {
    let p50: Double
    let p99: Double
    let max: Double

    init(nanoseconds: [Int64]) {
        let sorted = nanoseconds.sorted()
        func percentile(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let rank = Int((fraction * Double(sorted.count - 1)).rounded())
            return Double(sorted[rank]) / 1_000
        }
        p50 = percentile(0.50)
        p99 = percentile(0.99)
        max = percentile(1.0)
    }

    /// Three right-aligned columns.
    var row: String {
        [p50, p99, max].map { value in
            let text = "\((value * 10).rounded() / 10)"
            return String(repeating: " ", count: Swift.max(0, 10 - text.count)) + text
        }.joined()
    }
}

/// Busy-spinning threads that keep the cores loaded until `stop()`; they live only inside the bench.
final class CPULoad: Sendable {
    private let running = Atomic<Bool>(true)
    private let finished = DispatchGroup()

    init(threads: Int) {
        for number in 0..<threads {
            let queue = DispatchQueue(label: "metrotimer-bench.load.\(number)")
            queue.async(group: finished) { self.spin() }
        }
    }

    private func spin() {
        var counter: UInt64 = 0
        while running.load(ordering: .relaxed) {
            counter &+= 1
        }
        // Keeps the loop from being optimised away.
        if counter == .max { print("") }
    }

    /// Stops the spinning threads and waits for them to finish.
    func stop() {
        running.store(false, ordering: .relaxed)
        finished.wait()
    }
}
