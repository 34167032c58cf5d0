import Glibc
import MetroSystem

/// A failed input-device operation: what was being done, on which device, and the errno behind it.
///
/// The message is complete on its own, e.g. `no input device named 'gpio-kyes' (found: /dev/input/event0
/// 'gpio-keys', /dev/input/event1 'pwrkey')` or `/dev/input/event2 ('gpio-keys') has no key KEY_CAMERA`.
public typealias InputError = DeviceError<InputFailure>

/// The broad class of an input-device failure, so callers can tell a configuration mistake from a fault that
/// may pass.
public enum InputFailure: DeviceFailureKind {
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

extension DeviceError where Failure == InputFailure {
    /// Whether the kernel refused this user (EACCES, EPERM): a group or `DeviceAllow=` problem of the set-up.
    public var isPermissionProblem: Bool { kind == .system && (errno == EACCES || errno == EPERM) }

    /// Whether the device went away under an open descriptor (unplugged, driver unbound).
    public var isDeviceGone: Bool { kind == .system && [ENODEV, ENXIO, EIO].contains(errno) }
}
