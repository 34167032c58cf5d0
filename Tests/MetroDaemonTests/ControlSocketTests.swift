import Foundation
import Glibc
import Testing
@testable import MetroDaemon

/// The control socket of a real daemon: every malformed, oversized or unauthorised request gets an error reply
/// naming the problem and never disturbs the running trip.
@Suite(.serialized) struct ControlSocketTests {
    /// A daemon riding akademmistechko → khreshchatyk (time scale 1: nothing passes during a test).
    func ridingDaemon(extra: [String] = []) throws -> DaemonProcess {
        let daemon = try DaemonProcess(extra: extra)
        try daemon.start()
        #expect(try daemon.cli(["route", "akademmistechko", "khreshchatyk"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        return daemon
    }

    func tripJSON(_ daemon: DaemonProcess) throws -> NSDictionary {
        NSDictionary(dictionary: try #require(try daemon.trip()))
    }

    /// (request line, words the error must contain)
    static let malformed: [(String, String)] = [
        ("{\"cmd\": \"status\"", "not valid JSON"),
        ("cancel", "not valid JSON"),
        ("[\"cancel\"]", "must be a JSON object"),
        ("\"cancel\"", "must be a JSON object"),
        ("null", "must be a JSON object"),
        ("{}", "missing field 'cmd'"),
        ("{\"command\": \"cancel\"}", "missing field 'cmd'"),
        ("{\"cmd\": 5}", "field 'cmd' must be a string"),
        ("{\"cmd\": [\"cancel\"]}", "field 'cmd' must be a string"),
        ("{\"cmd\": \"launch\"}", "unknown command 'launch'"),
        ("{\"cmd\": \"CANCEL\"}", "unknown command 'CANCEL'"),
        ("{\"cmd\": \"cancel\", \"force\": true}", "does not take field 'force'"),
        ("{\"cmd\": \"status\", \"verbose\": 1}", "does not take field 'verbose'"),
        ("{\"cmd\": \"journal\", \"limit\": \"ten\"}", "field 'limit' must be a whole number"),
        ("{\"cmd\": \"journal\", \"limit\": 2.5}", "field 'limit' must be a whole number"),
        ("{\"cmd\": \"journal\", \"limit\": 0}", "field 'limit' must be from 1 to 10000"),
        ("{\"cmd\": \"journal\", \"limit\": 1e300}", "field 'limit' must be from 1 to 10000"),
        ("{\"cmd\": \"press\", \"hold_ms\": 9223372036854775807}", "field 'hold_ms' must be from 1 to 10000"),
        ("{\"cmd\": \"route\", \"from\": \"lisova\"}", "'route' needs field 'to'"),
        ("{\"cmd\": \"route\", \"from\": 7, \"to\": \"lisova\"}", "field 'from' must be a string"),
        ("{\"cmd\": \"route\", \"from\": \"\", \"to\": \"lisova\"}", "field 'from' must be 1 to 80 characters"),
        ("{\"cmd\": \"pin\", \"from\": \"lisova\", \"to\": null}", "field 'to' must be a string"),
        ("{\"cmd\": \"press\", \"button\": 3}", "field 'button' must be from 1 to 2"),
        ("{\"cmd\": \"press\", \"hold_ms\": -5}", "field 'hold_ms' must be from 1 to 10000"),
        ("{\"cmd\": \"calibrate\", \"line\": \"m1\", \"direction\": \"sideways\", \"from\": \"lisova\"}", "direction must be forward or backward"),
        ("{\"cmd\": \"start\"}", "already"),
        ("{\"cmd\": \"departed\"}", ""),
        (String(repeating: "[", count: 1500) + String(repeating: "]", count: 1500), ""),
    ]

    @Test func malformedRequestsGetAnErrorNamingTheProblemAndTheTripIsUntouched() throws {
        let daemon = try ridingDaemon()
        defer { daemon.stop(); daemon.remove() }
        let before = try tripJSON(daemon)
        let connection = try RawControlConnection(path: daemon.socketPath)
        for (line, words) in ControlSocketTests.malformed {
            let reply = try connection.request(line)
            #expect(reply["ok"] as? Bool == false, "\(line.prefix(80)) → \(reply)")
            let message = reply["error"] as? String ?? ""
            #expect(!message.isEmpty, "\(line.prefix(80)) → \(reply)")
            #expect(words.isEmpty || message.contains(words), "\(line.prefix(80)) → \(message)")
            #expect(reply["code"] is String)
        }
        // A blank line is no request: no reply, and the connection still serves.
        connection.send(line: "   ")
        let status = try connection.request("{\"cmd\": \"status\"}")
        #expect(status["ok"] as? Bool == true)
        #expect(try tripJSON(daemon) == before)
    }

    @Test func refusalsReadInTheDaemonsLanguage() throws {
        let daemon = try DaemonProcess(extra: ["language = uk"])
        try daemon.start()
        defer { daemon.stop(); daemon.remove() }
        let connection = try RawControlConnection(path: daemon.socketPath)
        let requests = [
            "{\"cmd\": \"route\", \"from\": \"lisovva\", \"to\": \"teremky\"}",
            "{\"cmd\": \"route\", \"from\": \"ploshcha\", \"to\": \"teremky\"}",
            "{\"cmd\": \"calibrate\", \"line\": \"m1\", \"direction\": \"sideways\", \"from\": \"lisova\"}",
            "{\"cmd\": \"calibrate\", \"line\": \"m2\", \"direction\": \"forward\", \"from\": \"lisova\"}",
        ]
        for request in requests {
            let message = try connection.request(request)["error"] as? String ?? ""
            // Only ids, the query and protocol words (forward/backward) stay Latin; no English sentence is left.
            for english in ["did you mean", "ambiguous", "must be", "is not a station", "calibration"] {
                #expect(!message.contains(english), "\(request) → \(message)")
            }
            #expect(message.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(request) → \(message)")
        }
    }

    /// A request may name the language its sender reads; the refusal is in that language, whatever the daemon's.
    @Test func aRequestsOwnLanguageWinsOverTheDaemons() throws {
        let daemon = try DaemonProcess(extra: ["language = uk"])
        try daemon.start()
        defer { daemon.stop(); daemon.remove() }
        let connection = try RawControlConnection(path: daemon.socketPath)
        func cyrillic(_ text: String) -> Bool { text.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } }

        let english = try connection.request("{\"cmd\": \"departed\", \"lang\": \"en\"}")
        #expect(english["ok"] as? Bool == false && english["code"] as? String == "no_trip", "\(english)")
        #expect(!cyrillic(english["error"] as? String ?? "Ж"), "\(english)")
        let unknown = try connection.request("{\"cmd\": \"route\", \"from\": \"lisovva\", \"to\": \"teremky\", \"lang\": \"en\"}")
        #expect((unknown["error"] as? String ?? "").contains("did you mean"), "\(unknown)")
        #expect(!cyrillic(unknown["error"] as? String ?? "Ж"), "\(unknown)")
        let ukrainian = try connection.request("{\"cmd\": \"departed\", \"lang\": \"uk\"}")
        #expect(cyrillic(ukrainian["error"] as? String ?? ""), "\(ukrainian)")
        let bad = try connection.request("{\"cmd\": \"status\", \"lang\": \"fr\"}")
        #expect(bad["ok"] as? Bool == false && bad["code"] as? String == "bad_request", "\(bad)")
        #expect((bad["error"] as? String ?? "").contains("'lang'"), "\(bad)")

        // The command line sends its own language: `--lang en` output has no Cyrillic (model §10).
        for arguments in [["departed", "--lang", "en"], ["route", "lisovva", "teremky", "--lang", "en"], ["plus", "--lang", "en"]] {
            let r = try daemon.cli(arguments)
            #expect(r.status != 0 && !r.stderr.isEmpty, "\(arguments): \(r)")
            #expect(!cyrillic(r.stderr), "\(arguments): \(r.stderr)")
        }
        let r = try daemon.cli(["departed", "--lang", "uk"])
        #expect(cyrillic(r.stderr), "\(r.stderr)")
    }

    @Test func duplicateFieldsAreRefusedRatherThanGuessed() throws {
        let daemon = try ridingDaemon()
        defer { daemon.stop(); daemon.remove() }
        let before = try tripJSON(daemon)
        let connection = try RawControlConnection(path: daemon.socketPath)
        let reply = try connection.request("{\"cmd\": \"status\", \"cmd\": \"cancel\"}")
        #expect(reply["ok"] as? Bool == false, "\(reply)")
        #expect((reply["error"] as? String ?? "").contains("'cmd'"), "\(reply)")
        #expect(try tripJSON(daemon) == before)
    }

    @Test func nonUTF8IsRefused() throws {
        let daemon = try ridingDaemon()
        defer { daemon.stop(); daemon.remove() }
        let before = try tripJSON(daemon)
        let connection = try RawControlConnection(path: daemon.socketPath)
        connection.send(Array("{\"cmd\": \"can".utf8) + [0xFF, 0xFE, 0xC0] + Array("cel\"}\n".utf8))
        let reply = try connection.readObject()
        #expect(reply["ok"] as? Bool == false)
        #expect((reply["error"] as? String ?? "").contains("not UTF-8"), "\(reply)")
        #expect(try tripJSON(daemon) == before)
    }

    @Test func anOversizedLineGetsAnErrorAndIsClosedWhileOthersAreServed() throws {
        let daemon = try ridingDaemon()
        defer { daemon.stop(); daemon.remove() }
        let before = try tripJSON(daemon)
        let bystander = try RawControlConnection(path: daemon.socketPath)
        #expect(try bystander.request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)

        // Exactly at the cap: still a request (refused for its unknown field, not for its size).
        let prefix = "{\"cmd\": \"cancel\", \"pad\": \""
        let atCap = prefix + String(repeating: "x", count: 4096 - prefix.utf8.count - 2) + "\"}"
        #expect(atCap.utf8.count == 4096)
        let exact = try RawControlConnection(path: daemon.socketPath)
        let exactReply = try exact.request(atCap)
        #expect((exactReply["error"] as? String ?? "").contains("does not take field 'pad'"), "\(exactReply)")

        // One byte over, sent in pieces without a newline yet: refused as too long and closed.
        let big = try RawControlConnection(path: daemon.socketPath)
        let over = Array((prefix + String(repeating: "y", count: 4097 - prefix.utf8.count - 2) + "\"}").utf8)
        #expect(over.count == 4097)
        big.send(Array(over[..<2000]))
        big.send(Array(over[2000...]))
        let reply = try big.readObject()
        #expect(reply["ok"] as? Bool == false)
        #expect(reply["code"] as? String == "too_long")
        #expect((reply["error"] as? String ?? "").contains("4096"), "\(reply)")
        #expect(big.isClosedByPeer(), "the oversized connection stays open")

        // A megabyte at once: same, and the daemon keeps serving everyone else.
        let huge = try RawControlConnection(path: daemon.socketPath)
        huge.send(Array(repeating: UInt8(ascii: "z"), count: 1 << 20))
        #expect(try huge.readObject()["code"] as? String == "too_long")
        #expect(huge.isClosedByPeer())
        #expect(try bystander.request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)
        #expect(try RawControlConnection(path: daemon.socketPath).request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)
        #expect(try tripJSON(daemon) == before)
    }

    /// User plus system CPU time the process has used, in clock ticks (`/proc/PID/stat` fields 14 and 15).
    func cpuTicks(_ pid: pid_t) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    /// A connection the daemon is closing (here: an oversized request) whose client stopped reading, so its last reply
    /// cannot go out yet, and which still has unread bytes in it: nothing more will be read from it, so those bytes must
    /// not wake the loop again and again. The daemon sleeps until the client reads or goes, then finishes with it.
    @Test func aClosingClientThatDoesNotReadDoesNotKeepTheLoopBusy() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let pid = try #require(daemon.pid)
        let client = try RawControlConnection(path: daemon.socketPath)
        // Replies nobody reads: more than the socket holds (~200 kB of buffer), well under the 1 MiB the daemon keeps.
        let requests = 600
        #expect(client.send(Array(String(repeating: "{\"cmd\": \"status\"}\n", count: requests).utf8)))
        // Then a line far over the limit: the daemon stops reading at 4 kB and leaves the rest in the socket.
        #expect(client.send(Array(repeating: UInt8(ascii: "x"), count: 64 << 10)))
        #expect(try daemon.cli(["status"]).status == 0)

        // Measured once the replies the socket could take are written (a loaded machine, or a sanitizer build, may
        // still be serving them when the command line returns): a busy loop never settles, and fails below.
        var settling = try cpuTicks(pid)
        for _ in 0..<50 {
            usleep(200_000)
            let now = try cpuTicks(pid)
            defer { settling = now }
            if now - settling < 2 { break }
        }
        let before = try cpuTicks(pid)
        usleep(1_000_000)
        let used = try cpuTicks(pid) - before
        #expect(used < 30, "the daemon used \(used) ticks of CPU in one second with one stalled client")

        // The client reads at last: every reply, then the refusal, then the end of the connection.
        var statuses = 0
        var last: [String: Any] = [:]
        while let line = client.readLine() {
            last = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if last["ok"] as? Bool == true { statuses += 1 } else { break }
        }
        #expect(statuses == requests)
        #expect(last["code"] as? String == "too_long", "\(last)")
        // Closed by the daemon: end of file, or a reset since the bytes after the limit were never read.
        var ready = Glibc.pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 3000) == 1, "the connection stays open")
        var byte: UInt8 = 0
        let n = Glibc.recv(client.fd, &byte, 1, Int32(MSG_DONTWAIT))
        let failure = errno
        #expect(n == 0 || (n < 0 && failure == ECONNRESET), "recv gave \(n), errno \(failure)")
        #expect(try daemon.cli(["status"]).status == 0)
    }

    /// A request cut off before its newline (the client stopped writing) is not guessed at: it gets an error saying
    /// so, and nothing is done.
    @Test func aLineCutOffBeforeItsNewlineGetsAnErrorAndDoesNothing() throws {
        let daemon = try ridingDaemon()
        defer { daemon.stop(); daemon.remove() }
        let before = try tripJSON(daemon)
        for partial in ["{\"cmd\": \"cancel\"}", "{\"cmd\": \"can"] {
            let client = try RawControlConnection(path: daemon.socketPath)
            client.send(Array(partial.utf8))
            shutdown(client.fd, Int32(SHUT_WR))
            let reply = try client.readObject()
            #expect(reply["ok"] as? Bool == false)
            #expect(reply["code"] as? String == "bad_request")
            #expect((reply["error"] as? String ?? "").contains("newline"), "\(reply)")
            #expect(client.isClosedByPeer())
        }
        #expect(try tripJSON(daemon) == before)
    }

    /// More clients than the daemon has file descriptors: the ones it cannot take are told so and closed (not left
    /// hanging in the listen queue while the loop spins on a listener it cannot accept from), the log says it once,
    /// and the trip and everyone already connected carry on.
    @Test func runningOutOfFileDescriptorsRefusesNewClientsClearly() throws {
        // Low enough that the descriptors run out before the per-user connection cap is reached.
        let limit = 48
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start(shellPrelude: "ulimit -n \(limit);")
        #expect(try daemon.cli(["route", "akademmistechko", "khreshchatyk"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        let before = try tripJSON(daemon)
        let pid = try #require(daemon.pid)
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        let free = limit - open
        #expect(free > 0 && free < limit, "\(open) descriptors open")
        try #require(free < ConnectionLimits().maximumConnectionsPerPeer, "\(free) free descriptors: the cap would act first")

        // Every free descriptor taken, and ten more clients queued behind them.
        var clients = try (0..<(free + 10)).map { _ in try RawControlConnection(path: daemon.socketPath, timeout: mustHappenWithin) }
        var served = 0, refused = 0
        for client in clients {
            client.send(line: "{\"cmd\": \"status\"}")
            guard let reply = try? client.readObject() else { continue }
            if reply["ok"] as? Bool == true { served += 1 }
            if reply["code"] as? String == "busy" {
                refused += 1
                #expect((reply["error"] as? String ?? "").contains("too many connections"), "\(reply)")
                #expect(client.isClosedByPeer())
            }
        }
        #expect(served + refused == clients.count, "every client got an answer: \(served) served, \(refused) refused")
        // About ten: the count of open descriptors above may still include a CLI connection the daemon was closing.
        #expect(refused >= 5)
        let lines = daemon.log.split(separator: "\n").filter { $0.contains("file descriptors") || $0.contains("accept") }
        #expect(lines.count == 1, "said once, not once per wake-up: \(lines.prefix(3)) (\(lines.count) lines)")

        // Descriptors given back: new clients are served again, the trip is as it was.
        clients.removeAll()
        #expect(eventually { (try? daemon.cli(["status", "--json"]).status) == 0 })
        #expect(try tripJSON(daemon) == before)
    }

    // MARK: - Who may ask

    static let asNobody = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]

    @Test func anUnauthorisedUserIsRefusedAndTheTripIsUntouched() throws {
        try #require(getuid() == 0, "these checks switch users and need root")
        let daemon = try ridingDaemon()
        defer { daemon.stop(); daemon.remove() }
        let before = try tripJSON(daemon)
        chmod(daemon.directory.path, 0o755)

        // The socket is 0660 root:root: the kernel refuses the connect; one clear line.
        var st = stat()
        #expect(stat(daemon.socketPath, &st) == 0 && st.st_mode & 0o777 == 0o660)
        let denied = try daemon.cli(["cancel"], via: ControlSocketTests.asNobody)
        #expect(denied.status == 69, "\(denied)")
        #expect(denied.stderr.contains("permission denied"), "\(denied.stderr)")
        #expect(denied.stderr.split(separator: "\n").count == 1, "\(denied.stderr)")

        // Even with the file opened up, the daemon's own peer check refuses.
        chmod(daemon.socketPath, 0o666)
        let refused = try daemon.cli(["cancel"], via: ControlSocketTests.asNobody)
        #expect(refused.status == 77, "\(refused)")
        #expect(refused.stderr.contains("permission denied: uid 65534"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(daemon.log.contains("refused uid 65534"))
        #expect(try tripJSON(daemon) == before)

        // Root is allowed.
        #expect(try daemon.cli(["status"]).status == 0)
    }

    @Test func aMemberOfTheControlGroupIsAllowed() throws {
        try #require(getuid() == 0, "these checks create a group and switch users and need root")
        let group = "mtt\(UInt32.random(in: 100_000...999_999))"
        let added = try DaemonProcess.run("/usr/sbin/groupadd", [group])
        try #require(added.status == 0, "groupadd: \(added.stderr)")
        defer { _ = try? DaemonProcess.run("/usr/sbin/groupdel", [group]) }
        let daemon = try ridingDaemon(extra: ["control_group = \(group)"])
        defer { daemon.stop(); daemon.remove() }
        chmod(daemon.directory.path, 0o755)
        let before = try tripJSON(daemon)

        var st = stat()
        #expect(stat(daemon.socketPath, &st) == 0)
        let gid = try #require(getgrnam(group)).pointee.gr_gid
        #expect(st.st_gid == gid, "the socket belongs to the control group")

        let member = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--groups=\(gid)"]
        let status = try daemon.cli(["status", "--json"], via: member)
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout.contains("\"state\":\"riding\""))
        let plus = try daemon.cli(["minus"], via: member)
        #expect(plus.status == 0, "\(plus)")
        #expect(try daemon.trip()?["manual_corrections"] as? Int == 1)

        // Without the group: refused, nothing changes.
        let after = try tripJSON(daemon)
        let outsider = try daemon.cli(["cancel"], via: ControlSocketTests.asNobody)
        #expect(outsider.status != 0)
        #expect(try tripJSON(daemon) == after)
        _ = before
    }

    // MARK: - Subscribers

    @Test func watchersArePushedOnACorrectionAndNotWhileNothingChanges() throws {
        let daemon = try ridingDaemon()
        defer { daemon.stop(); daemon.remove() }
        let watcher = try RawControlConnection(path: daemon.socketPath)
        let first = try watcher.request("{\"cmd\": \"watch\"}")
        #expect(first["ok"] as? Bool == true)
        #expect((first["status"] as? [String: Any])?["state"] as? String == "riding")
        #expect(!watcher.hasData(within: 1.5), "a status was pushed although nothing changed")
        #expect(try daemon.cli(["status"]).status == 0)  // asking is not changing
        #expect(!watcher.hasData(within: 0.3))

        #expect(try daemon.cli(["minus"]).status == 0)
        let event = try watcher.readObject()
        #expect(event["event"] as? String == "status")
        let trip = (event["status"] as? [String: Any])?["trip"] as? [String: Any]
        #expect(trip?["manual_corrections"] as? Int == 1)
        #expect(!watcher.hasData(within: 1), "a second push without a change")

        // The command line's --watch prints the first status and then one per change.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.cliPath)
        process.arguments = ["--socket", daemon.socketPath, "status", "--watch", "--json"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // SIGKILL: the test process blocks SIGTERM in its threads and a child inherits that mask.
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        let reader = try RawLineReader(out.fileHandleForReading.fileDescriptor)
        let firstLine = try #require(reader.line(timeout: mustHappenWithin))
        #expect(firstLine.contains("\"manual_corrections\":1"))
        #expect(reader.line(timeout: 1) == nil)
        #expect(try daemon.cli(["plus"]).status == 0)
        let pushed = try #require(reader.line(timeout: mustHappenWithin))
        #expect(pushed.contains("\"manual_corrections\":2"))
    }

    // MARK: - Nobody home

    @Test func noDaemonGivesOneClearLineAndExit69() throws {
        let dir = try makeScratchDirectory("nodaemon")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("control.sock").path
        let r = try DaemonProcess.run(DaemonProcess.cliPath, ["--socket", missing, "status"])
        #expect(r.status == 69)
        #expect(r.stderr == "metrotimer status: metrotimerd is not running (no daemon listening on \(missing))\n", "\(r.stderr)")
        #expect(r.stdout.isEmpty)

        // A socket file left behind by a killed daemon: connection refused, same single line.
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        daemon.crash()
        #expect(FileManager.default.fileExists(atPath: daemon.socketPath))
        let stale = try daemon.cli(["start"])
        #expect(stale.status == 69)
        #expect(stale.stderr.split(separator: "\n").count == 1, "\(stale.stderr)")
        #expect(stale.stderr.contains("metrotimerd is not running"), "\(stale.stderr)")
    }
}

/// Reads lines from a pipe with a timeout (for a child that keeps running).
final class RawLineReader {
    let fd: Int32
    private var pending: [UInt8] = []
    init(_ fd: Int32) throws { self.fd = fd }

    func line(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(left * 1000)) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            pending += buffer[..<n]
        }
    }
}
