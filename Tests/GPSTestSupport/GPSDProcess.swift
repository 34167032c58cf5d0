import Foundation
import Glibc
import MetroGPS
import Synchronization

/// A real gpsd started for one test: `gpsd -N -n -S PORT udp://127.0.0.1:UDPPORT`, fed NMEA one sentence
/// per datagram. Loopback only (no `-G`), never port 2947, its own `GPSD_SHM_KEY` (0x4770 + port), and only
/// the PID started here is ever signalled. Stopping it removes the SHM segments it leaves unattached.
package final class GPSDProcess {
    package struct StartFailure: Error, CustomStringConvertible {
        package let description: String
    }

    /// gpsd's TCP port for clients.
    package let port: UInt16
    /// The UDP port gpsd reads NMEA from.
    package let udpPort: UInt16
    /// This instance's SysV shared-memory export key.
    package let shmKey: key_t
    /// Where gpsd writes its own messages (kept for failure reports).
    package let logPath: String
    /// The process id; only this one is ever signalled.
    package let pid: pid_t
    private var running = true
    private let feedSocket: Int32

    /// Where clients connect.
    package var address: GPSDAddress { GPSDAddress(host: "127.0.0.1", port: port) }

    /// Starts a fresh gpsd on free ports and waits until it accepts connections.
    package static func start() throws -> GPSDProcess {
        var lastFailure = ""
        for _ in 0..<5 {
            let port = try Loopback.freePort(type: Int32(SOCK_STREAM.rawValue))
            let udpPort = try Loopback.freePort(type: Int32(SOCK_DGRAM.rawValue))
            do {
                return try GPSDProcess(port: port, udpPort: udpPort)
            } catch let failure as StartFailure {
                lastFailure = failure.description   // a port was taken in between: try others
            }
        }
        throw StartFailure(description: "gpsd did not start after 5 attempts; last: \(lastFailure)")
    }

    /// Starts a fresh gpsd listening on `port` (a daemon under test was told that address before gpsd
    /// existed, or gpsd is restarted where it was), on a free UDP port.
    package static func start(port: UInt16) throws -> GPSDProcess {
        var lastFailure = ""
        for _ in 0..<5 {
            let udpPort = try Loopback.freePort(type: Int32(SOCK_DGRAM.rawValue))
            do {
                return try GPSDProcess(port: port, udpPort: udpPort)
            } catch let failure as StartFailure {
                lastFailure = failure.description
            }
        }
        throw StartFailure(description: "gpsd did not start on port \(port) after 5 attempts; last: \(lastFailure)")
    }

    private init(port: UInt16, udpPort: UInt16) throws {
        self.port = port
        self.udpPort = udpPort
        shmKey = key_t(bitPattern: 0x4770_0000 | UInt32(port))
        logPath = (ProcessEnvironment.value("TMPDIR") ?? "/tmp") + "/metrotimer-gpsd-\(getpid())-\(port).log"
        guard let executable = Self.findGPSD() else {
            throw StartFailure(description: "gpsd not found in PATH, /usr/sbin or /sbin: run scripts/install-deps.sh test")
        }
        let arguments = [executable, "-N", "-n", "-S", String(port), "udp://127.0.0.1:\(udpPort)"]
        var environment = ProcessEnvironment.current.filter { !$0.hasPrefix("GPSD_SHM_KEY=") }
        environment.append("GPSD_SHM_KEY=0x\(String(UInt32(bitPattern: shmKey), radix: 16))")
        pid = try Self.spawn(arguments, environment: environment, output: logPath)
        LiveGPSDs.add(pid)
        feedSocket = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        do {
            try waitUntilAccepting()
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Sends each sentence as its own datagram (CR LF appended), in order.
    package func send(_ sentences: [String]) throws {
        for sentence in sentences {
            try Loopback.sendDatagram(sentence + "\r\n", from: feedSocket, to: udpPort)
        }
    }

    /// Kills gpsd with `signal` (SIGKILL: the way a crash looks), reaps it, removes its unattached SHM
    /// segments. Does nothing when already stopped.
    package func stop(signal: Int32 = SIGTERM) {
        guard running else { return }
        running = false
        kill(pid, signal)
        var status: Int32 = 0
        var reaped = false
        for _ in 0..<500 where !reaped {   // up to 5 s for a clean exit
            reaped = waitpid(pid, &status, WNOHANG) == pid
            if !reaped { usleep(10_000) }
        }
        if !reaped {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
        }
        LiveGPSDs.remove(pid)
        close(feedSocket)
        SharedMemory.removeIfUnattached(Self.leftoverKeys(instanceKey: shmKey))
        unlink(logPath)
    }

    /// The instance's export segment, and the NTP0–NTP7 segments every gpsd creates ("NTP\0" + unit).
    package static func leftoverKeys(instanceKey: key_t) -> [key_t] {
        [instanceKey] + (0..<8).map { key_t(0x4e54_5030 + $0) }
    }

    /// gpsd's own messages so far (for failure reports).
    package func log() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    private func waitUntilAccepting() throws {
        for _ in 0..<1000 {   // up to 10 s; it takes well under 0.2 s here
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                running = false
                LiveGPSDs.remove(pid)
                throw StartFailure(description: "gpsd on port \(port) exited at start (status \(status)): \(log())")
            }
            if let probe = Loopback.connectTCP(port: port) {
                close(probe)
                return
            }
            usleep(10_000)
        }
        throw StartFailure(description: "gpsd on port \(port) did not accept connections within 10 s: \(log())")
    }

    private static func findGPSD() -> String? {
        let path = ProcessEnvironment.value("PATH") ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        return directories.map { $0 + "/gpsd" }.first { access($0, X_OK) == 0 }
    }

    private static func spawn(_ arguments: [String], environment: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The test runner may block or ignore signals, and a spawned child inherits both: give gpsd
        // default dispositions and an empty mask so SIGTERM stops it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw StartFailure(description: "posix_spawn \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }
}

/// The test process's environment.
package enum ProcessEnvironment {
    package static var current: [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(String(cString: entry))
            cursor += 1
        }
        return entries
    }

    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// SysV shared memory clean-up.
package enum SharedMemory {
    /// Removes each segment that exists and has no process attached (a running gpsd stays attached).
    package static func removeIfUnattached(_ keys: [key_t]) {
        for key in keys {
            let id = shmget(key, 0, 0)
            guard id >= 0 else { continue }
            var info = shmid_ds()
            guard shmctl(id, IPC_STAT, &info) == 0, info.shm_nattch == 0 else { continue }
            _ = shmctl(id, IPC_RMID, nil)
        }
    }

    /// Whether a segment with this key exists.
    package static func exists(_ key: key_t) -> Bool {
        shmget(key, 0, 0) >= 0
    }
}

/// The gpsd PIDs this test process started and has not stopped yet. Should the process end with some
/// still running (a test that never released its harness), an exit handler kills exactly those.
package enum LiveGPSDs {
    private static let pids = Mutex<Set<pid_t>>([])
    private static let exitHandlerInstalled = Mutex(false)

    package static func add(_ pid: pid_t) {
        pids.withLock { _ = $0.insert(pid) }
        exitHandlerInstalled.withLock { installed in
            guard !installed else { return }
            installed = true
            atexit { LiveGPSDs.killAll() }
        }
    }

    package static func remove(_ pid: pid_t) {
        pids.withLock { _ = $0.remove(pid) }
    }

    private static func killAll() {
        for pid in pids.withLock({ $0 }) {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }
}
