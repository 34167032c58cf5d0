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
            // Far longer than the timeout: a wait that ends with nothing handled means no deadline was armed.
            let handled = try rig.loop.runOnce(timeoutMilliseconds: 10_000)
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
