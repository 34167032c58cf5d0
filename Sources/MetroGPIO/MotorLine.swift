internal import CGpioShim
import Glibc

/// The vibration motor: one line requested as an output that starts off and is driven off again before it
/// is released, on every path out (`release()`, `deinit`).
public final class MotorLine {
    /// The chip the line belongs to; held so the chip outlives the line.
    public let chip: GPIOChip
    /// The line's offset on `chip`.
    public let offset: UInt32
    /// The shim's request handle; nil once released.
    private var line: OpaquePointer?
    /// How the line is named in messages.
    private let lineDescription: String
    /// The same in Ukrainian.
    private let lineDescriptionUK: String
    /// The level last driven successfully.
    public private(set) var isOn = false

    /// Requests line `offset` of `chip` as an output at its inactive level (high when `activeLow`), as `consumer`.
    public init(chip: GPIOChip, offset: UInt32, activeLow: Bool, consumer: String = "metrotimer") throws(GPIOError) {
        // The initial value is logical, so "off" whatever the active level: the motor never twitches.
        let line = try chip.request(offset, mode: METRO_GPIO_OUTPUT, bias: .asIs, activeLow: activeLow,
                                    consumer: consumer, as: ("the motor (output)", "мотор (вихід)"))
        self.chip = chip
        self.offset = offset
        self.line = line
        (self.lineDescription, self.lineDescriptionUK) = chip.describeLineInBoth(at: offset)
    }

    deinit {
        release()
    }

    /// Drives the motor on or off.
    public func set(on: Bool) throws(GPIOError) {
        guard let line else {
            throw GPIOError(kind: .system, errno: EBADF, message: "driving \(lineDescription): the motor was released",
                            ukrainian: "керування: \(lineDescriptionUK): мотор уже звільнено")
        }
        guard metro_gpio_request_set_value(line, on ? 1 : 0) == 0 else {
            throw GPIOError.system("driving \(lineDescription) \(on ? "on" : "off")",
                                   uk: "\(on ? "увімкнення" : "вимкнення"): \(lineDescriptionUK)", errno: errno)
        }
        isOn = on
    }

    /// Drives the motor off, then gives the line back to the kernel; idempotent.
    ///
    /// The line is released even if driving it off fails (the chip may be gone); the kernel then decides its
    /// level, which is all that is left to do.
    public func release() {
        guard let line else { return }
        _ = metro_gpio_request_set_value(line, 0)
        isOn = false
        metro_gpio_request_release(line)
        self.line = nil
    }
}
