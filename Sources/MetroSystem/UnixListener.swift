internal import CLinuxShim
import Glibc

/// Why a `UnixListener` refused to take its path.
public enum UnixListenerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another process is accepting connections on the socket file; it was left alone.
    case alreadyListening(path: String)
    /// Something other than a socket sits at the path; it was left alone.
    case notASocket(path: String)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .alreadyListening(let path):
            "listen on \(path): another process is already listening there (is the daemon already running?)"
        case .notASocket(let path):
            "listen on \(path): the path exists and is not a socket; refusing to replace it"
        }
    }
}

/// A listening Unix stream socket at a filesystem path, accepting without blocking.
///
/// A socket file left behind by a process that died is replaced; a live one is not. The file gets `mode`
/// before the socket starts listening, so nobody can connect while the permissions are still wider.
public final class UnixListener {
    /// The listening socket (nonblocking, close-on-exec). Register it for `.readable`.
    public let fd: FileDescriptor
    /// The socket file's path.
    public let path: String

    /// Binds `path`, sets its mode and listens.
    public init(path: String, mode: Glibc.mode_t = 0o660, backlog: Int32 = 16) throws {
        let address = try UnixAddress(path: path)
        let socket = try makeUnixSocket(type: clinux_sock_stream(), nonblocking: true, purpose: "listening on \(path)")
        if try !Self.bind(socket, to: address) {
            try Self.removeStaleSocket(at: path, address: address)
            guard try Self.bind(socket, to: address) else {
                throw UnixListenerError.alreadyListening(path: path)
            }
        }
        guard chmod(path, mode) == 0 else { throw SystemError.current("chmod \(path)") }
        guard listen(socket.rawValue, backlog) == 0 else { throw SystemError.current("listen \(path)") }
        self.fd = socket
        self.path = path
    }

    /// Accepts one pending connection (nonblocking, close-on-exec), or nil when none is waiting.
    public func accept() throws -> UnixConnection? {
        while true {
            let fd = clinux_accept_nonblocking(self.fd.rawValue)
            if fd >= 0 { return UnixConnection(fd: FileDescriptor(owning: fd)) }
            switch Errno.current {
            case .interrupted: continue
            // ECONNABORTED: the client gave up while queued; nothing to hand out.
            case .wouldBlock, Errno(rawValue: ECONNABORTED): return nil
            case let failure: throw SystemError("accept on \(path)", errno: failure)
            }
        }
    }

    /// Closes the socket and removes its file.
    public func close() throws {
        guard fd.isOpen else { return }
        try fd.close()
        _ = unlink(path)
    }

    /// Binds, returning false only when the path is taken.
    private static func bind(_ socket: FileDescriptor, to address: UnixAddress) throws -> Bool {
        let result = address.withSockaddr { Glibc.bind(socket.rawValue, $0, $1) }
        if result == 0 { return true }
        let failure = Errno.current
        if failure == .addressInUse { return false }
        throw SystemError("bind \(address.display)", errno: failure)
    }

    /// Unlinks the socket file at `path` when nothing answers there; refuses when something does.
    private static func removeStaleSocket(at path: String, address: UnixAddress) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }  // gone meanwhile: the retry will bind
        guard status.st_mode & S_IFMT == S_IFSOCK else { throw UnixListenerError.notASocket(path: path) }
        let probe = try makeUnixSocket(type: clinux_sock_stream(), nonblocking: true, purpose: "probing \(path)")
        let result = address.withSockaddr { Glibc.connect(probe.rawValue, $0, $1) }
        // A nonblocking connect to a live listener succeeds at once or is queued (EAGAIN); either means alive.
        if result == 0 || Errno.current == .wouldBlock || Errno.current == Errno(rawValue: EINPROGRESS) {
            throw UnixListenerError.alreadyListening(path: path)
        }
        guard Errno.current == .connectionRefused else {
            throw SystemError("connect \(path) to check whether it is stale", errno: .current)
        }
        guard unlink(path) == 0 || Errno.current == .noSuchFile else {
            throw SystemError.current("unlink stale socket \(path)")
        }
    }
}
