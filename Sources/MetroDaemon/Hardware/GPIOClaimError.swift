import MetroGPIO

/// Why the configured lines could not be claimed: the configuration key and value at fault, then what the
/// kernel said, e.g. `button_line = 'buton': no line named 'buton' on gpiochip0`.
struct GPIOClaimError: Error, CustomStringConvertible {
    /// The configuration key whose value could not be used (`gpio_chip`, `button_line`, …).
    let key: String
    /// The value of that key.
    let value: String
    /// What failed, with errno and chip/line names.
    let underlying: GPIOError

    var description: String { "\(key) = '\(value)': \(underlying.message)" }
    /// The description in Ukrainian.
    var ukrainian: String { "\(key) = '\(value)': \(underlying.ukrainian)" }
}
