import Foundation
import GPSTestSupport
import MetroModel
import Testing

/// A real gpsd (fed NMEA on loopback) and a real `metrotimerd` child told to use it, for the daemon's GPS tests.
///
/// Time: the daemon judges a fix's age by its receiver time against the *system* wall clock, whatever the time
/// scale, and places the fix where the model was when it was taken: its receipt on the model's timeline less its
/// age, scaled. So every fix here is stamped with the wall clock at the moment it is sent (or deliberately off
/// it), and a test that puts the train somewhere at a model instant reads "now" through `timeline` (status
/// instants are model instants, running `time_scale` times faster than the wall clock).
final class GPSDaemonRig {
    /// Stations of the M1 surface stretch (© OpenStreetMap contributors, ODbL 1.0), as in the network data.
    static let stations: [String: (latitude: Double, longitude: Double)] = [
        "hidropark": (50.44599, 30.57703),
        "livoberezhna": (50.45186, 30.59817),
        "darnytsia": (50.45594, 30.61284),
        "chernihivska": (50.45989, 30.63031),
        "lisova": (50.46451, 30.64548),
    ]
    /// Half way between Darnytsia and Chernihivska, 1.5 km north-west of the line between them (the bridge runs
    /// east-north-east): off every segment of the surface stretch.
    static let offTheLine = GPSDaemonRig.beside(from: "darnytsia", to: "chernihivska", share: 0.5, meters: 1500)
    /// Where gpsd is primed before the daemon connects (the Black Sea: far from any station).
    static let priming = (latitude: 43.0, longitude: 33.0)

    private(set) var gpsd: GPSDProcess?
    let gpsdPort: UInt16
    let daemon: DaemonProcess
    let timeScale: Double
    /// The model's timeline against this process's wall clock, measured when the trip starts (`startTrip`).
    private(set) var timeline: ModelTimeline?

    /// Starts gpsd (unless `startGPSD` is false: then the port is merely free) and the daemon at `timeScale`.
    init(timeScale: Double, startGPSD: Bool = true, extra: [String] = []) throws {
        if startGPSD {
            let gpsd = try GPSDProcess.start()
            self.gpsd = gpsd
            gpsdPort = gpsd.port
            try Self.prime(gpsd)
        } else {
            gpsdPort = try Loopback.freePort(type: Int32(SOCK_STREAM.rawValue))
        }
        self.timeScale = timeScale
        daemon = try DaemonProcess(timeScale: timeScale, extra: ["gpsd = 127.0.0.1:\(gpsdPort)", "log_level = debug"] + extra)
        try daemon.start()
    }

    deinit {
        daemon.stop()
        daemon.remove()
        gpsd?.stop()
    }

    /// gpsd reports a dated fix only after it has seen an RMC: send a few epochs far away and wait until an
    /// independent client has seen a position, so the daemon's first fix is an ordinary one.
    static func prime(_ gpsd: GPSDProcess) throws {
        let observer = try GPSDObserver(port: gpsd.port)
        for _ in 0..<3 {
            try gpsd.send(NMEA.epoch(unixNs: wallClockNowNs(), latitude: priming.latitude, longitude: priming.longitude))
            usleep(50_000)
        }
        try observer.waitForReport { $0.latitude == priming.latitude }
    }

    /// Starts gpsd again on the same port (after `killGPSD`, or for the first time when it was absent).
    func startGPSD() throws {
        let gpsd = try GPSDProcess.start(port: gpsdPort)
        self.gpsd = gpsd
        try Self.prime(gpsd)
    }

    /// Kills gpsd the way a crash looks (SIGKILL).
    func killGPSD() {
        gpsd?.stop(signal: SIGKILL)
        gpsd = nil
    }

    /// Chooses a route and starts the trip through the real command line.
    func startTrip(from: String, to: String) throws {
        let route = try daemon.cli(["route", from, to])
        guard route.status == 0 else { throw DaemonProcessError("route failed: \(route.stderr)") }
        let start = try daemon.cli(["start"])
        guard start.status == 0 else { throw DaemonProcessError("start failed: \(start.stderr)") }
        timeline = try ModelTimeline.measure(scale: timeScale) { try daemon.status()["now"] }
    }

    /// The model instant it is now (status instants are on this timeline).
    func modelNow() throws -> Date {
        try #require(timeline, "no trip started").model(atWall: Date())
    }

    /// One receiver epoch at a station (or any position), stamped `ageSeconds` before the wall clock now, with a
    /// speed over ground (RMC field 7, in knots): 0 by default, a train standing still.
    func send(at position: (latitude: Double, longitude: Double), ageSeconds: Double = 0, hdop: Double = 0.9,
              quality: Int = 1, speed: Double = 0) throws {
        try send(at: position, stampNs: wallClockNowNs() - Int64(ageSeconds * 1e9), hdop: hdop, quality: quality,
                 speed: speed)
    }

    /// One epoch at `position` taken at model instant `takenAt` (its age on arrival stretched by the scale).
    func send(at position: (latitude: Double, longitude: Double), takenAt model: Date, speed: Double = 0) throws {
        let wall = try #require(timeline, "no trip started").wall(atModel: model)
        try send(at: position, stampNs: Int64((wall.timeIntervalSince1970 * 1e9).rounded()), speed: speed)
    }

    private func send(at position: (latitude: Double, longitude: Double), stampNs stamp: Int64, hdop: Double = 0.9,
                      quality: Int = 1, speed: Double = 0) throws {
        let gpsd = try #require(gpsd, "gpsd is not running")
        try gpsd.send(NMEA.epoch(unixNs: stamp, latitude: position.latitude, longitude: position.longitude,
                                 hdop: hdop, quality: quality, speedMetersPerSecond: speed))
    }

    /// One receiver epoch of a train running from station `from` to `to` on the model's speed profile
    /// (`SegmentMotion`), having left at `departure` and taking `runningSeconds`: at the place and speed of the
    /// profile at the model instant the epoch is stamped at (now), shifted `lateSeconds` behind it.
    func sendRunning(from: String, to: String, departure: Date, runningSeconds: Double, lateSeconds: Double = 0) throws {
        let gpsd = try #require(gpsd, "gpsd is not running")
        let timeline = try #require(timeline, "no trip started")
        let stamp = wallClockNowNs()
        let model = timeline.model(atWall: Date(timeIntervalSince1970: Double(stamp) / 1e9))
        let elapsed = model.timeIntervalSince(departure) - lateSeconds
        let (position, speed) = try Self.onTheRun(from: from, to: to, runningSeconds: runningSeconds, elapsed: elapsed)
        try gpsd.send(NMEA.epoch(unixNs: stamp, latitude: position.latitude, longitude: position.longitude,
                                 speedMetersPerSecond: speed))
    }

    /// Where a train running `from` → `to` on the model's profile is `elapsed` seconds after its departure, and
    /// its speed there: the straight line between the stations, as the engine reads a fix.
    static func onTheRun(from: String, to: String, runningSeconds: Double, elapsed: Double) throws
        -> (position: (latitude: Double, longitude: Double), speed: Double)
    {
        let a = try station(from), b = try station(to)
        let length = projectOnSegment(latitude: b.latitude, longitude: b.longitude, from: a, to: b).length
        let motion = SegmentMotion(lengthMeters: length, runningSeconds: runningSeconds)
        let t = min(max(elapsed, 0), runningSeconds)
        var low = 0.0, high = length
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if motion.secondsToCover(mid) < t { low = mid } else { high = mid }
        }
        let share = low / length
        return ((a.latitude + (b.latitude - a.latitude) * share, a.longitude + (b.longitude - a.longitude) * share),
                motion.speed(at: low))
    }

    /// A point `share` of the way from station `from` to `to`, moved `meters` to the left of the line (flat
    /// metres around the point: far below a fix's error at these distances).
    static func beside(from: String, to: String, share: Double, meters: Double) -> (latitude: Double, longitude: Double) {
        let a = stations[from]!, b = stations[to]!
        let latitude = a.latitude + (b.latitude - a.latitude) * share
        let longitude = a.longitude + (b.longitude - a.longitude) * share
        let metresPerDegree = 6_371_008.8 * Double.pi / 180
        let cosine = cos(latitude * Double.pi / 180)
        let east = (b.longitude - a.longitude) * cosine * metresPerDegree, north = (b.latitude - a.latitude) * metresPerDegree
        let norm = (east * east + north * north).squareRoot()
        // Left of the direction of travel: (−north, east).
        return (latitude + meters * east / norm / metresPerDegree,
                longitude - meters * north / norm / (cosine * metresPerDegree))
    }

    /// A station's position.
    static func station(_ id: String) throws -> (latitude: Double, longitude: Double) {
        try #require(stations[id], "no coordinates for \(id)")
    }

    /// The trip's events from the status, by station: arrival and departure as instants.
    func events() throws -> [String: (arrival: Date, departure: Date)] {
        let events = try #require(try trip()["events"] as? [[String: Any]])
        var out: [String: (arrival: Date, departure: Date)] = [:]
        for event in events {
            guard let station = event["station"] as? String, let arrival = parseStatusInstant(event["arrival"]),
                  let departure = parseStatusInstant(event["departure"]) else { continue }
            out[station] = (arrival, departure)
        }
        return out
    }

    /// Sleeps until the model's timeline reaches `instant` (at once if it has).
    func sleep(untilModel instant: Date) throws {
        let left = try #require(timeline, "no trip started").wall(atModel: instant).timeIntervalSinceNow
        if left > 0 { usleep(useconds_t(left * 1_000_000)) }
    }

    /// The status document's `gps` block.
    func gps() throws -> [String: Any] {
        try #require(try daemon.status()["gps"] as? [String: Any])
    }

    /// `gps.accepted`.
    func accepted() throws -> Int { try gps()["accepted"] as? Int ?? 0 }

    /// `gps.last_snap.station`, nil before any accepted fix.
    func lastSnapStation() throws -> String? { (try gps()["last_snap"] as? [String: Any])?["station"] as? String }

    /// `gps.rejected[reason]`, 0 when absent.
    func rejected(_ reason: String) throws -> Int {
        (try gps()["rejected"] as? [String: Any])?[reason] as? Int ?? 0
    }

    /// Sends epochs made by `send` every 100 ms until `condition` holds (gpsd processes a new client's `?WATCH`
    /// a moment after the connection is made, so the first epoch may reach nobody). False after `timeout` s.
    func feed(timeout: Double = mustHappenWithin, _ send: () throws -> Void, until condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            try send()
            for _ in 0..<5 {
                if try condition() { return true }
                usleep(20_000)
            }
        }
        return try condition()
    }

    /// The trip block of the status.
    func trip() throws -> [String: Any] {
        try #require(try daemon.status()["trip"] as? [String: Any])
    }

    /// An alert of the current trip by kind (`next_stop`, `arrival`, `transfer`).
    func alert(_ kind: String) throws -> [String: Any] {
        let alerts = try #require(try trip()["alerts"] as? [[String: Any]])
        return try #require(alerts.first { $0["kind"] as? String == kind }, "no \(kind) alert in \(alerts)")
    }

    /// How many TCP clients gpsd has right now: established connections whose local end is gpsd's port, read
    /// from the kernel's socket tables (gpsd itself has no way to say).
    func gpsdClientCount() -> Int {
        let hexPort = String(format: ":%04X", gpsdPort)
        var count = 0
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                // sl local_address rem_address st ...; st 01 = ESTABLISHED
                guard fields.count > 3 else { continue }
                if fields[1].hasSuffix(hexPort) && fields[3] == "01" { count += 1 }
            }
        }
        return count
    }
}

/// ISO 8601 Kyiv time with milliseconds (`2026-08-17T22:41:15.250+03:00`) as a Date.
func parseStatusInstant(_ text: Any?) -> Date? {
    guard let text = text as? String else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
}

/// A daemon's model timeline against this process's wall clock: status instants are model instants, and they run
/// `scale` times faster than the wall clock. Measured from the status's `now` and the wall clock around the request
/// (the shortest of a few round trips, its midpoint): off by at most half a round trip, times the scale.
struct ModelTimeline {
    let scale: Double
    let modelAnchor: Date
    let wallAnchor: Date

    /// The model instant at wall instant `wall`.
    func model(atWall wall: Date) -> Date {
        modelAnchor.addingTimeInterval(wall.timeIntervalSince(wallAnchor) * scale)
    }

    /// The wall instant at which the model reaches `model`.
    func wall(atModel model: Date) -> Date {
        wallAnchor.addingTimeInterval(model.timeIntervalSince(modelAnchor) / scale)
    }

    /// Reads `now` (a status instant) a few times and keeps the reading with the shortest round trip.
    static func measure(scale: Double, now: () throws -> Any?) throws -> ModelTimeline {
        var best: (roundTrip: TimeInterval, timeline: ModelTimeline)?
        for _ in 0..<5 {
            let before = Date()
            let reading = try now()
            let after = Date()
            let model = try #require(parseStatusInstant(reading), "status now: \(String(describing: reading))")
            let roundTrip = after.timeIntervalSince(before)
            if best == nil || roundTrip < best!.roundTrip {
                let middle = before.addingTimeInterval(roundTrip / 2)
                best = (roundTrip, ModelTimeline(scale: scale, modelAnchor: model, wallAnchor: middle))
            }
        }
        return try #require(best).timeline
    }
}
