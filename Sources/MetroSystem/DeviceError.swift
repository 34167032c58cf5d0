/// The broad classes of failure of one kind of device (`GPIOFailure`, `InputFailure`), for callers to switch on.
public protocol DeviceFailureKind: Sendable, Equatable {
    /// The kind of a failing system call (the one `DeviceError.system(_:uk:errno:)` builds).
    static var system: Self { get }
}

/// A failed operation on a device the programs drive (a GPIO chip and its lines, an input device), worded in
/// both languages: the broad kind of failure, the errno behind it, and a message complete on its own.
///
/// `GPIOError` and `InputError` are this type with their own kinds: the parts, the description and the wording of
/// a failing system call in English and Ukrainian are written here once, so a failure reads the same whichever
/// device it came from.
public struct DeviceError<Failure: DeviceFailureKind>: Error, Equatable, CustomStringConvertible {
    /// The broad classes of failure of this kind of device (`GPIOError.Kind`, `InputError.Kind`).
    public typealias Kind = Failure

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

    /// A failed system call while `doing` something, worded like every other system failure (`SystemError`):
    /// `requesting line 3 on gpiochip0: Invalid argument (errno 22)`. `uk` is `doing` in Ukrainian, the C
    /// library's text kept as it is: `запит лінії 3 на gpiochip0: «Invalid argument» (errno 22)`.
    package static func system(_ doing: String, uk: String, errno code: Int32) -> Self {
        let failure = SystemError(doing, errno: Errno(rawValue: code))
        return Self(kind: .system, errno: code, message: failure.description, ukrainian: failure.ukrainian(uk))
    }
}
