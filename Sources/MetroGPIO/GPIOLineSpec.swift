/// How a configuration names a line on a chip: its offset (`17`) or its name from the device tree's
/// `gpio-line-names` (`button`).
public enum GPIOLineSpec: Sendable, Equatable {
    /// The line's offset on its chip.
    case offset(UInt32)
    /// The line's name as `gpioinfo` shows it.
    case name(String)

    /// Parses a line spec: all ASCII digits is an offset, anything else a name; throws `.invalidSpec` for an
    /// empty spec or an offset that does not fit 32 bits.
    public init(parsing spec: String) throws(GPIOError) {
        if spec.isEmpty {
            throw GPIOError(kind: .invalidSpec, errno: 0, message: "empty GPIO line name (give an offset such as 17 or a line name)",
                            ukrainian: "порожня назва лінії GPIO (дайте зміщення на зразок 17 чи назву лінії)")
        }
        if spec.allSatisfy(\.isASCIIDigit) {
            guard let offset = UInt32(spec) else {
                throw GPIOError(kind: .invalidSpec, errno: 0, message: "GPIO line offset '\(spec)' is too large",
                                ukrainian: "зміщення лінії GPIO '\(spec)' завелике")
            }
            self = .offset(offset)
        } else {
            self = .name(spec)
        }
    }
}
