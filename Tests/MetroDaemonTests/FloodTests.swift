import Foundation
import GPSTestSupport
import Glibc
import MetroSystem
import Synchronization
import Testing
@testable import MetroCLI
@testable import MetroDaemon

/// No peer can starve the only thread: four floods, each held for 12 s over the instant of an arrival alert at
/// time scale 1, against a real daemon on the simulated board. Through each flood the alert fires on time, another
/// client (a fresh connection every 250 ms, as the rider's `metrotimer` makes, sent again on a new connection
/// after a `busy` as `metrotimer` does) gets every answer, and the motor —
/// whose edges the simulated board records with boot-time stamps — is never on for more than 2 s.
///
/// The promise is 50 ms and an answer within 1 s; what each run measured is printed (and kept in
/// docs/reliability.md). The assertions are budgets a machine loaded by unrelated work still meets by a wide margin
/// (`make test-under-load`), yet far below what the starvation these tests guard against looks like: the old code
/// was 589 ms and 3 665 ms late, left probes unanswered for seconds, refused them `busy`, and left the motor on.
///
/// The trip rides one segment whose running time the test's copy of the network data sets to 30 s (the shortest
/// the data allows), so each test lasts about 35 s; the four run side by side.
@Suite struct FloodTests {
    /// A counter (or flag) shared between the test and its flood thread.
    final class Shared: Sendable {
        private let value = Atomic<Int>(0)
        func add(_ n: Int = 1) { value.add(n, ordering: .relaxed) }
        func set(_ n: Int) { value.store(n, ordering: .relaxed) }
        var count: Int { value.load(ordering: .relaxed) }
        var isSet: Bool { count != 0 }
    }

    /// The segment ridden: both ends are surface stations, so the daemon watches gpsd on it.
    static let from = "darnytsia", to = "chernihivska"

    /// A daemon at time scale 1 on network data whose `from → to` segment runs 30 s.
    static func daemon(extra: [String] = []) throws -> DaemonProcess {
        let daemon = try DaemonProcess(extra: extra)
        var data = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: DaemonProcess.dataFile)))
            as? [String: Any])
        var segments = try #require(data["segments"] as? [[String: Any]])
        let index = try #require(segments.firstIndex { $0["from"] as? String == from && $0["to"] as? String == to })
        segments[index]["running_s"] = 30
        data["segments"] = segments
        let dataPath = daemon.directory.appendingPathComponent("network.json").path
        try JSONSerialization.data(withJSONObject: data).write(to: URL(fileURLWithPath: dataPath))
        let config = try String(contentsOfFile: daemon.configPath, encoding: .utf8)
            .replacingOccurrences(of: "data_file = \(DaemonProcess.dataFile)", with: "data_file = \(dataPath)")
        try config.write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        return daemon
    }

    /// How late the alert may fire beyond what the host itself delayed a timer at that instant (a stand-in timer in
    /// the test's process, woken at the alert's instant: a loaded host makes both late): five times the worst
    /// lateness seen with the floods on a heavily loaded host (under 50 ms), less than half the smallest starvation
    /// measured on the old code (589 ms).
    static let latenessBudgetMilliseconds = 250.0
    /// How long a probe may wait for its answer. On an idle host the slowest is tens of milliseconds; under
    /// `make test-under-load`, with other suites running beside the floods, one took 1.8 s. A starved daemon
    /// leaves probes waiting for the length of the flood (12 s), or refuses them `busy`.
    static let probeBudgetMilliseconds = 5000.0
    /// How long the motor may stay on: the daemon's 2 s cap (the arrival's pulses are 1 s long).
    static let motorOnBudgetMilliseconds = 2000.0

    /// What one flood run measured.
    struct Outcome: CustomStringConvertible {
        var latenessMilliseconds: Double
        /// How late the stand-in timer in the test's process woke at the same instant (the host's own delay then).
        var standInLatenessMilliseconds: Double
        var probes: Int
        var probesAfterDue: Int
        /// Probes answered only on a new connection after a `busy`, as `metrotimer` retries.
        var probesRetried: Int
        var slowestProbeMilliseconds: Double
        var unanswered: [String]
        var longestMotorOnMilliseconds: Double
        var motorOffAtEnd: Bool
        var description: String {
            "alert lateness \(String(format: "%.1f", latenessMilliseconds)) ms (the stand-in timer's \(String(format: "%.1f", standInLatenessMilliseconds)) ms); \(probes) probes (\(probesRetried) sent again after busy), slowest "
                + "\(String(format: "%.1f", slowestProbeMilliseconds)) ms, \(unanswered.count) unanswered; motor on at most "
                + "\(String(format: "%.0f", longestMotorOnMilliseconds)) ms"
        }
    }

    /// Starts the trip, runs `flood` from 9 s before the arrival alert until 3 s after it while probing, and
    /// measures. `flood` runs on its own thread until its stop flag is set.
    static func ride(_ name: String, daemon: DaemonProcess,
                     flood: @escaping @Sendable (_ stop: Shared) -> Void) throws -> Outcome {
        #expect(try daemon.cli(["route", from, to]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        let trip = try #require(try daemon.trip())
        let alerts = try #require(trip["alerts"] as? [[String: Any]])
        let arrival = try #require(alerts.first { $0["kind"] as? String == "arrival" })
        let due = try contractSeconds(arrival["due"])
        try #require(due - Date().timeIntervalSince1970 > 12, "the alert is due too soon: \(arrival)")
        let lead = due - 9 - Date().timeIntervalSince1970
        if lead > 0 { usleep(useconds_t(lead * 1_000_000)) }

        let stop = Shared()
        let floodDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            flood(stop)
            floodDone.signal()
        }
        // A stand-in timer in this process, asked to wake at the alert's instant: how long a runnable thread waited
        // for a CPU then. A loaded host makes it late as it makes the daemon late; the flood may add no more than
        // the budget to that.
        let standInLateness = Shared()  // microseconds
        let standInDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var at = timespec(tv_sec: Int(due), tv_nsec: Int((due - due.rounded(.down)) * 1e9))
            while clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &at, nil) == EINTR {}
            standInLateness.set(max(1, Int((Date().timeIntervalSince1970 - due) * 1e6)))
            standInDone.signal()
        }
        let socketPath = daemon.socketPath
        var probes = 0
        var slowest = 0.0
        var unanswered: [String] = []
        var probesAfterDue = 0
        var probesRetried = 0
        // Until 3 s after the alert's instant, and on (at most two probe budgets more) until two probes began after
        // it: on a loaded machine one slow probe could otherwise span the whole time after the instant.
        let probeUntil = due + 3
        let probeAtMostUntil = probeUntil + 2 * probeBudgetMilliseconds / 1000
        while case let now = Date().timeIntervalSince1970, now < probeUntil || (probesAfterDue < 2 && now < probeAtMostUntil) {
            let began = Date()
            do {
                // As `metrotimer` does: a `busy` (this connection was the oldest idle one of a user churning
                // connections, closed before its request was read) is sent again on a new connection.
                var reply: [String: Any] = [:]
                for (attempt, pause) in ([0] + DaemonClient.busyRetryPauses).enumerated() {
                    usleep(pause)
                    let probe = try RawControlConnection(path: socketPath, timeout: probeBudgetMilliseconds / 1000)
                    reply = try probe.request("{\"cmd\": \"status\"}")
                    guard reply["code"] as? String == "busy" else {
                        if attempt > 0 { probesRetried += 1 }
                        break
                    }
                }
                let took = Date().timeIntervalSince(began) * 1000
                if reply["ok"] as? Bool != true || took > probeBudgetMilliseconds {
                    unanswered.append("after \(Int(took)) ms: \(String(describing: reply["error"] ?? "?"))")
                }
                slowest = max(slowest, took)
            } catch {
                unanswered.append("after \(Int(Date().timeIntervalSince(began) * 1000)) ms: \(error)")
            }
            probes += 1
            if began.timeIntervalSince1970 > due { probesAfterDue += 1 }
            let pause = 0.25 - Date().timeIntervalSince(began)
            if pause > 0 { usleep(useconds_t(pause * 1_000_000)) }
        }
        stop.set(1)
        floodDone.wait()
        standInDone.wait()

        // The arrival's buzz (GET OFF NOW, 1000/400 ×2) is over about 2.8 s after it fired: wait for its last pulse
        // to end (a motor left on fails the checks below once the wait gives up).
        _ = eventually {
            let edges = motorEdges(daemon)
            guard let last = edges.last, !last.on, let lastOn = edges.last(where: \.on) else { return false }
            return lastOn.kind == "get_off_now" && lastOn.pulse == lastOn.pulses
        }
        let after = try #require(try daemon.trip(), "the trip ended")
        let fired = try #require((after["alerts"] as? [[String: Any]])?.first { $0["kind"] as? String == "arrival" })
        let firedAt = try contractSeconds(try #require(fired["fired"] as? String, "the arrival alert never fired: \(fired)"))
        let motor = motorEdges(daemon)
        var longest = 0.0
        for (on, off) in zip(motor, motor.dropFirst()) where on.on && !off.on {
            longest = max(longest, Double(off.at - on.at) / 1e6)
        }
        let outcome = Outcome(latenessMilliseconds: (firedAt - due) * 1000,
                              standInLatenessMilliseconds: Double(standInLateness.count) / 1000,
                              probes: probes, probesAfterDue: probesAfterDue,
                              probesRetried: probesRetried,
                              slowestProbeMilliseconds: slowest,
                              unanswered: unanswered, longestMotorOnMilliseconds: longest,
                              motorOffAtEnd: motor.last.map { !$0.on } ?? false)
        print("flood \(name): \(outcome)")
        #expect(motor.contains { $0.on }, "the arrival never buzzed")
        return outcome
    }

    /// The simulated motor's edges, stamped on `CLOCK_BOOTTIME`, from the daemon's motor record (one daemon
    /// process: one session).
    static func motorEdges(_ daemon: DaemonProcess) -> [MotorRecordReader.Edge] {
        MotorRecordReader(path: daemon.motorRecordPath).sessions.flatMap(\.edges)
    }

    static func check(_ outcome: Outcome) {
        #expect(outcome.latenessMilliseconds >= 0, "fired early")
        #expect(outcome.latenessMilliseconds <= latenessBudgetMilliseconds + outcome.standInLatenessMilliseconds, "\(outcome)")
        // Probes ran through the whole flood, the alert's instant included: 48 at their pace of four a second; a
        // quarter of that (one a second on average) still shows that probing went on throughout.
        #expect(outcome.probes >= 12, "\(outcome)")
        #expect(outcome.probesAfterDue >= 2, "\(outcome)")
        #expect(outcome.unanswered.isEmpty, "\(outcome.unanswered.prefix(5))")
        #expect(outcome.longestMotorOnMilliseconds <= motorOnBudgetMilliseconds, "\(outcome)")
        #expect(outcome.motorOffAtEnd)
    }

    /// A connected control client whose sends give up after 100 ms (so the flood notices its stop flag).
    static func floodConnection(_ path: String) -> RawControlConnection? {
        guard let connection = try? RawControlConnection(path: path, timeout: 0.1) else { return nil }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(connection.fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    /// Writes `chunk` over and over on one connection (a new one whenever the daemon closes it), never reading.
    static func write(_ chunk: [UInt8], to path: String, until stop: Shared) {
        var connection = floodConnection(path)
        while !stop.isSet {
            guard let current = connection else {
                usleep(10_000)
                connection = floodConnection(path)
                continue
            }
            let sent = chunk.withUnsafeBytes { Glibc.send(current.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno != EAGAIN && errno != EINTR { connection = floodConnection(path) }
        }
    }

    @Test func aBlankLineFloodStarvesNobody() throws {
        let daemon = try Self.daemon()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let path = daemon.socketPath
        let blanks = [UInt8](repeating: UInt8(ascii: "\n"), count: 65536)
        Self.check(try Self.ride("blank lines", daemon: daemon) { stop in Self.write(blanks, to: path, until: stop) })
    }

    @Test func aPipeliningClientThatNeverReadsStarvesNobody() throws {
        let daemon = try Self.daemon()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let path = daemon.socketPath
        let requests = Array(String(repeating: "{\"cmd\": \"status\"}\n", count: 256).utf8)
        Self.check(try Self.ride("pipelined status", daemon: daemon) { stop in Self.write(requests, to: path, until: stop) })
        // It was held back, not served without end: nothing close to 1 MiB of replies was ever queued for it.
        #expect(!daemon.log.contains("is not reading; dropping it"))
    }

    /// `year` (and `stats`) used to read and sum the whole journal per request: with 10 000 trips, four connections
    /// asking for the year four at a time kept the only thread busy for seconds per turn (in this debug build the
    /// alert was 0.7–2.2 s late and a `status` waited 8–11 s). Their figures are now kept as trips are journaled, so
    /// such a flood costs what a `status` flood costs. The promise (alert ≤ 50 ms late, `status` within 1 s) is in
    /// the printed figures and docs/reliability.md; the test asserts a budget a loaded machine meets by a wide margin
    /// (100 ms, 3 s; the fixed code measures about 0 ms and 15 ms here) and the old code missed.
    @Test func aYearFloodOverATenThousandTripJournalStarvesNobody() throws {
        let daemon = try Self.daemon()
        defer { daemon.stop(); daemon.remove() }
        try FileManager.default.createDirectory(atPath: daemon.stateDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        do {
            let store = try SQLiteStore(directory: daemon.stateDirectory, log: Logger(sink: DiscardingSink()))
            try store.atomically {
                for entry in JournalFiguresCostTests.journal(10_000) { _ = try store.endTrip(entry) }
            }
        }
        try daemon.start()
        let year = try daemon.cli(["stats", "--year", "2026", "--json"]).stdout
        let rides = (try? JSONSerialization.jsonObject(with: Data(year.utf8)) as? [String: Any])?["rides"] as? Int ?? 0
        #expect(rides > 1000, "\(year.prefix(200))")
        let path = daemon.socketPath
        let served = Shared()
        let outcome = try Self.ride("year ×4 on 4 connections, 10 000 trips", daemon: daemon) { stop in
            // Four connections, each pipelining four `year` requests and reading the four replies, over and over.
            let group = DispatchGroup()
            for _ in 0..<4 {
                DispatchQueue.global().async(group: group) {
                    let batch = Array(String(repeating: "{\"cmd\":\"year\",\"year\":2026}\n", count: 4).utf8)
                    var connection = try? RawControlConnection(path: path, timeout: 5)
                    while !stop.isSet {
                        guard let current = connection, current.send(batch) else {
                            usleep(10_000)
                            connection = try? RawControlConnection(path: path, timeout: 5)
                            continue
                        }
                        for _ in 0..<4 where current.readLine() != nil { served.add() }
                    }
                }
            }
            group.wait()
        }
        print("flood year: \(served.count) year replies during the flood")
        #expect(served.count > 100, "the flood was hardly served: \(served.count) replies")
        // The same budgets as the other floods: the old code, reading the journal per request, left probes waiting
        // for seconds (5 probes in the flood, 3 of them unanswered) and the alert 158 ms late.
        Self.check(outcome)
    }

    @Test func aThousandIdleConnectionsLockNobodyOut() throws {
        // The test process holds over a thousand sockets; the daemon gets systemd's default soft limit.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        try #require(limit.rlim_max >= 4096, "the hard descriptor limit is too low for this test: \(limit.rlim_max)")
        if limit.rlim_cur < 4096 {
            limit.rlim_cur = 4096
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let daemon = try Self.daemon()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start(shellPrelude: "ulimit -n 1024;")
        let path = daemon.socketPath
        let outcome = try Self.ride("1 050 idle connections", daemon: daemon) { stop in
            // 1 050 connections that never send a byte; every 100 ms the ones the daemon closed are opened again.
            var held = [Int32](repeating: -1, count: 1050)
            while !stop.isSet {
                for index in held.indices {
                    if held[index] >= 0 {
                        var entry = pollfd(fd: held[index], events: Int16(POLLIN), revents: 0)
                        guard poll(&entry, 1, 0) == 1 else { continue }
                        Glibc.close(held[index])
                        held[index] = -1
                    }
                    held[index] = Self.idleConnection(path)
                }
                usleep(100_000)
            }
            for fd in held where fd >= 0 { Glibc.close(fd) }
        }
        Self.check(outcome)
        #expect(daemon.log.contains("closing its oldest idle one"))
    }

    /// A nonblocking connection that sends nothing (-1 when the connect fails or would block).
    static func idleConnection(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = b }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if result != 0 {
            Glibc.close(fd)
            return -1
        }
        return fd
    }

    @Test func aGPSDStreamingAThousandFixesASecondStarvesNobody() throws {
        // A stand-in gpsd on loopback speaking gpsd's JSON: it reproduces the flood exactly (1 000 TPV reports a
        // second, each stamped 5 s in the future), which a real gpsd fed NMEA cannot pace.
        let listener = try LoopbackListener()
        let daemon = try Self.daemon(extra: ["gpsd = 127.0.0.1:\(listener.port)"])
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let blocked = Shared()
        let sent = Shared()
        let paced = Shared()
        let listenerFD = listener.fd
        let outcome = try Self.ride("gpsd 1 000 fixes/s", daemon: daemon) { stop in
            guard Loopback.waitReadable(listenerFD, timeoutMs: 10_000) else { return }
            let peer = Glibc.accept(listenerFD, nil, nil)
            guard peer >= 0 else { return }
            defer { Glibc.close(peer) }
            _ = fcntl(peer, F_SETFL, fcntl(peer, F_GETFL) | O_NONBLOCK)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let start = Date()
            var count = 0
            var pace = 0  // reports the pace has called for so far, sent or passed over
            while !stop.isSet {
                // Catch up to 1 000 a second in batches of 10; a sender held back by a loaded machine passes over
                // what it owes beyond a tenth of a second instead of bursting it (a receiver paces real gpsd).
                var owed = Int(Date().timeIntervalSince(start) * 1000) - pace
                if owed > 100 {
                    pace += owed - 100
                    owed = 100
                }
                if owed < 10 {
                    usleep(2_000)
                    continue
                }
                let stamp = formatter.string(from: Date().addingTimeInterval(5))
                let tpv = #"{"class":"TPV","device":"/dev/ttyFAKE","mode":3,"time":"\#(stamp)","lat":50.45594,"lon":30.61284,"eph":5.000}"#
                let batch = Array(String(repeating: tpv + "\n", count: 10).utf8)
                // A reader that leaves the socket full for 2 s has fallen behind (gpsd would drop it); a shorter
                // hold-up, a daemon starved for a moment by a loaded machine, only delays the rest of the batch.
                if !Loopback.sendAll(batch, to: peer, waitingAtMostMs: 2_000) { blocked.add() }
                pace += 10
                count += 10
            }
            sent.set(count)
            paced.set(pace)
        }
        Self.check(outcome)
        // Connected for the whole flood (12 s at 1 000 a second; what a held-back sender passed over counts here).
        #expect(paced.count >= 10_000, "the stand-in gpsd was not connected for the whole flood")
        #expect(sent.count > 0)
        #expect(blocked.count == 0, "the daemon fell behind the stream")
        // The fixes were read and judged (counted as stamped in the future), coalesced: the reports arrive ten at a
        // time, and only the newest of each wake-up reaches the engine.
        let gps = try #require(try daemon.status()["gps"] as? [String: Any])
        let judged = gps["fixes"] as? Int ?? 0
        print("flood gpsd 1 000 fixes/s: \(sent.count) reports sent, \(judged) reached the engine, \(blocked.count) sends blocked")
        #expect(((gps["rejected"] as? [String: Any])?["future"] as? Int ?? 0) > 0, "\(gps)")
        #expect(judged > 0 && judged <= sent.count / 5, "\(judged) of \(sent.count) reports reached the engine")
    }
}
