internal import CLinuxShim
import Glibc

/// A Unix-domain socket address: a filesystem path, or a name in the abstract namespace.
///
/// The only place that builds a `sockaddr_un`, so its raw memory stays contained here.
struct UnixAddress {
    /// The bytes of `sun_path` as the kernel takes them (a leading NUL for an abstract name).
    let pathBytes: [UInt8]
    /// Whether the name lives in the abstract namespace (no file).
    let isAbstract: Bool
    /// The address as written by people: a path, or `@name` for the abstract namespace.
    let display: String

    /// A filesystem path.
    init(path: String) throws {
        let bytes = Array(path.utf8)
        // A path needs its terminating NUL inside sun_path.
        guard !bytes.isEmpty, bytes.count < clinux_sun_path_capacity(), !bytes.contains(0) else {
            throw SystemError("socket address \(path) (longer than \(clinux_sun_path_capacity() - 1) bytes or empty)",
                              errno: Errno(rawValue: ENAMETOOLONG))
        }
        self.init(pathBytes: bytes, isAbstract: false, display: path)
    }

    /// `@name` is the abstract name `name`; anything else is a filesystem path (systemd's convention).
    init(systemdNotation text: String) throws {
        guard text.hasPrefix("@") else {
            try self.init(path: text)
            return
        }
        let name = Array(text.utf8.dropFirst())
        guard name.count + 1 <= clinux_sun_path_capacity() else {
            throw SystemError("socket address \(text) (too long)", errno: Errno(rawValue: ENAMETOOLONG))
        }
        self.init(pathBytes: [0] + name, isAbstract: true, display: text)
    }

    private init(pathBytes: [UInt8], isAbstract: Bool, display: String) {
        self.pathBytes = pathBytes
        self.isAbstract = isAbstract
        self.display = display
    }

    /// Calls `body` with a `sockaddr` pointer and its exact length.
    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> T) rethrows -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { storage in
            storage.copyBytes(from: pathBytes)
        }
        // Abstract names are exactly their bytes long; paths include the terminating NUL.
        let length = clinux_sun_path_offset() + pathBytes.count + (isAbstract ? 0 : 1)
        return try withUnsafePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                try body(socketAddress, socklen_t(length))
            }
        }
    }
}

/// Opens an AF_UNIX socket of `type` with close-on-exec (and nonblocking when asked).
func makeUnixSocket(type: Int32, nonblocking: Bool, purpose: String) throws -> FileDescriptor {
    let flags = clinux_sock_cloexec() | (nonblocking ? clinux_sock_nonblock() : 0)
    let fd = socket(AF_UNIX, type | flags, 0)
    guard fd >= 0 else { throw SystemError.current("socket AF_UNIX for \(purpose)") }
    return FileDescriptor(owning: fd)
}
