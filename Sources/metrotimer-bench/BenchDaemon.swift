import FoundationEssentials
import Glibc
import MetroSystem

/// A release `metrotimerd` started the way systemd starts it (`$NOTIFY_SOCKET` set), on the simulated board at
/// time scale 1, with its own temporary config, state and runtime directories; and the release `metrotimer` to
/// talk to it. `stop()` ends it; `remove()` deletes the directory.
final class BenchDaemon {
    /// The private directory holding config, state, sockets and logs.
    let directory: String
    let notify: NotifyReceiver
    private(set) var child: ChildProcess?
    /// Every notify datagram the daemon sent so far.
    var notifications: [[String: String]] = []

    /// Creates the directory and the config; nothing runs yet.
    init() throws {
        directory = try Files.makeTemporaryDirectory(prefix: "/tmp/metrotimer-bench-")
        let config = [
            "hardware = simulated",
            "time_scale = 1",
            "state_directory = \(directory)/state",
            "runtime_directory = \(directory)/run",
            "control_group =",
            "language = en",
            "gpsd = off",
        ].joined(separator: "\n") + "\n"
        notify = try NotifyReceiver(path: directory + "/notify.sock")
        try BenchDaemon.write(config, to: configPath)
    }

    var configPath: String { directory + "/metrotimer.conf" }
    var socketPath: String { directory + "/run/control.sock" }
    var logPath: String { directory + "/daemon.log" }
    var pid: pid_t { child?.pid ?? 0 }

    /// Starts the daemon; returns the nanoseconds from just before `posix_spawn` to the receipt of `READY=1`.
    ///
    /// With `watchdogMicroseconds` it is asked for watchdog pings as systemd asks (`WATCHDOG_USEC`, and
    /// `WATCHDOG_PID` naming the daemon itself: a shell sets it to its own pid, then `exec`s the daemon).
    @discardableResult
    func start(watchdogMicroseconds: Int? = nil) throws -> Int64 {
        var environment = currentEnvironment()
        for key in ["WATCHDOG_USEC", "WATCHDOG_PID", "STATE_DIRECTORY", "RUNTIME_DIRECTORY", "METROTIMER_SOCKET", "METROTIMER_DATA"] {
            environment[key] = nil
        }
        environment["NOTIFY_SOCKET"] = notify.path
        let daemon = BenchDaemon.product("metrotimerd")
        var path = daemon
        var arguments = ["--config", configPath]
        if let watchdogMicroseconds {
            environment["WATCHDOG_USEC"] = "\(watchdogMicroseconds)"
            path = "/bin/sh"
            arguments = ["-c", "WATCHDOG_PID=$$ export WATCHDOG_PID; exec \"$0\" \"$@\"", daemon] + arguments
        }
        let launched = Clocks.now(.monotonic)
        child = try ChildProcess(path: path, arguments: arguments, environment: environment, logPath: logPath)
        do {
            let ready = try notify.waitFor("READY", seen: &notifications)
            return ready - launched
        } catch {
            throw BenchError("\(error); daemon log:\n\(log)")
        }
    }

    /// SIGTERM, then waits for the exit; returns the exit status.
    @discardableResult
    func stop() throws -> Int32 {
        guard let child else { return 0 }
        child.signal(SIGTERM)
        let status = try child.wait()
        self.child = nil
        return status
    }

    /// Deletes the directory and everything in it.
    func remove() {
        _ = try? ChildProcess.run(path: "/bin/rm", arguments: ["-rf", directory], environment: [:], logPath: "/dev/null")
    }

    /// Runs `metrotimer --socket … arguments`; fails unless it exits 0. Returns its output.
    @discardableResult
    func cli(_ arguments: [String]) throws -> String {
        let output = directory + "/cli.out"
        unlink(output)
        let status = try ChildProcess.run(path: BenchDaemon.product("metrotimer"), arguments: ["--socket", socketPath] + arguments,
                                          environment: currentEnvironment(), logPath: output)
        let text = (try? BenchDaemon.read(output)) ?? ""
        guard status == 0 else { throw BenchError("metrotimer \(arguments.joined(separator: " ")) exited \(status): \(text)") }
        return text
    }

    /// `metrotimer status --json`, the parts the bench reports.
    func status() throws -> BenchStatus {
        let text = try cli(["status", "--json"])
        do { return try JSONDecoder().decode(BenchStatus.self, from: Data(text.utf8)) } catch {
            throw BenchError("cannot read status --json: \(error)\n\(text)")
        }
    }

    /// The daemon's output so far.
    var log: String { (try? BenchDaemon.read(logPath)) ?? "" }

    /// A product built next to this bench (the same `.build/<configuration>` directory).
    static func product(_ name: String) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        let path = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : CommandLine.arguments[0]
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[..<slash]) + "/" + name
    }

    static func write(_ text: String, to path: String) throws {
        let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
        try file.writeAll(Array(text.utf8))
    }

    static func read(_ path: String) throws -> String {
        let file = try FileDescriptor.open(path, flags: O_RDONLY)
        var bytes: [UInt8] = []
        while let chunk = try file.read(upTo: 65536), !chunk.isEmpty { bytes += chunk }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The fields of `metrotimer status --json` the bench reports.
struct BenchStatus: Decodable {
    struct Trip: Decodable {
        struct Alert: Decodable {
            let kind: String
            let due: String
            let fired: String?
        }
        let t0: String
        let arrival: String
        let stops_remaining: Int
        let alerts: [Alert]
    }
    let state: String
    let clock: String
    let trip: Trip?
}
