internal import CLinuxShim
import Glibc

/// One connected Unix stream socket: the daemon's side of an accepted client, or a client's connection.
public final class UnixConnection {
    /// The socket. Accepted connections are nonblocking; client connections from `connect` block.
    public let fd: FileDescriptor

    /// Wraps a connected socket.
    public init(fd: FileDescriptor) {
        self.fd = fd
    }

    /// Connects to the listener at `path`, blocking. When nothing listens the error says so plainly:
    /// `connect /run/metrotimer.sock: Connection refused (errno 111)` or `No such file or directory (errno 2)`.
    public static func connect(path: String) throws -> UnixConnection {
        let address = try UnixAddress(path: path)
        let socket = try makeUnixSocket(type: clinux_sock_stream(), nonblocking: false, purpose: "connecting to \(path)")
        while true {
            let result = address.withSockaddr { Glibc.connect(socket.rawValue, $0, $1) }
            if result == 0 { break }
            let failure = Errno.current
            if failure == .interrupted { continue }
            throw SystemError("connect \(path)", errno: failure)
        }
        return UnixConnection(fd: socket)
    }

    /// The process id, user id and group id of the peer at the time it connected (`SO_PEERCRED`).
    public func peerCredentials() throws -> (pid: Glibc.pid_t, uid: Glibc.uid_t, gid: Glibc.gid_t) {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
        guard clinux_peer_credentials(fd.rawValue, &pid, &uid, &gid) == 0 else {
            throw SystemError.current("getsockopt SO_PEERCRED fd \(fd.rawValue)")
        }
        return (pid, uid, gid)
    }

    /// Reads what is available, at most `maximumCount` bytes: empty when the peer closed, nil when a
    /// nonblocking read would block.
    public func read(upTo maximumCount: Int = 4096) throws -> [UInt8]? {
        try fd.read(upTo: maximumCount)
    }

    /// Whether bytes from the peer wait in the socket, unread (a peek that never blocks nor consumes).
    public var hasUnreadBytes: Bool {
        var byte: UInt8 = 0
        return recv(fd.rawValue, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Sends every byte, blocking as needed (for blocking clients). A closed peer is `EPIPE`, not `SIGPIPE`.
    public func writeAll(_ bytes: some Collection<UInt8>) throws {
        try fd.writeAll(bytes, isSocket: true)
    }

    /// Sends as much of `bytes` as the socket takes now: how many bytes went (0 when it is full).
    public func sendAvailable(_ bytes: ArraySlice<UInt8>) throws -> Int {
        try bytes.withUnsafeBytes { try fd.send($0) } ?? 0
    }

    /// Shuts down the writing half, so the peer reads end of file after the data already sent.
    public func shutdownWriting() throws {
        guard shutdown(fd.rawValue, Int32(SHUT_WR)) == 0 else { throw SystemError.current("shutdown fd \(fd.rawValue)") }
    }

    /// Closes the connection.
    public func close() throws {
        try fd.close()
    }
}
