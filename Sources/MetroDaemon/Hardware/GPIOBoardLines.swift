import MetroGPIO

/// A button line of the board and the number the gesture table knows it by (1, or 2 for the optional second).
struct GPIOButton {
    let number: Int
    let line: ButtonLine
}

/// The chip and every line the board uses, claimed together from the configuration and released together, so
/// a board is either complete or holds nothing (a half-claimed board would keep lines busy for no use).
final class GPIOBoardLines {
    /// Every process's lines show this consumer in `gpioinfo`.
    static let consumer = "metrotimer"

    let chip: GPIOChip
    let buttons: [GPIOButton]
    /// Nil when the motor is on another side (`motor_hardware = input`).
    let motor: MotorLine?

    private init(chip: GPIOChip, buttons: [GPIOButton], motor: MotorLine?) {
        self.chip = chip
        self.buttons = buttons
        self.motor = motor
    }

    /// Opens `gpio_chip`, finds `button_line`, `button2_line` (when set) and `motor_line` by name or offset,
    /// and requests them: buttons as both-edge events with `button_bias` and `button_active`, the motor as an
    /// output driven off, with `motor_active`. On any error the lines already requested are released again.
    /// A side the configuration puts on an input device (`button_hardware`/`motor_hardware = input`) is not
    /// claimed here.
    static func claim(config: DaemonConfig) throws(GPIOClaimError) -> GPIOBoardLines {
        let claimsButtons = config.buttonSide != .input, claimsMotor = config.motorSide != .input
        let chip: GPIOChip
        do { chip = try GPIOChip.open(config.gpioChip) } catch {
            throw GPIOClaimError(key: "gpio_chip", value: config.gpioChip, underlying: error)
        }
        var wanted: [(number: Int, key: String, spec: String)] = claimsButtons ? [(1, "button_line", config.buttonLine)] : []
        if claimsButtons, let second = config.button2Line { wanted.append((2, "button2_line", second)) }

        // Resolve every line before requesting any, so a typo never leaves a line busy, and two keys naming
        // the same line (an offset and a name) are caught here: the strings alone cannot tell.
        var offsets: [(key: String, spec: String, offset: UInt32)] = []
        let motorWanted = claimsMotor ? [("motor_line", config.motorLine)] : []
        for (key, spec) in wanted.map({ ($0.key, $0.spec) }) + motorWanted {
            let offset: UInt32
            do { offset = try chip.findLine(spec) } catch {
                throw GPIOClaimError(key: key, value: spec, underlying: error)
            }
            if let other = offsets.first(where: { $0.offset == offset }) {
                throw GPIOClaimError(key: key, value: spec, underlying: GPIOError(
                    kind: .invalidSpec, errno: 0,
                    message: "line \(offset) on \(chip.name) is already \(other.key) = '\(other.spec)'",
                    ukrainian: "лінія \(offset) на \(chip.name) вже зайнята як \(other.key) = '\(other.spec)'"))
            }
            offsets.append((key, spec, offset))
        }

        let activeLow = config.buttonActive == .low
        let bias = LineBias(config.buttonBias)
        var buttons: [GPIOButton] = []
        for (index, button) in wanted.enumerated() {
            do {
                let line = try ButtonLine(chip: chip, offset: offsets[index].offset, bias: bias, activeLow: activeLow,
                                          consumer: consumer)
                buttons.append(GPIOButton(number: button.number, line: line))
            } catch {
                buttons.forEach { $0.line.release() }
                throw GPIOClaimError(key: button.key, value: button.spec, underlying: error)
            }
        }
        guard claimsMotor else { return GPIOBoardLines(chip: chip, buttons: buttons, motor: nil) }
        do {
            let motor = try MotorLine(chip: chip, offset: offsets[offsets.count - 1].offset,
                                      activeLow: config.motorActive == .low, consumer: consumer)
            return GPIOBoardLines(chip: chip, buttons: buttons, motor: motor)
        } catch {
            buttons.forEach { $0.line.release() }
            throw GPIOClaimError(key: "motor_line", value: config.motorLine, underlying: error)
        }
    }

    /// Motor off, then every line given back to the kernel; idempotent. The chip closes when the last
    /// reference to this object goes.
    func release() {
        motor?.release()
        buttons.forEach { $0.line.release() }
    }
}

extension LineBias {
    /// The MetroGPIO bias for a configured `button_bias`.
    init(_ bias: DaemonConfig.Bias) {
        switch bias {
        case .pullUp: self = .pullUp
        case .pullDown: self = .pullDown
        case .disabled: self = .disabled
        case .asIs: self = .asIs
        }
    }
}
