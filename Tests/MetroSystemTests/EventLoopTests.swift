import Glibc
import Testing
@testable import MetroSystem

@Suite struct EventLoopTests {
    @Test func deliversReadableEventsToTheRightHandler() throws {
        let loop = try EventLoop()
        let first = try Pipe()
        let second = try Pipe()
        var seen: [String] = []
        _ = try loop.register(fd: first.readEnd.rawValue) { events in
            #expect(events.contains(.readable))
            seen.append("first:" + String(decoding: (try? first.readEnd.read(upTo: 64)) ?? [], as: UTF8.self))
        }
        _ = try loop.register(fd: second.readEnd.rawValue) { _ in
            seen.append("second:" + String(decoding: (try? second.readEnd.read(upTo: 64)) ?? [], as: UTF8.self))
        }
        try second.send("b")
        #expect(try loop.runOnce(timeoutMilliseconds: 1_000) == 1)
        #expect(seen == ["second:b"])
        try first.send("a")
        try loop.runOnce(timeoutMilliseconds: 1_000)
        #expect(seen == ["second:b", "first:a"])
        #expect(try loop.runOnce(timeoutMilliseconds: 0) == 0)
    }

    @Test func handlersMayUnregisterThemselvesAndRegisterOthers() throws {
        let loop = try EventLoop()
        let first = try Pipe()
        let second = try Pipe()
        var calls: [String] = []
        var firstToken: EventLoop.Token?
        firstToken = try loop.register(fd: first.readEnd.rawValue) { _ in
            calls.append("first")
            loop.unregister(firstToken!)
            _ = try? loop.register(fd: second.readEnd.rawValue) { _ in
                calls.append("second")
                _ = try? second.readEnd.read(upTo: 16)
            }
        }
        try first.send("x")  // left unread: only unregistering stops it from firing again
        try second.send("y")
        try loop.runOnce(timeoutMilliseconds: 1_000)
        try loop.runOnce(timeoutMilliseconds: 1_000)
        try loop.runOnce(timeoutMilliseconds: 0)
        #expect(calls == ["first", "second"])
        #expect(loop.registrationCount == 1)
    }

    @Test func aHandlerUnregisteringAnotherReadyOneSuppressesIt() throws {
        let loop = try EventLoop()
        let first = try Pipe()
        let second = try Pipe()
        var calls = 0
        var tokens: [EventLoop.Token] = []
        for pipe in [first, second] {
            tokens.append(try loop.register(fd: pipe.readEnd.rawValue) { _ in
                calls += 1
                for token in tokens { loop.unregister(token) }
            })
        }
        try first.send("x")
        try second.send("y")
        try loop.runOnce(timeoutMilliseconds: 1_000)
        #expect(calls == 1)
        #expect(loop.registrationCount == 0)
    }

    @Test func modifyChangesTheWatchedEvents() throws {
        let loop = try EventLoop()
        let pipe = try Pipe()
        var reported: [IOEvents] = []
        var token: EventLoop.Token?
        token = try loop.register(fd: pipe.writeEnd.rawValue, events: []) { events in
            reported.append(events)
            try? loop.modify(token!, events: [])
        }
        #expect(try loop.runOnce(timeoutMilliseconds: 0) == 0)
        try loop.modify(token!, events: .writable)
        #expect(loop.events(of: token!) == .writable)
        #expect(try loop.runOnce(timeoutMilliseconds: 1_000) == 1)
        #expect(reported == [.writable])
        #expect(try loop.runOnce(timeoutMilliseconds: 0) == 0)
    }

    @Test func runReturnsAfterStop() throws {
        let loop = try EventLoop()
        let pipe = try Pipe()
        var count = 0
        _ = try loop.register(fd: pipe.readEnd.rawValue) { _ in
            count += 1
            _ = try? pipe.readEnd.read(upTo: 16)
            if count == 2 { loop.stop() } else { try? pipe.send("again") }
        }
        try pipe.send("go")
        try loop.run()
        #expect(count == 2)
    }

    @Test func hangupIsReported() throws {
        let loop = try EventLoop()
        let pipe = try Pipe()
        var reported: IOEvents = []
        _ = try loop.register(fd: pipe.readEnd.rawValue) { reported = $0 }
        try pipe.writeEnd.close()
        try loop.runOnce(timeoutMilliseconds: 1_000)
        #expect(reported.contains(.hangup))
    }

    @Test func urgentRegistrationsRunFirstAndBetweenOrdinaryHandlers() throws {
        let loop = try EventLoop()
        let inputs = try (0..<3).map { _ in try Pipe() }
        let urgent = try Pipe()
        var calls: [String] = []
        var triggered = false
        for input in inputs {
            _ = try loop.register(fd: input.readEnd.rawValue) { _ in
                _ = try? input.readEnd.read(upTo: 16)
                calls.append("input")
                // An urgent descriptor that becomes ready while input is served is served next, not after the rest.
                if !triggered {
                    triggered = true
                    try? urgent.send("u")
                }
            }
        }
        _ = try loop.register(fd: urgent.readEnd.rawValue, priority: .urgent) { _ in
            _ = try? urgent.readEnd.read(upTo: 16)
            calls.append("urgent")
        }
        for input in inputs { try input.send("x") }
        try urgent.send("u")
        // Ready before the turn: first. Ready during it: before the next ordinary handler.
        #expect(try loop.runOnce(timeoutMilliseconds: 1_000) == 5)
        #expect(calls.first == "urgent")
        #expect(calls.count == 5)
        if let second = calls.indices.dropFirst().first(where: { calls[$0] == "urgent" }) {
            #expect(second <= 3, "\(calls)")
        } else {
            Issue.record("the urgent descriptor made ready mid-turn was not served in that turn: \(calls)")
        }
        #expect(try loop.runOnce(timeoutMilliseconds: 0) == 0)
    }

    @Test func aContinuationRunsNextTurnWithoutWaitingAndTheLoopSleepsAgainAfter() throws {
        let loop = try EventLoop()
        let pipe = try Pipe()
        var calls: [String] = []
        _ = try loop.register(fd: pipe.readEnd.rawValue) { _ in
            _ = try? pipe.readEnd.read(upTo: 16)
            calls.append("input")
            loop.continueNextTurn {
                calls.append("continued in turn \(loop.turn)")
                loop.continueNextTurn { calls.append("again in turn \(loop.turn)") }
            }
        }
        try pipe.send("x")
        try loop.runOnce(timeoutMilliseconds: 1_000)
        let first = loop.turn
        #expect(calls == ["input"])
        #expect(loop.hasContinuations)
        // Would block for an hour without the pending continuation.
        #expect(try loop.runOnce(timeoutMilliseconds: 3_600_000) == 1)
        #expect(try loop.runOnce(timeoutMilliseconds: 3_600_000) == 1)
        #expect(calls == ["input", "continued in turn \(first + 1)", "again in turn \(first + 2)"])
        #expect(!loop.hasContinuations)
        #expect(try loop.runOnce(timeoutMilliseconds: 0) == 0)
    }
}
