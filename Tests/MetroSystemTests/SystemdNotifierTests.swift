import CLinuxShim
import Glibc
import Testing
@testable import MetroSystem

@Suite struct SystemdNotifierTests {
    /// A datagram socket bound at `address` standing in for systemd's notification socket.
    private func receiver(at address: UnixAddress) throws -> FileDescriptor {
        let socket = try makeUnixSocket(type: clinux_sock_dgram(), nonblocking: true, purpose: "test receiver")
        let result = address.withSockaddr { bind(socket.rawValue, $0, $1) }
        guard result == 0 else { throw SystemError.current("bind \(address.display)") }
        return socket
    }

    private func receiveAll(_ socket: FileDescriptor) throws -> [String] {
        var datagrams: [String] = []
        while let bytes = try socket.read(upTo: 4096) {
            datagrams.append(String(decoding: bytes, as: UTF8.self))
        }
        return datagrams
    }

    @Test func sendsExactlyOneDatagramToAPathSocket() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("notify")
        let socket = try receiver(at: try UnixAddress(path: path))
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path])
        #expect(notifier.isEnabled)
        try notifier.send("READY=1\nSTATUS=idle")
        #expect(try receiveAll(socket) == ["READY=1\nSTATUS=idle"])
    }

    @Test func abstractNamespaceAddressWorks() throws {
        let name = "@metrotimer-test-\(getpid())-\(Clocks.now(.monotonic))"
        let socket = try receiver(at: try UnixAddress(systemdNotation: name))
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": name])
        try notifier.send("WATCHDOG=1")
        try notifier.send("STOPPING=1")
        #expect(try receiveAll(socket) == ["WATCHDOG=1", "STOPPING=1"])
    }

    @Test func unsetSocketIsANoOp() throws {
        let notifier = SystemdNotifier(environment: [:])
        #expect(!notifier.isEnabled)
        try notifier.send("READY=1")
        #expect(notifier.watchdogInterval == nil)
    }

    @Test func aMissingSocketIsAnError() throws {
        let directory = try TemporaryDirectory()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": directory.file("gone")])
        let error = thrownError(SystemError.self) { try notifier.send("READY=1") }
        #expect(error?.errno == .noSuchFile)
    }

    @Test func watchdogEnvironment() {
        let ours = SystemdNotifier(environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "\(getpid())"])
        #expect(ours.watchdogTimeoutNanoseconds == 2_000_000_000)
        #expect(ours.watchdogInterval == .seconds(1))
        #expect(ours.watchdogIntervalNanoseconds == 1_000_000_000)
        let noPID = SystemdNotifier(environment: ["WATCHDOG_USEC": "500000"])
        #expect(noPID.watchdogInterval == .milliseconds(250))
        let someoneElse = SystemdNotifier(environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "1"], pid: 4242)
        #expect(someoneElse.watchdogInterval == nil)
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "0"]).watchdogInterval == nil)
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "soon"]).watchdogInterval == nil)
        let explicitPID = SystemdNotifier(environment: ["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "4242"], pid: 4242)
        #expect(explicitPID.watchdogIntervalNanoseconds == 1_500_000_000)
    }
}
