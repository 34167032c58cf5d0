internal import CLinuxShim

/// The readiness conditions an `EventLoop` watches for and reports (epoll event bits).
public struct IOEvents: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw epoll bits.
    public let rawValue: UInt32

    /// Wraps raw epoll bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `EPOLLIN`: data (or a connection, an expiry, a signal) is ready to read.
    public static let readable = IOEvents(rawValue: clinux_epollin())
    /// `EPOLLOUT`: there is room to write.
    public static let writable = IOEvents(rawValue: clinux_epollout())
    /// `EPOLLPRI`: urgent data or an exceptional condition.
    public static let priority = IOEvents(rawValue: clinux_epollpri())
    /// `EPOLLRDHUP`: the peer shut down its writing half.
    public static let peerClosed = IOEvents(rawValue: clinux_epollrdhup())
    /// `EPOLLHUP`: hang-up; always reported, never needs asking for.
    public static let hangup = IOEvents(rawValue: clinux_epollhup())
    /// `EPOLLERR`: an error on the descriptor; always reported, never needs asking for.
    public static let error = IOEvents(rawValue: clinux_epollerr())

    /// The set names, e.g. `[readable, hangup]`.
    public var description: String {
        let names: [(IOEvents, String)] = [
            (.readable, "readable"), (.writable, "writable"), (.priority, "priority"),
            (.peerClosed, "peerClosed"), (.hangup, "hangup"), (.error, "error"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
