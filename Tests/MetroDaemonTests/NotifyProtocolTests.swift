import Foundation
import Testing

/// The systemd notify protocol, proven end to end: a real `metrotimerd` child, a real `AF_UNIX` datagram socket
/// named by `$NOTIFY_SOCKET`, and the datagrams read the way the service manager reads them.
@Suite(.serialized) struct NotifyProtocolTests {
    /// A daemon whose `$NOTIFY_SOCKET` is `notify`, and the daemon's pid.
    private func startDaemon(_ notify: NotifySocket, environment: [String: String] = [:], shellPrelude: String? = nil,
                             waitForSocket: Bool = true) throws -> DaemonProcess {
        let daemon = try DaemonProcess()
        var variables = environment
        variables["NOTIFY_SOCKET"] = notify.notifyAddress
        try daemon.start(environment: variables, shellPrelude: shellPrelude, waitForSocket: waitForSocket)
        return daemon
    }

    @Test func readyArrivesOnceTheControlSocketIsUpWithAReadableStatus() throws {
        let notify = try NotifySocket()
        let daemon = try startDaemon(notify, waitForSocket: false)
        defer { daemon.stop(); daemon.remove() }
        let ready = try #require(notify.waitFor { $0["READY"] != nil }, "no READY=1; daemon log:\n\(daemon.log)")
        // Checked the moment READY arrives: the control socket must already be there.
        var info = stat()
        let statResult = stat(daemon.socketPath, &info)
        #expect(statResult == 0 && (info.st_mode & S_IFMT) == S_IFSOCK, "READY=1 before the control socket existed")
        #expect(ready["READY"] == "1")
        #expect(ready["STATUS"] == "idle, no route chosen")
        #expect(ready.senderPID == daemon.pid, "sent from pid \(String(describing: ready.senderPID)), not the main pid")
        // Data loaded, store opened, hardware claimed: the daemon answers with all three.
        let status = try daemon.status()
        #expect(status["hardware"] as? String == "simulated")
        #expect(status["state"] as? String == "idle")
        #expect(FileManager.default.fileExists(atPath: daemon.stateDirectory))
        for message in notify.messages {
            #expect(message.malformedLines.isEmpty, "malformed lines in \(message)")
            #expect(!message.truncated)
        }
        #expect(notify.messages.filter { $0["READY"] != nil }.count == 1)
    }

    @Test func theAbstractNamespaceWorksToo() throws {
        let notify = try NotifySocket(abstractName: "metrotimer-notify-\(UUID().uuidString.prefix(8))")
        #expect(notify.notifyAddress.hasPrefix("@"))
        let daemon = try startDaemon(notify)
        defer { daemon.stop(); daemon.remove() }
        let ready = try #require(notify.waitFor { $0["READY"] != nil }, "no READY=1 on \(notify.notifyAddress); log:\n\(daemon.log)")
        #expect(ready["STATUS"] == "idle, no route chosen")
        #expect(ready.senderPID == daemon.pid)
    }

    @Test func statusFollowsTheRouteAndTheRide() throws {
        let notify = try NotifySocket()
        let daemon = try startDaemon(notify)
        defer { daemon.stop(); daemon.remove() }
        _ = try #require(notify.waitFor { $0["READY"] != nil })

        #expect(try daemon.cli(["route", "lisova", "teremky"]).status == 0)
        let chosen = notify.waitFor { $0["STATUS"] != nil }
        #expect(chosen?["STATUS"] == "idle, route Lisova → Teremky")

        #expect(try daemon.cli(["start"]).status == 0)
        let riding = try #require(notify.waitFor { $0["STATUS"]?.hasPrefix("riding") == true }, "no riding STATUS")
        let trip = try #require(try daemon.status()["trip"] as? [String: Any])
        let arrival = try #require(trip["arrival"] as? String)
        // "2026-08-17T08:42:15.250+03:00" → "08:42"
        let arrivalClock = String(try #require(arrival.split(separator: "T").last).prefix(5))
        // No stop count: it would be stale after the first arrival, which publishes no new STATUS=.
        #expect(riding["STATUS"] == "riding to Teremky, arrival \(arrivalClock)")

        #expect(try daemon.cli(["cancel"]).status == 0)
        let cancelled = notify.waitFor { $0["STATUS"]?.hasPrefix("idle") == true }
        #expect(cancelled?["STATUS"] == "idle, route Lisova → Teremky")
        for message in notify.messages {
            #expect(message.malformedLines.isEmpty, "malformed lines in \(message)")
            #expect(message.senderPID == daemon.pid)
        }
    }

    @Test func aReloadIsBracketedByReloadingAndReady() throws {
        let notify = try NotifySocket()
        let daemon = try startDaemon(notify)
        defer { daemon.stop(); daemon.remove() }
        _ = try #require(notify.waitFor { $0["READY"] != nil })

        let beforeSignal = NotifySocket.monotonicMicroseconds()
        daemon.signal(SIGHUP)
        let reloading = try #require(notify.waitFor { $0["RELOADING"] != nil }, "no RELOADING=1; log:\n\(daemon.log)")
        #expect(reloading["RELOADING"] == "1")
        // systemd (Type=notify-reload) needs MONOTONIC_USEC taken after the signal was sent.
        let stamp = try #require(reloading["MONOTONIC_USEC"].flatMap { Int64($0) }, "RELOADING=1 without a MONOTONIC_USEC")
        #expect(stamp >= beforeSignal)
        #expect(stamp <= Int64(reloading.receivedMonotonicMicroseconds))
        let ready = try #require(notify.waitFor { $0["READY"] != nil }, "no READY=1 after the reload")
        #expect(ready["STATUS"] == "idle, no route chosen")
        #expect(ready.receivedMonotonicMicroseconds >= reloading.receivedMonotonicMicroseconds)
        #expect(try daemon.status()["state"] as? String == "idle")
    }

    @Test func stopSendsStoppingAndExitsCleanly() throws {
        let notify = try NotifySocket()
        let daemon = try startDaemon(notify)
        defer { daemon.stop(); daemon.remove() }
        _ = try #require(notify.waitFor { $0["READY"] != nil })
        daemon.signal(SIGTERM)
        let stopping = try #require(notify.waitFor { $0["STOPPING"] != nil }, "no STOPPING=1; log:\n\(daemon.log)")
        #expect(stopping["STOPPING"] == "1")
        #expect(stopping.senderPID == daemon.pid)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func theWatchdogIsPingedWhenAskedForThisProcess() throws {
        let notify = try NotifySocket()
        // The shell execs the daemon, so `$$` is the daemon's own pid, as systemd would set it.
        let daemon = try startDaemon(notify, environment: ["WATCHDOG_USEC": "2000000"], shellPrelude: "WATCHDOG_PID=$$ export WATCHDOG_PID;")
        defer { daemon.stop(); daemon.remove() }
        var pings: [NotifyMessage] = []
        while pings.count < 3, let ping = notify.waitFor(timeout: 15, { $0["WATCHDOG"] != nil }) {
            pings.append(ping)
        }
        #expect(pings.count == 3, "WATCHDOG=1 pings received: \(pings.count); log:\n\(daemon.log)")
        for ping in pings {
            #expect(ping["WATCHDOG"] == "1")
            #expect(ping.senderPID == daemon.pid)
        }
    }

    /// No `WATCHDOG_USEC`, or one meant for another process (`WATCHDOG_PID` of pid 1): no ping, ever.
    @Test(arguments: [["WATCHDOG_PID": "1", "WATCHDOG_USEC": "2000000"], [:]])
    func noWatchdogPingUnlessAskedForThisProcess(environment: [String: String]) throws {
        let notify = try NotifySocket()
        let daemon = try startDaemon(notify, environment: environment)
        defer { daemon.stop(); daemon.remove() }
        _ = try #require(notify.waitFor { $0["READY"] != nil })
        // Three times the interval a 2 s watchdog would ping at.
        let window = notify.collect(for: 3)
        let pings = notify.messages.filter { $0["WATCHDOG"] != nil }
        #expect(pings.isEmpty, "unexpected pings: \(pings)")
        #expect(window.isEmpty, "an idle daemon sent \(window)")
    }

    /// A service manager that stops reading must not stop the ride: with the notify queue full, the daemon still
    /// comes up, answers and takes requests (its notifications are dropped, not waited for), and speaks again
    /// once the queue drains.
    @Test func aNotifySocketNobodyReadsNeverFreezesTheDaemon() throws {
        let notify = try NotifySocket()
        let queued = try notify.fillQueue()
        #expect(queued > 0)
        let daemon = try startDaemon(notify, environment: ["WATCHDOG_USEC": "2000000"],
                                     shellPrelude: "WATCHDOG_PID=$$ export WATCHDOG_PID;", waitForSocket: false)
        defer { daemon.stop(); daemon.remove() }
        // A frozen daemon accepts connections but never answers, so every request here has a deadline.
        #expect(eventually { FileManager.default.fileExists(atPath: daemon.socketPath) })
        let chosen = try requestWithin(mustHappenWithin, daemon, ["route", "lisova", "teremky"])
        #expect(chosen.status == 0, "route: \(chosen.status.map { "exit \($0)" } ?? "no answer in \(mustHappenWithin) s: the daemon is frozen")")
        let status = try requestWithin(mustHappenWithin, daemon, ["status", "--json"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("Teremky") || status.stdout.contains("teremky"))
        // Drain the filler (and whatever fitted behind it), then the daemon's next words must arrive.
        while let message = notify.receive(timeout: 0), message["X_FILLER"] != nil || message["WATCHDOG"] != nil {}
        daemon.signal(SIGTERM)
        let stopping = notify.waitFor { $0["STOPPING"] != nil }
        #expect(stopping != nil, "no STOPPING=1 after the queue drained; received: \(notify.messages.suffix(5))")
        #expect(daemon.waitForExit() == 0)
        // The outage is in the log once (not once per lost message), and so is its end.
        let lines = daemon.log.split(separator: "\n")
        let lost = lines.filter { $0.contains("service manager notification lost") }
        #expect(lost.count == 1, "\(lost)")
        #expect(lost.first?.hasPrefix("<4>") == true && lost.first?.contains("Resource temporarily unavailable") == true, "\(lost)")
        #expect(lines.filter { $0.contains("notifications are delivered again") }.count == 1, "\(daemon.log)")
    }

    /// Runs `metrotimer` against `daemon`, giving up after `seconds`: status nil when it had no answer by then
    /// (the client is then killed with SIGKILL, which no inherited signal mask can hold off).
    private func requestWithin(_ seconds: Double, _ daemon: DaemonProcess, _ arguments: [String]) throws
        -> (status: Int32?, stdout: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.cliPath)
        process.arguments = ["--socket", daemon.socketPath] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let answered = eventually(timeout: seconds) { !process.isRunning }
        if !answered { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (answered ? process.terminationStatus : nil, text)
    }

    /// The unit that ships asks for exactly this protocol.
    @Test func theShippedUnitIsTypeNotify() throws {
        let unitPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("systemd/metrotimerd.service").path
        let text = try String(contentsOfFile: unitPath, encoding: .utf8)
        var section = ""
        var service: [String: [String]] = [:]
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") { section = line; continue }
            guard section == "[Service]", let equals = line.firstIndex(of: "=") else { continue }
            service[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }
        #expect(service["Type"] == ["notify"])
        // A reload reaches the daemon as SIGHUP, which the reload test above answers with RELOADING=1/READY=1.
        #expect(service["ExecReload"]?.contains { $0.contains("kill -HUP $MAINPID") } == true)
        // NotifyAccess left at its default (main) relies on the datagrams coming from the main pid, checked above.
        #expect(service["NotifyAccess"] == nil || service["NotifyAccess"] == ["main"])
    }

    /// systemd's own client against our reader: proves the harness parses what systemd itself sends.
    @Test func systemdNotifyIsReadTheSameWay() throws {
        let client = "/usr/bin/systemd-notify"
        try #require(FileManager.default.isExecutableFile(atPath: client),
                     "systemd-notify is missing: install the systemd package (scripts/install-deps.sh test)")
        let notify = try NotifySocket()
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = notify.notifyAddress
        // Run alongside the reader: systemd-notify then waits for its BARRIER=1 descriptor to be closed,
        // which the reader does on receipt, as the service manager would.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: client)
        process.arguments = ["--ready", "--status=idle, route Lisova → Teremky"]
        process.environment = environment
        try process.run()
        let readyMessage = notify.waitFor(timeout: mustHappenWithin) { $0["READY"] != nil }
        let deadline = Date().addingTimeInterval(mustHappenWithin)
        while process.isRunning && Date() < deadline { _ = notify.receive(timeout: 0.1) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "systemd-notify failed; received: \(notify.messages)")
        let ready = try #require(readyMessage, "received: \(notify.messages)")
        #expect(ready["READY"] == "1")
        #expect(ready["STATUS"] == "idle, route Lisova → Teremky")
        #expect(ready.malformedLines.isEmpty)
        #expect(ready.senderPID != nil)
    }
}
