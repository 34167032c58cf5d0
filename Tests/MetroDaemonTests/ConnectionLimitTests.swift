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

    /// The wake-up count once it has stood still for half a second (the daemon is back asleep in `epoll_wait`;
    /// a loaded machine may take a while to let it finish the last reply), or nil if it never settles.
    static func settledWakeUps(_ pid: pid_t) -> Int? {
        var last = wakeUps(pid)
        let deadline = Date().addingTimeInterval(mustHappenWithin)
        while Date() < deadline {
            usleep(500_000)
            let now = wakeUps(pid)
            if now == last { return now }
            last = now
        }
        return nil
    }

    @Test func anUnfinishedRequestTimesOutAndAFinishedConnectionDoesNot() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let timeout = Double(Self.limits.requestTimeoutNanoseconds) / 1e9
        // Taken on the daemon's clock before the connections exist, so no deadline of theirs can start before it:
        // closing earlier than `timeout` after it is a bug whatever the load. The upper bound is a budget for a
        // loaded machine, far below "never" (the reads below give up at `timeout + 15`).
        let began = boottimeNow()
        let partial = try RawControlConnection(path: daemon.socketPath, timeout: timeout + 15)
        let silent = try RawControlConnection(path: daemon.socketPath, timeout: timeout + 15)
        let finished = try RawControlConnection(path: daemon.socketPath, timeout: timeout + 15)
        #expect(try finished.request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)
        partial.send(Array("{\"cmd\": \"sta".utf8))
        for connection in [partial, silent] {
            let reply = try connection.readObject()
            #expect(reply["code"] as? String == "timeout", "\(reply)")
            #expect(connection.isClosedByPeer())
        }
        let waited = Double(boottimeNow() - began) / 1e9
        print("unfinished request closed \(String(format: "%.3f", waited)) s after the connections were made (timeout \(timeout) s)")
        #expect(waited >= timeout && waited < timeout + 10, "closed after \(waited) s")
        // The connection that finished its request has no deadline: it is still served.
        #expect(!finished.hasData(within: 0.5))
        #expect(try finished.request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)

        // With no unfinished request left the timer is disarmed: the daemon sleeps through what would have been
        // the next deadline (a timer left armed would wake it once).
        let pid = try #require(daemon.pid)
        let before = try #require(Self.settledWakeUps(pid), "the daemon never went back to sleep")
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
            idle.append(try RawControlConnection(path: daemon.socketPath, timeout: mustHappenWithin))
            // Accepted in this order (the listen queue is first in, first out) and at distinct boot-time instants,
            // so "oldest" is well defined; a loaded machine only spreads them further apart.
            usleep(2_000)
        }
        // The eight oldest were told why and closed; the newest `cap` are open.
        for connection in idle.prefix(8) {
            let reply = try connection.readObject()
            #expect(reply["code"] as? String == "busy", "\(reply)")
            #expect(connection.isClosedByPeer())
        }
        for connection in idle.suffix(cap) { #expect(!connection.hasData(within: 0.01)) }
        // The rider's command line (the same user here) still gets its answer, at the expense of the oldest idle one.
        let status = try daemon.cli(["status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(try idle[8].readObject()["code"] as? String == "busy")
        #expect(idle[8].isClosedByPeer())
        #expect(daemon.log.contains("closing its oldest idle one"))
    }
}
