/// How a configuration names a GPIO chip: `/dev/gpiochip0`, `gpiochip0`, `0`, or a label such as
/// `pinctrl-bcm2835` or `gpio-sim.0-node0`.
///
/// Parsing is separate from opening so that configuration can be validated where no chip exists.
public enum GPIOChipSpec: Sendable, Equatable {
    /// An absolute device path.
    case path(String)
    /// The chip's number, as in `/dev/gpiochipN`.
    case number(UInt32)
    /// A device name under `/dev` (`gpiochip0`) or, failing that, a chip label: labels and names share one
    /// namespace in configuration because users copy either from `gpiodetect`.
    case nameOrLabel(String)

    /// Parses a chip spec; throws `.invalidSpec` for an empty one.
    public init(parsing spec: String) throws(GPIOError) {
        if spec.isEmpty {
            throw GPIOError(kind: .invalidSpec, errno: 0, message: "empty GPIO chip name (give a path, a name such as gpiochip0, a label or a number)",
                            ukrainian: "порожня назва мікросхеми GPIO (дайте шлях, назву на зразок gpiochip0, мітку чи номер)")
        }
        if spec.hasPrefix("/") {
            self = .path(spec)
        } else if spec.allSatisfy(\.isASCIIDigit), let number = UInt32(spec) {
            self = .number(number)
        } else {
            self = .nameOrLabel(spec)
        }
    }
}

extension Character {
    /// `0`…`9` only: `Character.isNumber` also accepts other scripts' digits and fractions.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
