import MetroSystem

/// A failed GPIO operation: what was being done, on which chip and line, and the errno behind it.
///
/// The message is complete on its own so the daemon can log it and a user can act on it, e.g.
/// `line 17 on gpiochip0 is busy (used by 'sysfs')` or `no line named 'button' on gpiochip0`.
public typealias GPIOError = DeviceError<GPIOFailure>

/// The broad class of a GPIO failure, for callers that react differently (retry on `.system`, report a config
/// error on `.noSuchChip`/`.noSuchLine`/`.invalidSpec`, name the holder on `.busy`).
public enum GPIOFailure: DeviceFailureKind {
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
