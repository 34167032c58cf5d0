import Foundation
import GPSTestSupport
import Testing

/// A real gpsd (fed NMEA on loopback) and a real `metrotimerd` child told to use it, for the daemon's GPS tests.
///
/// Time: the daemon judges a fix's age by its receiver time against the *system* wall clock, whatever the time
/// scale, so every fix here is stamped with the wall clock at the moment it is sent (or deliberately off it). The
/// scale only makes the model run faster: at scale S a model second passes in 1/S real seconds, so where the
/// train *is* follows the model's schedule read from `status --json`, not the fix's stamp.
final class GPSDaemonRig {
    /// Stations of the M1 surface stretch (© OpenStreetMap contributors, ODbL 1.0), as in the network data.
    static let stations: [String: (latitude: Double, longitude: Double)] = [
        "hidropark": (50.44599, 30.57703),
        "livoberezhna": (50.45186, 30.59817),
        "darnytsia": (50.45594, 30.61284),
        "chernihivska": (50.45989, 30.63031),
        "lisova": (50.46451, 30.64548),
    ]
    /// Half way between Darnytsia and Chernihivska: over 600 m from either, so off the route's station circles.
    static let betweenDarnytsiaAndChernihivska = (latitude: 50.45792, longitude: 30.62158)
    /// Where gpsd is primed before the daemon connects (the Black Sea: far from any station).
    static let priming = (latitude: 43.0, longitude: 33.0)

    private(set) var gpsd: GPSDProcess?
    let gpsdPort: UInt16
    let daemon: DaemonProcess

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
    }

    /// One receiver epoch at a station (or any position), stamped `ageSeconds` before the wall clock now.
    func send(at position: (latitude: Double, longitude: Double), ageSeconds: Double = 0, hdop: Double = 0.9,
              quality: Int = 1) throws {
        let gpsd = try #require(gpsd, "gpsd is not running")
        let stamp = wallClockNowNs() - Int64(ageSeconds * 1e9)
        try gpsd.send(NMEA.epoch(unixNs: stamp, latitude: position.latitude, longitude: position.longitude,
                                 hdop: hdop, quality: quality))
    }

    /// A station's position.
    static func station(_ id: String) throws -> (latitude: Double, longitude: Double) {
        try #require(stations[id], "no coordinates for \(id)")
    }

    /// The status document's `gps` block.
    func gps() throws -> [String: Any] {
        try #require(try daemon.status()["gps"] as? [String: Any])
    }

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
