import CLinuxShim
import Glibc

/// One epoll instance and the handlers of the descriptors registered with it.
///
/// `run()` blocks in `epoll_wait` with no timeout, so an idle process stays asleep until a descriptor is
/// ready. Handlers run on the thread that called `run()`, one at a time, and may register, modify or
/// unregister anything (themselves included) while being dispatched. Single-threaded by design: it is not
/// `Sendable` and must be used from one thread only.
public final class EventLoop {
    /// Names one registration. Tokens are never reused, so a stale event for a descriptor that was
    /// unregistered (and whose number was reused) inside the same wake-up is dropped, not misdelivered.
    public struct Token: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private struct Registration {
        let fd: Int32
        var events: IOEvents
        let handler: (IOEvents) -> Void
    }

    private let epoll: FileDescriptor
    private var registrations: [UInt64: Registration] = [:]
    private var nextID: UInt64 = 1
    private var stopRequested = false

    /// Creates the epoll instance (close-on-exec).
    public init() throws {
        let fd = epoll_create1(clinux_epoll_cloexec())
        guard fd >= 0 else { throw SystemError.current("epoll_create1") }
        epoll = FileDescriptor(owning: fd)
    }

    /// How many descriptors are registered.
    public var registrationCount: Int { registrations.count }

    /// Watches `fd` for `events` and calls `handler` with the events that occurred.
    ///
    /// The loop does not own `fd`: unregister it before closing it.
    public func register(
        fd: Int32, events: IOEvents = .readable, handler: @escaping (IOEvents) -> Void
    ) throws -> Token {
        let id = nextID
        nextID += 1
        guard clinux_epoll_ctl(epoll.rawValue, EPOLL_CTL_ADD, fd, events.rawValue, id) == 0 else {
            throw SystemError.current("epoll_ctl ADD fd \(fd)")
        }
        registrations[id] = Registration(fd: fd, events: events, handler: handler)
        return Token(id: id)
    }

    /// Changes the events watched for a registration (e.g. add `.writable` while output is pending).
    public func modify(_ token: Token, events: IOEvents) throws {
        guard let registration = registrations[token.id] else {
            throw SystemError("epoll_ctl MOD of an unregistered token", errno: .noSuchFile)
        }
        guard clinux_epoll_ctl(epoll.rawValue, EPOLL_CTL_MOD, registration.fd, events.rawValue, token.id) == 0 else {
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
        _ = clinux_epoll_ctl(epoll.rawValue, EPOLL_CTL_DEL, registration.fd, 0, 0)
    }

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

    /// Waits at most `timeoutMilliseconds` (−1: forever) for events and dispatches them.
    /// Returns how many handlers ran. Meant for tests and for stepping the loop by hand.
    @discardableResult
    public func runOnce(timeoutMilliseconds: Int32) throws -> Int {
        let capacity: Int32 = 64
        var readyEvents = [UInt32](repeating: 0, count: Int(capacity))
        var readyIDs = [UInt64](repeating: 0, count: Int(capacity))
        var count: Int32
        repeat {
            count = clinux_epoll_wait(epoll.rawValue, &readyEvents, &readyIDs, capacity, timeoutMilliseconds)
        } while count < 0 && Errno.current == .interrupted
        guard count >= 0 else { throw SystemError.current("epoll_wait") }
        var dispatched = 0
        for index in 0..<Int(count) {
            // Looked up afresh each time: an earlier handler may have unregistered this one.
            guard let registration = registrations[readyIDs[index]] else { continue }
            registration.handler(IOEvents(rawValue: readyEvents[index]))
            dispatched += 1
        }
        return dispatched
    }
}
