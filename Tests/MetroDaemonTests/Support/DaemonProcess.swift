import Foundation
import Testing

/// A real `metrotimerd` child process in a private temporary directory, with its own config, state and control
/// socket; and the real `metrotimer` binary to talk to it. Everything is torn down by `stop()` (or on deinit).
final class DaemonProcess {
    /// The directory holding the built products (the test bundle's own directory in `.build/<config>/`).
    static let productsDirectory: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // xctest bundles live in .build/debug/metrotimerPackageTests.xctest/...; walk up to the dir with the binary.
        for _ in 0..<6 {
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("metrotimerd").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug")
    }()
    static var daemonPath: String { productsDirectory.appendingPathComponent("metrotimerd").path }
    static var cliPath: String { productsDirectory.appendingPathComponent("metrotimer").path }
    /// The repository's network data file.
    static let dataFile: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/kyiv-metro.json").path

    let directory: URL
    let configPath: String
    var socketPath: String { directory.appendingPathComponent("run/control.sock").path }
    /// The simulated board's motor record (see `MotorRecordReader`).
    var motorRecordPath: String { directory.appendingPathComponent("run/simulated-motor.log").path }
    var stateDirectory: String { directory.appendingPathComponent("state").path }
    var logPath: String { directory.appendingPathComponent("daemon.log").path }
    private(set) var process: Process?

    /// Writes a config (simulated board, gpsd off unless given, time scale 1 unless given) plus `extra` lines.
    /// `dataFile` is the network the daemon rides (Kyiv's unless given).
    init(timeScale: Double = 1, extra: [String] = [], directory existing: URL? = nil,
         dataFile: String = DaemonProcess.dataFile) throws {
        if let existing {
            directory = existing
        } else {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-test-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        configPath = directory.appendingPathComponent("metrotimer.conf").path
        var lines = [
            "hardware = simulated",
            "time_scale = \(timeScale)",
            "state_directory = \(directory.appendingPathComponent("state").path)",
            "runtime_directory = \(directory.appendingPathComponent("run").path)",
            "control_group =",
            "data_file = \(dataFile)",
            "language = en",
        ]
        if !extra.contains(where: { $0.hasPrefix("gpsd") }) { lines.append("gpsd = off") }
        lines += extra
        try (lines.joined(separator: "\n") + "\n").write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Starts the daemon and waits (up to `mustHappenWithin`) for its control socket. `environment` adds variables.
    ///
    /// `shellPrelude` launches it as `/bin/sh -c '<prelude> exec metrotimerd …'`: the shell `exec`s, so the
    /// daemon keeps the shell's pid, which the prelude can name as `$$` (e.g. `WATCHDOG_PID=$$`).
    /// `waitForSocket: false` returns as soon as the process is running.
    /// `standardError` replaces the log file as the daemon's standard error (and output).
    func start(environment: [String: String] = [:], arguments: [String] = [], shellPrelude: String? = nil,
               waitForSocket: Bool = true, standardError: FileHandle? = nil) throws {
        let p = Process()
        let daemonArguments = ["--config", configPath] + arguments
        if let shellPrelude {
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "\(shellPrelude) exec \"$0\" \"$@\"", DaemonProcess.daemonPath] + daemonArguments
        } else {
            p.executableURL = URL(fileURLWithPath: DaemonProcess.daemonPath)
            p.arguments = daemonArguments
        }
        var env = ProcessInfo.processInfo.environment
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "STATE_DIRECTORY", "RUNTIME_DIRECTORY", "METROTIMER_SOCKET"] {
            env[key] = nil
        }
        for (k, v) in environment { env[k] = v }
        p.environment = env
        if !FileManager.default.fileExists(atPath: logPath) { _ = FileManager.default.createFile(atPath: logPath, contents: nil) }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        p.standardError = standardError ?? log
        p.standardOutput = standardError ?? log
        try p.run()
        process = p
        if !waitForSocket { return }
        let deadline = Date().addingTimeInterval(mustHappenWithin)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: socketPath), (try? cli(["status", "--json"]))?.status == 0 { return }
            if !p.isRunning { break }
            usleep(20_000)
        }
        throw DaemonProcessError("metrotimerd did not come up; log:\n" + self.log)
    }

    /// The daemon's stderr so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Runs the real `metrotimer` against this daemon's socket.
    @discardableResult
    func cli(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try DaemonProcess.run(DaemonProcess.cliPath, ["--socket", socketPath] + arguments)
    }

    /// `metrotimer status --json` parsed.
    func status() throws -> [String: Any] {
        let r = try cli(["status", "--json"])
        guard r.status == 0, let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] else {
            throw DaemonProcessError("status failed (\(r.status)): \(r.stderr)")
        }
        return object
    }

    /// The daemon's pid (nil before `start`).
    var pid: pid_t? { process?.processIdentifier }

    /// Runs the real `metrotimer` against this daemon's socket through `wrapper` (e.g. `setpriv` to run it as
    /// another user).
    @discardableResult
    func cli(_ arguments: [String], via wrapper: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard let program = wrapper.first else { return try cli(arguments) }
        return try DaemonProcess.run(program, Array(wrapper.dropFirst()) + [DaemonProcess.cliPath, "--socket", socketPath] + arguments)
    }

    /// The `trip` object of `metrotimer status --json` (nil when idle).
    func trip() throws -> [String: Any]? { try status()["trip"] as? [String: Any] }

    /// `metrotimer journal --json` parsed (newest first).
    func journal() throws -> [[String: Any]] {
        let r = try cli(["journal", "--json"])
        guard r.status == 0, let entries = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] else {
            throw DaemonProcessError("journal failed (\(r.status)): \(r.stderr)")
        }
        return entries
    }

    /// SIGKILL, as in a crash (no shutdown code runs); waits until the process is gone.
    func crash() {
        guard let p = process, p.isRunning else { return }
        kill(p.processIdentifier, SIGKILL)
        _ = waitForExit()
    }

    /// Waits (up to `timeout` seconds) until the daemon's log contains `text`.
    func waitForLog(_ text: String, timeout: Double = mustHappenWithin) -> Bool {
        eventually(timeout: timeout) { log.contains(text) }
    }

    /// Sends a signal to the daemon.
    func signal(_ signal: Int32) { if let pid = process?.processIdentifier { kill(pid, signal) } }

    /// Waits for the daemon to exit (up to `timeout` seconds) and returns its status (nil if still running).
    func waitForExit(timeout: Double = mustHappenWithin) -> Int32? {
        guard let p = process else { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        return p.isRunning ? nil : p.terminationStatus
    }

    /// SIGTERM, wait, SIGKILL if it hangs. Leaves the directory (call `remove()` to delete it).
    func stop() {
        guard let p = process, p.isRunning else { return }
        kill(p.processIdentifier, SIGTERM)
        if waitForExit(timeout: 5) == nil { kill(p.processIdentifier, SIGKILL); _ = waitForExit(timeout: 5) }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    deinit {
        if let p = process, p.isRunning { kill(p.processIdentifier, SIGKILL) }
    }

    /// Runs a program to completion and captures its output.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                    stdin: String? = nil) throws -> (status: Int32, stdout: String, stderr: String)
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        if let stdin {
            let input = Pipe()
            p.standardInput = input
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}

struct DaemonProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// How long a test waits for something that must happen (a daemon coming up, an exit, a line in the log). A wait
/// that ends as soon as the thing happens costs nothing when things go right, so it is generous: a machine loaded
/// by unrelated work (`make test-under-load`) must not turn a slow success into a failure. A wait that is the
/// assertion itself ("closed within the timeout", "fired within a budget") states its own bound instead.
let mustHappenWithin: Double = 30

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass.
func eventually(timeout: Double = mustHappenWithin, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}
