internal import CGpioShim

/// The internal resistor a button line is requested with.
public enum LineBias: String, Sendable, CaseIterable {
    /// Pull-up: a button wired to ground reads high when released (use with `activeLow`).
    case pullUp = "pull-up"
    /// Pull-down: a button wired to the supply reads low when released.
    case pullDown = "pull-down"
    /// No resistor: the board has an external one.
    case disabled = "disabled"
    /// Leave whatever the chip or device tree configured.
    case asIs = "as-is"

    /// The GPIO shim's name for this bias.
    var shimBias: metro_gpio_bias {
        switch self {
        case .pullUp: METRO_GPIO_BIAS_PULL_UP
        case .pullDown: METRO_GPIO_BIAS_PULL_DOWN
        case .disabled: METRO_GPIO_BIAS_DISABLED
        case .asIs: METRO_GPIO_BIAS_AS_IS
        }
    }
}
