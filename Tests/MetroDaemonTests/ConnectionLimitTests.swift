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

    /// Whether the daemon is asleep (`S` in /proc/PID/status: blocked in a wait, not runnable).
    static func isAsleep(_ pid: pid_t) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("State:") })
        else { return false }
        return line.dropFirst("State:".count).trimmingCharacters(in: .whitespaces).hasPrefix("S")
    }

    /// The wake-up count once it has stood still for half a second with the daemon asleep (back in `epoll_wait`;
    /// a loaded machine may take a while to let it finish the last reply, and a daemon held runnable that long has
    /// not yet counted the sleep it is about to take), or nil if it never settles.
    static func settledWakeUps(_ pid: pid_t) -> Int? {
        var last = wakeUps(pid)
        let deadline = Date().addingTimeInterval(mustHappenWithin)
        while Date() < deadline {
            usleep(500_000)
            let now = wakeUps(pid)
            if now == last && isAsleep(pid) && wakeUps(pid) == now { return now }
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

    /// A client that connects and never sends a byte is the plainest stuck client: the request timer must be armed
    /// by the accept itself, not only when some client leaves a request unfinished. A real server on a real socket,
    /// its loop stepped by hand: every blocking wait must end on the timer, never run out with nothing to do.
    @Test func aConnectionThatNeverSendsAByteIsTimedOut() throws {
        var limits = ConnectionLimits()
        limits.requestTimeoutNanoseconds = 1_000_000_000
        let rig = try ControlRateLimitTests.Rig(limits)
        let silent = try rig.connect()
        var received: [UInt8] = []
        var closed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<6 where !closed {
            // Far longer than the timeout: a wait that ends with nothing handled means no deadline was armed. A
            // minute, not seconds: a wait of 10 s once ended with nothing handled, 18.6 s into the test, on a
            // machine loaded with a build beside six test processes (docs/reliability.md); a missing deadline
            // sleeps through any bound.
            let handled = try rig.loop.runOnce(timeoutMilliseconds: 60_000)
            try #require(handled > 0, "the loop slept through the silent connection's deadline")
            while true {
                let n = recv(silent.fd.rawValue, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n > 0 { received += buffer[..<n]; continue }
                if n == 0 { closed = true }
                break
            }
        }
        let reply = try? JSONSerialization.jsonObject(with: Data(received)) as? [String: Any]
        #expect(reply?["code"] as? String == "timeout", "\(String(decoding: received, as: UTF8.self))")
        #expect(closed, "the silent connection was not closed")
        #expect(rig.server.connectionCount == 0)
    }

    /// Each newcomer over the cap closes an idle connection; a peer churning connections closes one per connect. The
    /// log says so once per window, not once per closing: 200 connections over a cap of 4 write one line, and
    /// every closed connection was still told why.
    @Test func churningConnectionsWritesABoundedNumberOfLogLines() throws {
        var limits = ConnectionLimits()
        limits.maximumConnectionsPerPeer = 4
        let sink = RecordingLogSink()
        let rig = try ControlRateLimitTests.Rig(limits, log: Logger(sink: sink))
        var held: [UnixConnection] = []
        for _ in 0..<200 {
            held.append(try rig.connect())
            try rig.step(1, draining: [])
        }
        #expect(rig.server.connectionCount == 4)
        var told = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        for connection in held.prefix(196) where recv(connection.fd.rawValue, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {
            if String(decoding: buffer, as: UTF8.self).contains("\"busy\"") { told += 1 }
        }
        #expect(told == 196)
        let lines = sink.lines.filter { $0.contains("closing its oldest idle one") }
        #expect(lines.count == 1, "\(lines.count) lines: \(lines.prefix(3))")
    }

    /// The window's arithmetic: one line per window, and the next line counts what was held back.
    @Test func aLogWindowLetsOneLineThroughPerWindowAndCountsTheRest() {
        var window = LogWindow(lengthNanoseconds: 1_000)
        #expect(window.admit(now: 5_000) == 0)
        #expect(window.admit(now: 5_001) == nil)
        #expect(window.admit(now: 5_999) == nil)
        #expect(window.heldBack == 2)
        #expect(window.admit(now: 6_000) == 2)
        #expect(window.heldBack == 0)
        #expect(window.admit(now: 6_500) == nil)
        #expect(window.admit(now: 9_000) == 1)
        // Times far apart (a clock read at either end of its range) never trap.
        _ = window.admit(now: .min)
        _ = window.admit(now: .max)
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
