// Model benchmark: plan + fill of the longest route, an anchored replan, the route planner with any number of
// changes, the motion detector and station decoder, and loading network files, in ns/op (release build). Usage: metrotimer-modelbench [KYIV] [SCHEMA2-FILE...]
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
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

/// The network file's bytes: the first argument, else `Data/kyiv-metro.json` in the working directory or above it.
func networkBytes() -> (path: String, bytes: [UInt8]) {
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
        return (path, bytes)
    }
    complain("cannot find Data/kyiv-metro.json (give its path as the argument)")
    exit(66)
}

let (networkPath, kyivBytes) = networkBytes()
let network: Network
do {
    network = try Network.load(json: kyivBytes)
} catch {
    complain("\(networkPath): \(error)")
    exit(65)
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

// The route planner with any number of changes: Kyiv's longest route, and corner to corner on a synthetic grid of
// 500 stations (a line along each of 20 rows and 25 columns) as a schema 2 file.
let kyivPlanner = RoutePlanner(graph: RouteGraph(network: network, calibration: calibration))
let kyivHeadway = network.routeHeadway(departingAtUnixSeconds: t0Unix)
_ = measure("route planner (Kyiv, longest route)") {
    (try? kyivPlanner.plan(from: longest.from, to: longest.to, headway: kyivHeadway))?.legs.count ?? 0
}

func gridFile(rows: Int, columns: Int) -> GeneralNetworkFile {
    func station(_ row: Int, _ column: Int) -> String { "g\(row)-\(column)" }
    func line(_ id: String, _ stations: [String]) -> GeneralNetworkFile.LineRecord {
        .init(id: id, uk: id, en: id, color: "#000000", patterns: [
            .init(id: id + "f", direction: "forward", stations: stations, trips: [:]),
            .init(id: id + "b", direction: "backward", stations: stations.reversed(), trips: [:]),
        ])
    }
    let lines = (0..<rows).map { row in line("h\(row)", (0..<columns).map { station(row, $0) }) }
        + (0..<columns).map { column in line("v\(column)", (0..<rows).map { station($0, column) }) }
    let stations = (0..<rows).flatMap { row in
        (0..<columns).map { column in
            GeneralNetworkFile.StationRecord(id: station(row, column), uk: "", en: "", lat: 0, lon: 0, surface: false,
                                             closed: false, aliases: [])
        }
    }
    return GeneralNetworkFile(
        about: "grid", provenance: .init(source: "bench", agency: "bench", publisher: nil, feed_version: nil,
                                         valid_from: "", valid_to: "", imported: ""),
        time_zone: "UTC", defaults: .init(running_s: 100, dwell_s: 20), lines: lines, stations: stations,
        segments: [], transfers: [], headways: [], service_hours: [])
}
let gridPlanner = RoutePlanner(graph: RouteGraph(file: gridFile(rows: 20, columns: 25)))
_ = measure("route planner (500-station grid, corner to corner)") {
    (try? gridPlanner.plan(from: "g0-0", to: "g19-24") { _, _, _ in 240 })?.legs.count ?? 0
}
_ = measure("route planner (500-station grid, at most 0 changes: refused)") {
    (try? gridPlanner.plan(from: "g0-0", to: "g19-24", maxChanges: 0) { _, _, _ in 240 })?.legs.count ?? 0
}

// Motion (model §5.5), the work of the riding daemon's once-a-second wake-up: the stop detector over a second's
// samples (50), on an hour of a synthetic ride (130 s cycles: a pull-away, running, braking, a 30 s stand); and the
// station decoder at a stop over the runs felt since the anchor on a long ride (the engine runs it once a stop).
/// Uniform in −1 … 1 (xorshift64*): the same stream every run.
struct Noise {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next() -> Double {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Double((state &* 2_685_821_657_736_338_717) >> 11) / Double(UInt64(1) << 53) * 2 - 1
    }
}
var noise = Noise()
let rideSeconds = 3600
let rideBatches: [[AccelerationSample]] = (0..<rideSeconds).map { second in
    let phase = second % 130
    let (shake, along): (Double, Double) = switch phase {
    case ..<15: (0.25, 1.0)  // pulling away
    case ..<85: (0.3, 0)  // running
    case ..<100: (0.25, -1.0)  // braking
    default: (0.02, 0)  // standing
    }
    return (0..<50).map { i in
        AccelerationSample(at: Instant(nanoseconds: Int64(second * 50 + i) * 20_000_000),
                           x: along + shake * noise.next(), y: shake * noise.next(), z: 9.81 + shake * noise.next())
    }
}
var detectorBest = Int64.max
var detectorEvents = 0
for _ in 0..<5 {
    var detector = StopDetector()
    var events = 0
    let start = monotonicNanoseconds()
    for batch in rideBatches { events += detector.take(batch).count }
    detectorBest = min(detectorBest, monotonicNanoseconds() - start)
    detectorEvents = events
}
print("stop detector, a second's 50 samples: \(detectorBest / Int64(rideSeconds)) ns/op "
      + "(best of 5 synthetic hours, \(detectorEvents) events an hour)")
let decoderSegments = 30
let decoder = StationDecoder(running: [Double](repeating: 110, count: decoderSegments),
                             dwell: [Double](repeating: 30, count: decoderSegments))
let feltRuns = (0..<decoderSegments - 2).map { _ in 110 + 8 * noise.next() }
_ = measure("station decoder at a stop (\(feltRuns.count) runs since the anchor, \(decoderSegments) segments)") {
    decoder.placement(runs: feltRuns)?.places.count ?? 0
}

// Loading a network file, as the daemon and every command do at start-up, per station: Kyiv's in schema 1, the same
// network in schema 2 (as an import writes it), and the 500-station grid in schema 2.
func perStation(_ name: String, stations: Int, bytes: Int, _ body: () -> Int) {
    let perOp = measure(name, budget: 1_000_000_000, body)
    print("  \(Int((perOp / Double(stations)).rounded())) ns per station (\(stations) stations), "
          + "\(Int((perOp / Double(bytes) * 1024).rounded())) ns per KiB (\(bytes / 1024) KiB)")
}
let kyivStations = network.stations.count
perStation("load Kyiv, schema 1", stations: kyivStations, bytes: kyivBytes.count) {
    (try? Network.load(json: kyivBytes))?.stations.count ?? 0
}
let kyivSchemaTwo = Array(try! JSONEncoder().encode(GeneralNetworkFile(network: network)))
perStation("load Kyiv, schema 2", stations: kyivStations, bytes: kyivSchemaTwo.count) {
    (try? GeneralNetwork.load(json: kyivSchemaTwo))?.file.stations.count ?? 0
}
let gridBytes = Array(try! JSONEncoder().encode(gridFile(rows: 20, columns: 25)))
perStation("load the 500-station grid, schema 2", stations: 500, bytes: gridBytes.count) {
    (try? GeneralNetwork.load(json: gridBytes))?.file.stations.count ?? 0
}
// Any further arguments: schema 2 network files (an imported feed's), loaded the same way.
for path in CommandLine.arguments.dropFirst(2) {
    guard let file = fopen(path, "rb") else {
        complain("cannot open \(path)")
        exit(66)
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
    fclose(file)
    guard let loaded = try? GeneralNetwork.load(json: bytes) else {
        complain("\(path): not a schema 2 network file")
        exit(65)
    }
    perStation("load \(path), schema 2", stations: loaded.file.stations.count, bytes: bytes.count) {
        (try? GeneralNetwork.load(json: bytes))?.file.stations.count ?? 0
    }
}
