import Glibc

/// The broad classes of failure of one kind of device (a GPIO chip and its lines, an input device), for its
/// callers to switch on (`GPIOFailureKind`, `InputFailureKind`).
public protocol DeviceFailureKind: Sendable, Equatable {
    /// The class of a failing system call (the one `DeviceError.system(_:uk:errno:)` builds).
    static var systemFailure: Self { get }
}

/// A failed operation on a device the programs drive, worded in both languages: the broad kind of failure, the
/// errno behind it, and a message complete on its own.
///
/// `GPIOError` and `InputError` are this type over their own `Kind`, so they stay two types that a `catch` tells
/// apart, while what they share — the parts, the description, the wording of a failing system call and the
/// permission test — is written here once.
public struct DeviceError<FailureKind: DeviceFailureKind>: Error, Equatable, CustomStringConvertible {
    /// The broad classes of failure of this kind of device (`GPIOError.Kind`, `InputError.Kind`).
    public typealias Kind = FailureKind

    /// The broad class of failure.
    public let kind: Kind
    /// The errno behind it (0 when the failure was found without a failing system call).
    public let errno: Int32
    /// The complete human-readable message, in English (as logged).
    public let message: String
    /// The same message in Ukrainian, for the outputs a rider or engineer reads in that language; names, paths
    /// and the C library's own error text stay as they are (quoted in « »).
    public let ukrainian: String

    /// Creates an error from its parts; both messages must already say what was being done.
    public init(kind: Kind, errno: Int32, message: String, ukrainian: String) {
        self.kind = kind
        self.errno = errno
        self.message = message
        self.ukrainian = ukrainian
    }

    /// The message, as logged.
    public var description: String { message }

    /// Whether the kernel refused this user (EACCES, EPERM): a device permission, group or `DeviceAllow=`
    /// problem of the set-up, which no restart fixes.
    public var isPermissionProblem: Bool { kind == Kind.systemFailure && (errno == EACCES || errno == EPERM) }

    /// A failed system call while `doing` something, worded like every other system failure (`SystemError`):
    /// `requesting line 3 on gpiochip0: Invalid argument (errno 22)`. `uk` is `doing` in Ukrainian, the C
    /// library's text kept as it is: `запит лінії 3 на gpiochip0: «Invalid argument» (errno 22)`.
    package static func system(_ doing: String, uk: String, errno code: Int32) -> Self {
        let failure = SystemError(doing, errno: Errno(rawValue: code))
        return Self(kind: Kind.systemFailure, errno: code, message: failure.description, ukrainian: failure.ukrainian(uk))
    }
}
