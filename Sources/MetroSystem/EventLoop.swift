internal import CLinuxShim
import Glibc

/// One epoll instance and the handlers of the descriptors registered with it.
///
/// `run()` blocks in `epoll_wait` with no timeout, so an idle process stays asleep until a descriptor is
/// ready. Handlers run on the thread that called `run()`, one at a time, and may register, modify or
/// unregister anything (themselves included) while being dispatched. Single-threaded by design: it is not
/// `Sendable` and must be used from one thread only.
///
/// **Urgent registrations win over input.** Descriptors registered `urgent` (the alert, haptic and gesture
/// timerfds, the signalfd) live in an epoll instance of their own, nested in the main one. A turn dispatches the
/// urgent ones first, and looks at them again (a zero-timeout `epoll_wait`) before each ordinary handler and each
/// continuation, so a timer that comes due while input is being served waits at most for one bounded handler.
///
/// **Bounded turns.** A handler that has more work than it should do in one go (a client that pipelined many
/// requests) does a bounded share and leaves the rest to `continueNextTurn`: the next turn then polls instead of
/// sleeping, serves due timers and other descriptors first, and runs the continuation after them.
public final class EventLoop {
    /// Names one registration. Tokens are never reused, so a stale event for a descriptor that was
    /// unregistered (and whose number was reused) inside the same wake-up is dropped, not misdelivered.
    public struct Token: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// Whether a registration is served before ordinary ones.
    public enum Priority: Sendable {
        /// Input and output: served after every due urgent registration.
        case normal
        /// Timers and signals: served first in a turn and between ordinary handlers.
        case urgent
    }

    private struct Registration {
        let fd: Int32
        var events: IOEvents
        let priority: Priority
        let handler: (IOEvents) -> Void
    }

    /// The main epoll instance: ordinary descriptors, and `urgentEpoll` itself under `urgentSetID`.
    private let epoll: FileDescriptor
    /// The urgent descriptors; readable in `epoll` whenever one of them is ready.
    private let urgentEpoll: FileDescriptor
    private static let urgentSetID: UInt64 = 0
    private var registrations: [UInt64: Registration] = [:]
    private var nextID: UInt64 = 1
    private var stopRequested = false
    private var continuations: [() -> Void] = []
    /// How many turns have started; a handler can tell two calls in one turn from calls in two turns.
    public private(set) var turn: UInt64 = 0

    /// Creates the epoll instances (close-on-exec).
    public init() throws {
        let fd = epoll_create1(clinux_epoll_cloexec())
        guard fd >= 0 else { throw SystemError.current("epoll_create1") }
        epoll = FileDescriptor(owning: fd)
        let urgentFD = epoll_create1(clinux_epoll_cloexec())
        guard urgentFD >= 0 else { throw SystemError.current("epoll_create1 (urgent set)") }
        urgentEpoll = FileDescriptor(owning: urgentFD)
        guard clinux_epoll_ctl(fd, EPOLL_CTL_ADD, urgentFD, IOEvents.readable.rawValue, EventLoop.urgentSetID) == 0 else {
            throw SystemError.current("epoll_ctl ADD urgent set")
        }
    }

    /// How many descriptors are registered.
    public var registrationCount: Int { registrations.count }

    /// Watches `fd` for `events` and calls `handler` with the events that occurred. `priority: .urgent` for
    /// descriptors whose lateness matters (timers, signals).
    ///
    /// The loop does not own `fd`: unregister it before closing it.
    public func register(
        fd: Int32, events: IOEvents = .readable, priority: Priority = .normal, handler: @escaping (IOEvents) -> Void
    ) throws -> Token {
        let id = nextID
        nextID += 1
        guard clinux_epoll_ctl(set(for: priority), EPOLL_CTL_ADD, fd, events.rawValue, id) == 0 else {
            throw SystemError.current("epoll_ctl ADD fd \(fd)")
        }
        registrations[id] = Registration(fd: fd, events: events, priority: priority, handler: handler)
        return Token(id: id)
    }

    private func set(for priority: Priority) -> Int32 {
        priority == .urgent ? urgentEpoll.rawValue : epoll.rawValue
    }

    /// Changes the events watched for a registration (e.g. add `.writable` while output is pending).
    public func modify(_ token: Token, events: IOEvents) throws {
        guard let registration = registrations[token.id] else {
            throw SystemError("epoll_ctl MOD of an unregistered token", errno: .noSuchFile)
        }
        let epfd = set(for: registration.priority)
        guard clinux_epoll_ctl(epfd, EPOLL_CTL_MOD, registration.fd, events.rawValue, token.id) == 0 else {
            throw SystemError.current("epoll_ctl MOD fd \(registration.fd)")
        }
        registrations[token.id]?.events = events
    }

    /// The events currently watched for a registration, nil when it is not registered.
    public func events(of token: Token) -> IOEvents? {
        registrations[token.id]?.events
    }

    /// Stops watching a registration. Unregistering twice, or after the descriptor was closed, is harmless:
    /// the kernel already forgot a closed descriptor, and pending events for it are dropped.
    public func unregister(_ token: Token) {
        guard let registration = registrations.removeValue(forKey: token.id) else { return }
        // ENOENT/EBADF only mean the kernel already dropped it (the descriptor was closed first).
        _ = clinux_epoll_ctl(set(for: registration.priority), EPOLL_CTL_DEL, registration.fd, 0, 0)
    }

    /// Runs `work` in the next turn, after that turn's due descriptors. While continuations wait, the loop
    /// polls (`epoll_wait` with no wait) instead of sleeping; it sleeps again once none is left.
    public func continueNextTurn(_ work: @escaping () -> Void) {
        continuations.append(work)
    }

    /// Whether continuations are waiting for the next turn.
    public var hasContinuations: Bool { !continuations.isEmpty }

    /// Waits for and dispatches events until `stop()` is called from a handler.
    public func run() throws {
        defer { stopRequested = false }
        while !stopRequested {
            try runOnce(timeoutMilliseconds: -1)
        }
    }

    /// Makes `run()` return once the handlers of the current wake-up have run.
    public func stop() {
        stopRequested = true
    }

    /// Waits at most `timeoutMilliseconds` (−1: forever; no wait while continuations are pending) for events
    /// and dispatches them: urgent ones first, then ordinary ones, then the continuations queued before this
    /// turn. Returns how many handlers and continuations ran. Meant for tests and for stepping the loop by hand.
    @discardableResult
    public func runOnce(timeoutMilliseconds: Int32) throws -> Int {
        let ready = try wait(on: epoll.rawValue, timeoutMilliseconds: continuations.isEmpty ? timeoutMilliseconds : 0)
        turn &+= 1
        var dispatched = try dispatchDueUrgent()
        let queued = continuations
        continuations.removeAll()
        for (id, events) in ready where id != EventLoop.urgentSetID {
            dispatched += try dispatchDueUrgent()
            // Looked up afresh each time: an earlier handler may have unregistered this one.
            guard let registration = registrations[id] else { continue }
            registration.handler(events)
            dispatched += 1
        }
        for work in queued {
            dispatched += try dispatchDueUrgent()
            work()
            dispatched += 1
        }
        return dispatched
    }

    /// Runs the handlers of the urgent descriptors that are ready now (without waiting).
    private func dispatchDueUrgent() throws -> Int {
        var dispatched = 0
        for (id, events) in try wait(on: urgentEpoll.rawValue, timeoutMilliseconds: 0) {
            guard let registration = registrations[id] else { continue }
            registration.handler(events)
            dispatched += 1
        }
        return dispatched
    }

    private func wait(on epfd: Int32, timeoutMilliseconds: Int32) throws -> [(UInt64, IOEvents)] {
        let capacity: Int32 = 64
        var readyEvents = [UInt32](repeating: 0, count: Int(capacity))
        var readyIDs = [UInt64](repeating: 0, count: Int(capacity))
        var count: Int32
        repeat {
            count = clinux_epoll_wait(epfd, &readyEvents, &readyIDs, capacity, timeoutMilliseconds)
        } while count < 0 && Errno.current == .interrupted
        guard count >= 0 else { throw SystemError.current("epoll_wait") }
        return (0..<Int(count)).map { (readyIDs[$0], IOEvents(rawValue: readyEvents[$0])) }
    }
}
