import Foundation
import Glibc
import MetroControl
import MetroSystem
import Testing
@testable import MetroDaemon

/// One flooding connection gets a bounded share of the only thread (docs/reliability.md, "Flooding"): per loop turn
/// (`connectionBudget`) and per rate window (`connectionRateBudget`, blank lines included), beyond which it is
/// neither read nor served until its window ends — while the others are served as usual, and the throttle's timer
/// is armed only while a connection is held back. A real `ControlServer` on a real socket, its loop stepped by hand
/// and the requests it dispatched counted per turn: no timing is measured.
@Suite struct ControlRateLimitTests {
    /// A control server on its own loop with `limits`, a dispatcher that records the turn of every request it
    /// handles, and connections to it.
    final class Rig {
        let directory: URL
        let loop: EventLoop
        let server: ControlServer
        private let handler: TurnRecorder
        var servedTurns: [UInt64] { handler.servedTurns }
        var servedAt: [Int64] { handler.servedAt }

        /// Answers every request with `{"ok": true}` and notes the loop turn it was served in.
        final class TurnRecorder: ControlRequestHandling {
            let loop: EventLoop
            private(set) var servedTurns: [UInt64] = []
            /// The boot time each request was served at.
            private(set) var servedAt: [Int64] = []
            init(loop: EventLoop) { self.loop = loop }
            func reply(to envelope: ControlEnvelope, peer: ControlServer.Peer) -> (reply: String, watch: Bool) {
                servedTurns.append(loop.turn)
                servedAt.append(Clocks.now(.boottime))
                return ("{\"ok\": true}", false)
            }
            func stream(for envelope: ControlEnvelope) -> ReplyStream? { nil }
        }

        init(_ limits: ConnectionLimits, log: Logger = Logger(sink: DiscardingSink())) throws {
            directory = try makeScratchDirectory("rate")
            loop = try EventLoop()
            handler = TurnRecorder(loop: loop)
            server = try ControlServer(path: directory.appendingPathComponent("control.sock").path, groupName: "", loop: loop,
                                       log: log, limits: limits, handler: handler)
        }

        deinit {
            server.close()
            try? FileManager.default.removeItem(at: directory)
        }

        func connect() throws -> UnixConnection { try UnixConnection.connect(path: server.path) }

        /// Runs `turns` turns without waiting, reading every reply that arrived after each (so no client is held
        /// back for not reading); returns how many handlers ran in the last turn.
        @discardableResult
        func step(_ turns: Int, draining clients: [UnixConnection]) throws -> Int {
            var last = 0
            for _ in 0..<turns {
                last = try loop.runOnce(timeoutMilliseconds: 0)
                for client in clients { Rig.drain(client) }
            }
            return last
        }

        static func drain(_ client: UnixConnection) {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while recv(client.fd.rawValue, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
        }

        /// The most requests handled in any one turn.
        var mostInOneTurn: Int { Dictionary(grouping: servedTurns, by: { $0 }).values.map(\.count).max() ?? 0 }
    }

    static func requests(_ count: Int) -> [UInt8] { Array(String(repeating: "{\"cmd\": \"status\"}\n", count: count).utf8) }

    @Test func aPipeliningClientGetsItsShareOfATurnAndOfAWindowAndTheOthersAreStillServed() throws {
        var limits = ConnectionLimits()
        limits.connectionRateBudget = 8 * limits.requestCost
        limits.rateWindowNanoseconds = 600_000_000_000  // the window does not end during the test
        let rig = try Rig(limits)
        let flood = try rig.connect()
        try flood.writeAll(Self.requests(40))
        try rig.step(40, draining: [flood])
        #expect(rig.servedTurns.count == 8, "served \(rig.servedTurns.count) of 40 pipelined requests in its window")
        #expect(rig.mostInOneTurn <= limits.connectionBudget / limits.requestCost)
        // Held back, it is not looked at: the loop has nothing to do (no continuation, no readable descriptor).
        #expect(try rig.step(1, draining: [flood]) == 0)

        // Another client (the rider's command line) is served at once: the throttle is the flooder's alone.
        let rider = try rig.connect()
        try rider.writeAll(Self.requests(1))
        try rig.step(3, draining: [flood, rider])
        #expect(rig.servedTurns.count == 9)
    }

    @Test func blankLinesSpendTheWindowToo() throws {
        var limits = ConnectionLimits()
        limits.connectionRateBudget = 64  // 63 blank lines leave less than one request's cost
        limits.rateWindowNanoseconds = 600_000_000_000
        let rig = try Rig(limits)
        let flood = try rig.connect()
        try flood.writeAll(Array(repeating: UInt8(ascii: "\n"), count: 63) + Self.requests(1))
        try rig.step(20, draining: [flood])
        #expect(rig.servedTurns.isEmpty, "the request after 63 blank lines was served within the same window")
        #expect(try rig.step(1, draining: [flood]) == 0)
    }

    @Test func aThrottledClientGoesOnWhenItsWindowEndsAndThenTheLoopSleeps() throws {
        var limits = ConnectionLimits()
        limits.connectionRateBudget = 4 * limits.requestCost
        limits.rateWindowNanoseconds = 100_000_000
        let window = limits.rateWindowNanoseconds
        let rig = try Rig(limits)
        // Before the connection is accepted, so before its first window starts.
        let beforeFirstWindow = Clocks.now(.boottime)
        let client = try rig.connect()
        try client.writeAll(Self.requests(10))
        try rig.step(10, draining: [client])
        if Clocks.now(.boottime) &- beforeFirstWindow < window {
            #expect(rig.servedTurns.count == 4, "served \(rig.servedTurns.count) in the first window")
        }
        // Only the throttle's timer wakes the loop again (a blocking wait that returns with its handler run, not at
        // the 10 s timeout), until all ten are served: at most one wake-up a window. On a loaded machine the turns
        // stepped after a wake-up can outlast a 100 ms window, so later windows may need no wake-up of their own.
        var wakeUps = 0
        var wokenByTimeout = 0
        while rig.servedTurns.count < 10 && wakeUps < 20 {
            if try rig.loop.runOnce(timeoutMilliseconds: 10_000) == 0 { wokenByTimeout += 1 }
            try rig.step(10, draining: [client])
            wakeUps += 1
        }
        #expect(rig.servedTurns.count == 10)
        #expect(wakeUps <= 2, "served in \(wakeUps) more wake-ups")
        #expect(wokenByTimeout == 0, "the loop waited for its timeout \(wokenByTimeout) times: no timer woke it")
        // Four requests a window: request i is served no sooner than i / 4 windows after the first began (a loaded
        // machine only makes it later; a missing throttle serves them all at once).
        for (index, servedAt) in rig.servedAt.enumerated() {
            let earliest = Int64(index / 4) * window
            let after = servedAt &- beforeFirstWindow
            #expect(after >= earliest, "request \(index) served \(after) ns after the first window began")
        }
        // Nothing is held back any more: no timer is left armed, the idle loop is not woken. (A few turns first for
        // the work queued behind the last request, which a slow step may have served in its very last turn.)
        try rig.step(3, draining: [client])
        #expect(try rig.loop.runOnce(timeoutMilliseconds: 300) == 0)
    }

    /// A long pipeline served over many windows, read in chunks that end mid-line: each complete request it sends
    /// restarts the unfinished-request clock, so it is served to the end instead of being timed out as stuck.
    @Test func aLongThrottledPipelineIsNotTimedOutAsAnUnfinishedRequest() throws {
        var limits = ConnectionLimits()
        limits.connectionRateBudget = 4 * limits.requestCost
        // Windows and timeout long enough that a process starved for a second or two on a loaded machine is not
        // taken for a stuck client (a read every window restarts the clock; the timeout is ten windows away).
        limits.rateWindowNanoseconds = 300_000_000
        limits.requestTimeoutNanoseconds = 3_000_000_000
        // 49-byte requests read 50 bytes at a time: a read ends on a newline only once in 50 requests (12.5
        // windows, 3.75 s, longer than the timeout; a slow machine only makes it longer).
        limits.readChunk = 50
        let request = "{\"cmd\":" + String(repeating: " ", count: 32) + "\"status\"}\n"
        try #require(request.utf8.count == 49)
        let rig = try Rig(limits)
        let client = try rig.connect()
        try client.writeAll(Array(String(repeating: request, count: 120).utf8))  // 30 windows
        var replies = ""
        var buffer = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<400 where rig.servedTurns.count < 120 && !replies.contains("timeout") {
            try rig.loop.runOnce(timeoutMilliseconds: 10_000)
            while case let n = recv(client.fd.rawValue, &buffer, buffer.count, Int32(MSG_DONTWAIT)), n > 0 {
                replies += String(decoding: buffer[..<n], as: UTF8.self)
            }
        }
        #expect(!replies.contains("timeout"), "the pipeline was timed out after \(rig.servedTurns.count) requests")
        #expect(rig.servedTurns.count == 120)
    }
}
