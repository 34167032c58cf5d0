// Model benchmark: plan + fill of the longest route, and an anchored replan, in ns/op (release build).
#if canImport(Glibc)
import Glibc
#endif
import MetroModel

/// Monotonic clock in nanoseconds.
func monotonicNanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}

/// One diagnostic line on standard error.
func complain(_ message: String) {
    let line = Array("metrotimer-modelbench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// The network file: the first argument, else `Data/kyiv-metro.json` in the working directory or above it.
func loadNetwork() -> Network {
    var candidates: [String] = []
    if CommandLine.arguments.count > 1 { candidates.append(CommandLine.arguments[1]) }
    var buffer = [CChar](repeating: 0, count: 4096)
    if getcwd(&buffer, buffer.count) != nil {
        var directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while !directory.isEmpty {
            candidates.append(directory + "/Data/kyiv-metro.json")
            directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        }
    }
    for path in candidates {
        guard let file = fopen(path, "rb") else { continue }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        do {
            return try Network.load(json: bytes)
        } catch {
            complain("\(path): \(error)")
            exit(65)
        }
    }
    complain("cannot find Data/kyiv-metro.json (give its path as the argument)")
    exit(66)
}

/// Runs `body` repeatedly for about `budget` nanoseconds and returns ns/op.
@inline(never)
func measure(_ name: String, budget: Int64 = 400_000_000, _ body: () -> Int) -> Double {
    var sink = 0
    for _ in 0..<100 { sink &+= body() }  // warm up
    var iterations = 0
    let start = monotonicNanoseconds()
    var elapsed: Int64 = 0
    while elapsed < budget {
        for _ in 0..<100 { sink &+= body() }
        iterations += 100
        elapsed = monotonicNanoseconds() - start
    }
    let perOp = Double(elapsed) / Double(iterations)
    print("\(name): \(Int(perOp.rounded())) ns/op (\(iterations) iterations, checksum \(sink & 0xFF))")
    return perOp
}

let network = loadNetwork()
let calibration = CalibrationStore.empty
let t0Unix = KyivTime.unixSeconds(year: 2026, month: 8, day: 17, hour: 8, minute: 0)

// The longest route: most events, then the latest arrival.
var longest: (from: StationID, to: StationID, events: Int, seconds: Int) = ("", "", 0, 0)
for from in network.stationOrder {
    for to in network.stationOrder where from != to {
        guard let trip = try? network.startTrip(from: from, to: to, t0: Instant(seconds: t0Unix), wall: .unixTimeline,
                                                calibration: calibration) else { continue }
        let seconds = trip.arrival.seconds(since: trip.t0)
        if (trip.events.count, seconds) > (longest.events, longest.seconds) {
            longest = (from, to, trip.events.count, seconds)
        }
    }
}
print("longest route: \(longest.from) → \(longest.to), \(longest.events) events, \(longest.seconds) s")

_ = measure("plan + fill (longest route)") {
    let trip = try! network.startTrip(from: longest.from, to: longest.to, t0: Instant(seconds: t0Unix),
                                      wall: .unixTimeline, calibration: calibration)
    return trip.events.count
}

let trip = try! network.startTrip(from: longest.from, to: longest.to, t0: Instant(seconds: t0Unix),
                                  wall: .unixTimeline, calibration: calibration)
let now = trip.t0 + 600
_ = measure("anchored replan (+1 step)") {
    let corrected = try! network.step(trip, delta: 1, now: now, calibration: calibration)
    return corrected.events.count
}
_ = measure("alerts + firing decision") {
    let plans = trip.alerts()
    return AlertFiring.evaluate(plans: plans, fired: [:], previousPlans: nil, now: now).arm.count
}
_ = measure("service check") { network.serviceIssue(for: trip) == nil ? 0 : 1 }
