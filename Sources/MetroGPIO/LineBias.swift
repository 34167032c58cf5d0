import CGpiod

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

    /// The libgpiod 1.6 request flag for this bias (none for `.asIs`).
    var requestFlag: Int32 {
        switch self {
        case .pullUp: Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
        case .pullDown: Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
        case .disabled: Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
        case .asIs: 0
        }
    }
}
