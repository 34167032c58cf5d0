internal import CLinuxShim
import Glibc

/// A Linux `errno` value that prints as the C library's own text for it.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw `errno` number.
    public let rawValue: Int32

    /// Wraps an `errno` number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's current `errno`, read right after a failed call.
    public static var current: Errno {
        Errno(rawValue: errno)
    }

    /// The `strerror` text, e.g. "No such file or directory".
    public var description: String {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { storage in
            String(cString: clinux_strerror(rawValue, storage.baseAddress, storage.count))
        }
    }

    /// `EAGAIN`: a nonblocking call would have blocked.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EINTR`: a signal interrupted the call.
    public static let interrupted = Errno(rawValue: EINTR)
    /// `EPERM`: not permitted.
    public static let notPermitted = Errno(rawValue: EPERM)
    /// `EACCES`: permission denied.
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// `ENOENT`: no such file or directory.
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// `ECONNREFUSED`: nothing listens at the address.
    public static let connectionRefused = Errno(rawValue: ECONNREFUSED)
    /// `EADDRINUSE`: the address is taken.
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    /// `EINVAL`: an invalid argument.
    public static let invalidArgument = Errno(rawValue: EINVAL)
    /// `EOPNOTSUPP`: not supported here.
    public static let notSupported = Errno(rawValue: EOPNOTSUPP)
    /// `EPIPE`: the peer closed its end.
    public static let brokenPipe = Errno(rawValue: EPIPE)
    /// `EBADF`: not an open file descriptor.
    public static let badFileDescriptor = Errno(rawValue: EBADF)
}
