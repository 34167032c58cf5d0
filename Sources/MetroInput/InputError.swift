import Glibc
import MetroSystem

/// A failed input-device operation: what was being done, on which device, and the errno behind it.
///
/// The message is complete on its own, e.g. `no input device named 'gpio-kyes' (found: /dev/input/event0
/// 'gpio-keys', /dev/input/event1 'pwrkey')` or `/dev/input/event2 ('gpio-keys') has no key KEY_CAMERA`.
public struct InputError: DeviceError {
    /// The broad class of failure, so callers can tell a configuration mistake from a fault that may pass.
    public enum Kind: Sendable, Equatable {
        /// No device at that path, or none with that name.
        case noSuchDevice
        /// The path exists but is not an evdev node (the input ioctls fail on it).
        case notAnInputDevice
        /// The device has no such key (its EV_KEY bits lack the code).
        case noSuchKey
        /// The device has no force feedback (no EV_FF, or neither FF_RUMBLE nor FF_PERIODIC).
        case noForceFeedback
        /// The specification itself is malformed (empty, an unknown key name).
        case invalidSpec
        /// Any other failure of a system call (permission, a device that went away, …).
        case system
    }

    /// The broad class of failure.
    public let kind: Kind
    /// The errno behind it (0 when found without a failing system call).
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

    /// Whether the kernel refused this user (EACCES, EPERM): a group or `DeviceAllow=` problem of the set-up.
    public var isPermissionProblem: Bool { kind == .system && (errno == EACCES || errno == EPERM) }

    /// Whether the device went away under an open descriptor (unplugged, driver unbound).
    public var isDeviceGone: Bool { kind == .system && [ENODEV, ENXIO, EIO].contains(errno) }
}
