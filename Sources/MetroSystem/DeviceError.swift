/// A failed operation on a device the programs drive (a GPIO chip and its lines, an input device), worded in
/// both languages: the broad kind of failure, the errno behind it, and a message complete on its own.
///
/// `GPIOError` and `InputError` conform, each with its own `Kind` for its callers to switch on; what they share —
/// the description and the wording of a failing system call in English and Ukrainian — is written here once, so a
/// failure reads the same whichever device it came from.
public protocol DeviceError: Error, Equatable, CustomStringConvertible {
    /// The broad classes of failure of this kind of device.
    associatedtype Kind: Sendable, Equatable
    /// The kind of a failing system call (the one `system(_:uk:errno:)` builds).
    static var systemFailure: Kind { get }

    /// The broad class of failure.
    var kind: Kind { get }
    /// The errno behind it (0 when the failure was found without a failing system call).
    var errno: Int32 { get }
    /// The complete human-readable message, in English (as logged).
    var message: String { get }
    /// The same message in Ukrainian; names, paths and the C library's own error text stay as they are (quoted
    /// in « »).
    var ukrainian: String { get }

    /// Creates an error from its parts; both messages must already say what was being done.
    init(kind: Kind, errno: Int32, message: String, ukrainian: String)
}

extension DeviceError {
    /// The message, as logged.
    public var description: String { message }

    /// A failed system call while `doing` something, worded like every other system failure (`SystemError`):
    /// `requesting line 3 on gpiochip0: Invalid argument (errno 22)`. `uk` is `doing` in Ukrainian, the C
    /// library's text kept as it is: `запит лінії 3 на gpiochip0: «Invalid argument» (errno 22)`.
    package static func system(_ doing: String, uk: String, errno code: Int32) -> Self {
        let failure = SystemError(doing, errno: Errno(rawValue: code))
        return Self(kind: systemFailure, errno: code, message: failure.description, ukrainian: failure.ukrainian(uk))
    }
}
