import CGpiod
import Glibc

/// The vibration motor: one line requested as an output that starts off and is driven off again before it
/// is released, on every path out (`release()`, `deinit`).
public final class MotorLine {
    /// The chip the line belongs to; held so the chip outlives the line.
    public let chip: GPIOChip
    /// The line's offset on `chip`.
    public let offset: UInt32
    /// The line object, owned by `chip`; nil once released.
    private var line: OpaquePointer?
    /// How the line is named in messages.
    private let lineDescription: String
    /// The level last driven successfully.
    public private(set) var isOn = false

    /// Requests line `offset` of `chip` as an output at its inactive level (high when `activeLow`), as `consumer`.
    public init(chip: GPIOChip, offset: UInt32, activeLow: Bool, consumer: String = "metrotimer") throws(GPIOError) {
        let line = try chip.line(at: offset, for: "requesting the motor")
        let flags = activeLow ? Int32(GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) : 0
        // The initial value is logical, so 0 is "off" whatever the active level: the motor never twitches.
        try chip.request(line, type: Int32(GPIOD_LINE_REQUEST_DIRECTION_OUTPUT), flags: flags,
                         consumer: consumer, initialValue: 0, as: "the motor (output)")
        self.chip = chip
        self.offset = offset
        self.line = line
        self.lineDescription = chip.describeLine(line)
    }

    deinit {
        release()
    }

    /// Drives the motor on or off.
    public func set(on: Bool) throws(GPIOError) {
        guard let line else {
            throw GPIOError(kind: .system, errno: EBADF, message: "driving \(lineDescription): the motor was released")
        }
        guard gpiod_line_set_value(line, on ? 1 : 0) == 0 else {
            throw GPIOError.system("driving \(lineDescription) \(on ? "on" : "off")", errno: errno)
        }
        isOn = on
    }

    /// Drives the motor off, then gives the line back to the kernel; idempotent.
    ///
    /// The line is released even if driving it off fails (the chip may be gone); the kernel then decides its
    /// level, which is all that is left to do.
    public func release() {
        guard let line else { return }
        _ = gpiod_line_set_value(line, 0)
        isOn = false
        gpiod_line_release(line)
        self.line = nil
    }
}
