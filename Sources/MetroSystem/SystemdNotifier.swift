internal import CLinuxShim
import Glibc

/// The `sd_notify` protocol, spoken directly: newline-separated `KEY=value` assignments sent as one datagram
/// to the AF_UNIX socket named by `$NOTIFY_SOCKET` (a path, or `@name` in the abstract namespace).
///
/// Without `$NOTIFY_SOCKET` (not started by systemd, or not `Type=notify`) every send is a no-op.
public struct SystemdNotifier: Sendable {
    /// The notification socket as given in the environment, nil when none.
    public let socketAddress: String?
    /// The watchdog timeout systemd asked for, in nanoseconds, nil when it asked for none (or asked another
    /// process: `$WATCHDOG_PID` names a different pid).
    public let watchdogTimeoutNanoseconds: Int64?

    /// Reads `$NOTIFY_SOCKET`, `$WATCHDOG_USEC` and `$WATCHDOG_PID` from `environment`
    /// (by default, the process environment), for the process `pid`.
    public init(environment: [String: String]? = nil, pid: Glibc.pid_t = getpid()) {
        func value(_ name: String) -> String? {
            if let environment { return environment[name] }
            return getenv(name).map { String(cString: $0) }
        }
        let socket = value("NOTIFY_SOCKET")
        socketAddress = (socket?.isEmpty ?? true) ? nil : socket
        if let usecText = value("WATCHDOG_USEC"), let usec = Int64(usecText), usec > 0,
           value("WATCHDOG_PID").map({ pid_t($0) == pid }) ?? true {
            watchdogTimeoutNanoseconds = usec * 1_000
        } else {
            watchdogTimeoutNanoseconds = nil
        }
    }

    /// Whether a notification socket is configured.
    public var isEnabled: Bool { socketAddress != nil }

    /// How often to send `WATCHDOG=1`: half the watchdog timeout, as systemd recommends; nil when not asked.
    public var watchdogInterval: Duration? {
        watchdogTimeoutNanoseconds.map { .nanoseconds($0 / 2) }
    }

    /// `watchdogInterval` in nanoseconds, ready for arming a timer.
    public var watchdogIntervalNanoseconds: Int64? {
        watchdogTimeoutNanoseconds.map { $0 / 2 }
    }

    /// Sends `assignments` (e.g. "READY=1\nSTATUS=idle") as one datagram; does nothing when not enabled.
    ///
    /// Never waits: when the service manager's queue is full (it stopped reading; the kernel holds only
    /// `net.unix.max_dgram_qlen` datagrams) this throws `EAGAIN` at once and the message is lost. A blocking
    /// send would freeze the daemon's only thread — no alerts, no requests — for as long as the manager is stuck.
    public func send(_ assignments: String) throws {
        guard let socketAddress else { return }
        let address = try UnixAddress(systemdNotation: socketAddress)
        let socket = try makeUnixSocket(type: clinux_sock_dgram(), nonblocking: true, purpose: "sd_notify")
        let payload = Array(assignments.utf8)
        let sent = address.withSockaddr { target, length in
            payload.withUnsafeBytes { bytes in
                retryingSend { sendto(socket.rawValue, bytes.baseAddress, bytes.count, clinux_msg_nosignal(), target, length) }
            }
        }
        guard sent == payload.count else {
            throw SystemError("sd_notify to \(socketAddress)", errno: sent < 0 ? .current : Errno(rawValue: EMSGSIZE))
        }
    }

    private func retryingSend(_ call: () -> Int) -> Int {
        while true {
            let result = call()
            if result < 0 && Errno.current == .interrupted { continue }
            return result
        }
    }
}
