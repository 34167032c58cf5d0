import Glibc
import MetroSystem

/// A failed accelerometer operation: what was being done, on which IIO device, and the errno behind it.
///
/// The message is complete on its own, e.g. `no IIO accelerometer named 'accel_3d' (found: iio:device0
/// 'lis3dh', iio:device1 'magn_3d')` or `/dev/iio:device0 is in use by another reader (EBUSY; iio-sensor-proxy?)`.
public typealias IIOError = DeviceError<IIOFailure>

/// The broad class of an IIO failure, so callers can tell a configuration mistake from a fault that may pass.
public enum IIOFailure: DeviceFailureKind {
    /// No device at that path, or none with that name.
    case noSuchDevice
    /// The device is not an accelerometer this reader can use (no x/y/z scan elements, no buffer, a layout it
    /// does not know).
    case unsupported
    /// Another reader holds the buffer (EBUSY): iio-sensor-proxy, say. The sensor is unavailable, not broken.
    case busy
    /// The specification itself is malformed (empty).
    case invalidSpec
    /// Any other failure of a system call (permission, a device that went away, …).
    case system
}

extension DeviceError where Failure == IIOFailure {
    /// Whether the kernel refused this user (EACCES, EPERM): a group or `DeviceAllow=` problem of the set-up.
    public var isPermissionProblem: Bool { kind == .system && (errno == EACCES || errno == EPERM) }

    /// Whether the device went away under an open descriptor (unplugged, driver unbound).
    public var isDeviceGone: Bool { kind == .system && [ENODEV, ENXIO, EIO].contains(errno) }
}
