import MetroSystem

/// A failed GPIO operation: what was being done, on which chip and line, and the errno behind it.
///
/// The message is complete on its own so the daemon can log it and a user can act on it, e.g.
/// `line 17 on gpiochip0 is busy (used by 'sysfs')` or `no line named 'button' on gpiochip0`.
public struct GPIOError: DeviceError {
    /// The broad class of failure, for callers that react differently (retry on `.system`, report a config
    /// error on `.noSuchChip`/`.noSuchLine`/`.invalidSpec`, name the holder on `.busy`).
    public enum Kind: Sendable, Equatable {
        /// The chip spec matched no chip on this system.
        case noSuchChip
        /// The line spec matched no line on the chip.
        case noSuchLine
        /// The line is already requested by another consumer.
        case busy
        /// The spec itself is malformed (empty, out of range).
        case invalidSpec
        /// Any other failure of a libgpiod call.
        case system
    }

    /// The broad class of failure.
    public let kind: Kind
    /// The errno reported by libgpiod or the kernel (0 when the failure was found without a system call).
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

    /// A failing system call is `.system`.
    public static var systemFailure: Kind { .system }
}
