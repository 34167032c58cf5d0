import Foundation
import Glibc
import MetroSystem
import Testing
@testable import MetroDaemon

/// Connections are bounded (docs/control-protocol.md, "Connection"): an unfinished request times out on a timerfd
/// that is armed only while such a connection exists, connections are capped per peer user, and a newcomer over
/// the cap closes the oldest idle one instead of being locked out.
@Suite struct ConnectionLimitTests {
    static let limits = ConnectionLimits()

    /// The daemon's voluntary context switches: each is one sleep in `epoll_wait` ended by a wake-up.
    static func wakeUps(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") })
        else { return nil }
        return Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
    }

    @Test func anUnfinishedRequestTimesOutAndAFinishedConnectionDoesNot() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let timeout = Double(Self.limits.requestTimeoutNanoseconds) / 1e9
        let partial = try RawControlConnection(path: daemon.socketPath, timeout: timeout + 3)
        let silent = try RawControlConnection(path: daemon.socketPath, timeout: timeout + 3)
        let finished = try RawControlConnection(path: daemon.socketPath, timeout: timeout + 3)
        #expect(try finished.request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)
        let began = Date()
        partial.send(Array("{\"cmd\": \"sta".utf8))
        for connection in [partial, silent] {
            let reply = try connection.readObject()
            #expect(reply["code"] as? String == "timeout", "\(reply)")
            #expect(connection.isClosedByPeer(timeout: 2))
        }
        let waited = Date().timeIntervalSince(began)
        #expect(waited >= timeout - 0.5 && waited < timeout + 2, "closed after \(waited) s")
        // The connection that finished its request has no deadline: it is still served.
        #expect(!finished.hasData(within: 0.5))
        #expect(try finished.request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)

        // With no unfinished request left the timer is disarmed: the daemon sleeps through what would have been
        // the next deadline (a timer left armed would wake it once).
        let pid = try #require(daemon.pid)
        usleep(200_000)  // the daemon goes back to sleep after sending that reply
        let before = try #require(Self.wakeUps(pid))
        usleep(useconds_t((timeout + 1) * 1_000_000))
        #expect(Self.wakeUps(pid) == before, "the idle daemon woke up")
    }

    @Test func idleConnectionsOverThePerUserCapMakeRoomForTheRider() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let cap = Self.limits.maximumConnectionsPerPeer
        var idle: [RawControlConnection] = []
        for _ in 0..<(cap + 8) {
            idle.append(try RawControlConnection(path: daemon.socketPath, timeout: 2))
            usleep(2_000)  // accepted in this order, so "oldest" is well defined
        }
        // The eight oldest were told why and closed; the newest `cap` are open.
        for connection in idle.prefix(8) {
            let reply = try connection.readObject()
            #expect(reply["code"] as? String == "busy", "\(reply)")
            #expect(connection.isClosedByPeer(timeout: 2))
        }
        for connection in idle.suffix(cap) { #expect(!connection.hasData(within: 0.01)) }
        // The rider's command line (the same user here) still gets its answer, at the expense of the oldest idle one.
        let status = try daemon.cli(["status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(try idle[8].readObject()["code"] as? String == "busy")
        #expect(idle[8].isClosedByPeer(timeout: 2))
        #expect(daemon.log.contains("closing its oldest idle one"))
    }
}
