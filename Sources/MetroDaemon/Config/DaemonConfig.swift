import MetroGPS
import MetroInput
import MetroModel

/// Everything `metrotimerd` can be configured with. Every key of `etc/metrotimer/metrotimer.conf` is a field here,
/// with the same default; `DaemonConfig.load` refuses unknown keys and bad values naming file and line.
public struct DaemonConfig: Equatable, Sendable {
    /// Where buttons and the motor live.
    public enum Hardware: String, Sendable { case simulated, gpio, input }
    /// Where one side (the button, or the motor) lives on real hardware: a GPIO line, or an input device.
    public enum Side: String, Sendable { case gpio, input }
    /// Which logical level means "active" on a GPIO line.
    public enum ActiveLevel: String, Sendable { case low, high }
    /// The bias (internal pull) requested for the button line.
    public enum Bias: String, Sendable {
        case pullUp = "pull-up", pullDown = "pull-down", disabled, asIs = "as-is"
    }
    /// How strongly patterns are played (strong lengthens on-pulses by half; never past the 2 s cap).
    public enum MotorStrength: String, Sendable { case normal, strong }
    /// How chatty the log is.
    public enum LogLevel: String, Sendable { case info, debug }

    public var hardware: Hardware = .simulated
    /// Divides every model duration (demos and tests). 1 in service.
    public var timeScale: Double = 1
    public var stateDirectory: String = "/var/lib/metrotimer"
    public var runtimeDirectory: String = "/run/metrotimer"
    /// Members of this group may use the control socket (root and the daemon's own user always may). Empty: none.
    public var controlGroup: String = "metrotimer"
    public var language: Language = .uk
    /// Default route chosen at start: `FROM TO` (ids or names), nil for none.
    public var route: (from: String, to: String)?
    /// The network data file; nil means the installed default next to the binary.
    public var dataFile: String?
    public var gpioChip: String = "gpiochip0"
    public var buttonLine: String = "button"
    public var buttonActive: ActiveLevel = .low
    public var buttonBias: Bias = .pullUp
    public var buttonDebounceMilliseconds: Int = 30
    /// Optional second button (short = +1, long = −1); nil for none.
    public var button2Line: String?
    public var motorLine: String = "motor"
    public var motorActive: ActiveLevel = .high
    public var motorStrength: MotorStrength = .normal
    /// Overrides `hardware` for the button (a GPIO button with an input-device vibrator, or the reverse).
    public var buttonHardware: Side?
    /// Overrides `hardware` for the motor.
    public var motorHardware: Side?
    /// The key device: a path (a `/dev/input/by-path/` or `by-id` link) or the device's name; empty: not set.
    public var buttonDevice: String = ""
    /// The key used as the button, as a code (`button_key` takes a name from the kernel header or a number).
    public var buttonKey: UInt16 = 115  // KEY_VOLUMEUP
    /// An optional second key on the same device (short = +1, long = −1, as `button2_line`).
    public var button2Key: UInt16?
    /// Whether the daemon takes the key device for itself (EVIOCGRAB): no other program then sees its keys.
    public var buttonGrab: Bool = false
    /// The force-feedback device: a path or the device's name; empty: not set.
    public var vibratorDevice: String = ""
    /// How "get off now" repeats: until acknowledged (rising, up to an 8-minute cap, then a final pattern) or
    /// four plays over a minute (see `ArrivalAlarm`).
    public var arrivalAlarm: ArrivalAlarm.Style = .untilAcknowledged
    /// `host:port` of gpsd, or nil when GPS is off.
    public var gpsd: String? = "localhost:2947"
    /// Whether `gpsd` may name a host other than this board (loopback). Off by default: the privacy promise
    /// ("no connection leaves the board") must hold even without the unit's IP filter.
    public var gpsdAllowRemote: Bool = false
    public var logLevel: LogLevel = .info

    public init() {}

    /// Equal when no key differs (one list of per-key comparisons: `keysDiffering`).
    public static func == (a: DaemonConfig, b: DaemonConfig) -> Bool {
        a.keysDiffering(from: b).isEmpty
    }

    /// The keys a file may set, in documentation order.
    public static let keys: [String] = [
        "hardware", "time_scale", "state_directory", "runtime_directory", "control_group", "language", "route",
        "data_file", "gpio_chip", "button_line", "button_active", "button_bias", "button_debounce_ms",
        "button2_line", "motor_line", "motor_active", "motor_strength", "button_hardware", "motor_hardware",
        "button_device", "button_key", "button2_key", "button_grab", "vibrator_device", "arrival_alarm", "gpsd",
        "gpsd_allow_remote", "log_level",
    ]

    /// Where the button lives: `button_hardware` when set, else `hardware`; nil on the simulated board.
    public var buttonSide: Side? { side(override: buttonHardware) }
    /// Where the motor lives: `motor_hardware` when set, else `hardware`; nil on the simulated board.
    public var motorSide: Side? { side(override: motorHardware) }

    private func side(override: Side?) -> Side? {
        switch hardware {
        case .simulated: nil
        case .gpio: override ?? .gpio
        case .input: override ?? .input
        }
    }

    /// Whether a second button is configured on the side the button lives on (the simulated board follows
    /// `button2_line`).
    public var hasSecondButton: Bool { buttonSide == .input ? button2Key != nil : button2Line != nil }

    /// Applies assignments in order over the defaults; throws every refused assignment at once.
    public static func from(_ assignments: [ConfigAssignment]) throws(ConfigError) -> DaemonConfig {
        let (config, problems) = fromReportingPhrases(assignments)
        if !problems.isEmpty { throw ConfigError(phrases: problems) }
        return config
    }

    /// The configuration of every acceptable assignment, and the English message of each refused one (which
    /// leaves the key as it was).
    public static func fromReporting(_ assignments: [ConfigAssignment]) -> (config: DaemonConfig, problems: [String]) {
        let (config, problems) = fromReportingPhrases(assignments)
        return (config, problems.map(\.en))
    }

    /// `fromReporting` with each message in both languages.
    public static func fromReportingPhrases(_ assignments: [ConfigAssignment]) -> (config: DaemonConfig, problems: [Phrase]) {
        var config = DaemonConfig()
        var problems: [Phrase] = []
        for a in assignments {
            do { try config.apply(a) } catch { problems += error.phrases }
        }
        // After every assignment, so `gpsd_allow_remote` may come before or after `gpsd`; the problem names the
        // `gpsd` line that set the address, and the refused address is not kept (no connection leaves the board).
        if let address = config.gpsd, !config.gpsdAllowRemote,
           let line = assignments.last(where: { $0.key == "gpsd" }),
           let parsed = try? GPSDAddress(parsing: address), !parsed.isLoopback
        {
            problems += ConfigError(line, Phrase(
                uk: "'\(address)' — не на цій платі: дозволено лише loopback (localhost, 127.0.0.0/8, ::1), "
                    + "якщо не задано gpsd_allow_remote = yes",
                en: "'\(address)' is not on this board: only loopback (localhost, 127.0.0.0/8, ::1) "
                    + "is allowed unless gpsd_allow_remote = yes")).phrases
            config.gpsd = nil
        }
        return (config, problems)
    }

    /// The longest station name or id `route` takes, as the control protocol (`metrotimer route`) does.
    public static let maximumStationLength = 80

    mutating func apply(_ a: ConfigAssignment) throws(ConfigError) {
        func choice<T: RawRepresentable>(_ type: T.Type, _ allowed: [T]) throws(ConfigError) -> T where T.RawValue == String {
            guard let v = T(rawValue: a.value) else {
                let list = allowed.map(\.rawValue).joined(separator: ", ")
                throw ConfigError(a, Phrase(uk: "'\(a.value)' — не одне з: \(list)", en: "'\(a.value)' is not one of \(list)"))
            }
            return v
        }
        func nonEmpty() throws(ConfigError) -> String {
            guard !a.value.isEmpty else { throw ConfigError(a, Phrase(uk: "потрібне значення", en: "needs a value")) }
            return a.value
        }
        func path() throws(ConfigError) -> String {
            let v = try nonEmpty()
            guard v.hasPrefix("/") else { throw ConfigError(a, Phrase(uk: "'\(v)' має бути абсолютним шляхом", en: "'\(v)' must be an absolute path")) }
            return v
        }
        func key() throws(ConfigError) -> UInt16 {
            guard let code = KeyNames.code(of: a.value) else {
                throw ConfigError(a, Phrase(
                    uk: "'\(a.value)' — не клавіша: потрібна назва з <linux/input-event-codes.h> на зразок "
                        + "KEY_VOLUMEUP, KEY_VOLUMEDOWN чи KEY_POWER або код клавіші від 1 до \(KeyNames.maximumCode)",
                    en: "'\(a.value)' is not a key: a name from <linux/input-event-codes.h> such as "
                        + "KEY_VOLUMEUP, KEY_VOLUMEDOWN or KEY_POWER, or a key code from 1 to \(KeyNames.maximumCode)"))
            }
            return code
        }
        switch a.key {
        case "hardware": hardware = try choice(Hardware.self, [.simulated, .gpio, .input])
        case "button_hardware": buttonHardware = a.value.isEmpty ? nil : try choice(Side.self, [.gpio, .input])
        case "motor_hardware": motorHardware = a.value.isEmpty ? nil : try choice(Side.self, [.gpio, .input])
        case "button_device": buttonDevice = a.value
        case "button_key": buttonKey = try key()
        case "button2_key": button2Key = a.value.isEmpty ? nil : try key()
        case "button_grab":
            switch a.value {
            case "yes": buttonGrab = true
            case "no": buttonGrab = false
            default: throw ConfigError(a, yesOrNo(a.value))
            }
        case "vibrator_device": vibratorDevice = a.value
        case "time_scale":
            guard let v = PlainNumber.decimal(a.value), v.isFinite, v >= 1, v <= 10_000 else {
                throw ConfigError(a, Phrase(uk: "'\(a.value)' має бути числом від 1 до 10000",
                                            en: "'\(a.value)' must be a number from 1 to 10000"))
            }
            timeScale = v
        case "state_directory": stateDirectory = try path()
        case "runtime_directory": runtimeDirectory = try path()
        case "control_group":
            guard a.value.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x3A }) else {
                throw ConfigError(a, Phrase(uk: "'\(a.value)' — не назва групи", en: "'\(a.value)' is not a group name"))
            }
            controlGroup = a.value
        case "language": language = try choice(Language.self, [.uk, .en])
        case "route":
            if a.value.isEmpty { route = nil; return }
            let parts = a.value.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2 else {
                throw ConfigError(a, Phrase(uk: "'\(a.value)' має бути двома ідентифікаторами станцій через пробіл (ЗВІДКИ КУДИ)",
                                            en: "'\(a.value)' must be two station ids separated by a space (FROM TO)"))
            }
            for part in parts where part.count > DaemonConfig.maximumStationLength {
                throw ConfigError(a, Phrase(
                    uk: "станція '\(part.prefix(40))…' завдовжки \(part.count) симв. (найбільше \(DaemonConfig.maximumStationLength))",
                    en: "station '\(part.prefix(40))…' is \(part.count) characters long "
                        + "(at most \(DaemonConfig.maximumStationLength))"))
            }
            route = (String(parts[0]), String(parts[1]))
        case "data_file": dataFile = a.value.isEmpty ? nil : try path()
        case "gpio_chip": gpioChip = try nonEmpty()
        case "button_line": buttonLine = try nonEmpty()
        case "button_active": buttonActive = try choice(ActiveLevel.self, [.low, .high])
        case "button_bias": buttonBias = try choice(Bias.self, [.pullUp, .pullDown, .disabled, .asIs])
        case "button_debounce_ms":
            guard let v = PlainNumber.whole(a.value), (0...500).contains(v) else {
                throw ConfigError(a, Phrase(uk: "'\(a.value)' має бути цілим числом мілісекунд від 0 до 500",
                                            en: "'\(a.value)' must be a whole number of milliseconds from 0 to 500"))
            }
            buttonDebounceMilliseconds = v
        case "button2_line": button2Line = a.value.isEmpty ? nil : a.value
        case "motor_line": motorLine = try nonEmpty()
        case "motor_active": motorActive = try choice(ActiveLevel.self, [.low, .high])
        case "motor_strength": motorStrength = try choice(MotorStrength.self, [.normal, .strong])
        case "arrival_alarm": arrivalAlarm = try choice(ArrivalAlarm.Style.self, ArrivalAlarm.Style.allCases)
        case "gpsd":
            if a.value.isEmpty || a.value == "off" { gpsd = nil; return }
            // Checked here so --check-config catches it, not only the start of the GPS link.
            do { _ = try GPSDAddress(parsing: a.value) } catch {
                throw ConfigError(a, Phrase(uk: "'\(a.value)' — не вузол:порт (\(error.ukrainian))",
                                            en: "'\(a.value)' is not host:port (\(error))"))
            }
            gpsd = a.value
        case "gpsd_allow_remote":
            switch a.value {
            case "yes": gpsdAllowRemote = true
            case "no": gpsdAllowRemote = false
            default: throw ConfigError(a, yesOrNo(a.value))
            }
        case "log_level": logLevel = try choice(LogLevel.self, [.info, .debug])
        default:
            let known = DaemonConfig.keys.joined(separator: ", ")
            throw ConfigError(a, Phrase(uk: "невідомий ключ (відомі ключі: \(known))", en: "unknown key (known keys: \(known))"))
        }
    }

    /// The keys (as `keys` spells them) whose values differ between two configurations, in documentation order.
    /// A key missing from the comparisons below counts as differing, so a new key cannot be silently ignored.
    public func keysDiffering(from other: DaemonConfig) -> [String] {
        let a = self, b = other
        let differs: [String: Bool] = [
            "hardware": a.hardware != b.hardware, "time_scale": a.timeScale != b.timeScale,
            "state_directory": a.stateDirectory != b.stateDirectory,
            "runtime_directory": a.runtimeDirectory != b.runtimeDirectory, "control_group": a.controlGroup != b.controlGroup,
            "language": a.language != b.language, "route": a.route?.from != b.route?.from || a.route?.to != b.route?.to,
            "data_file": a.dataFile != b.dataFile, "gpio_chip": a.gpioChip != b.gpioChip,
            "button_line": a.buttonLine != b.buttonLine, "button_active": a.buttonActive != b.buttonActive,
            "button_bias": a.buttonBias != b.buttonBias,
            "button_debounce_ms": a.buttonDebounceMilliseconds != b.buttonDebounceMilliseconds,
            "button2_line": a.button2Line != b.button2Line, "motor_line": a.motorLine != b.motorLine,
            "motor_active": a.motorActive != b.motorActive, "motor_strength": a.motorStrength != b.motorStrength,
            "button_hardware": a.buttonHardware != b.buttonHardware, "motor_hardware": a.motorHardware != b.motorHardware,
            "button_device": a.buttonDevice != b.buttonDevice, "button_key": a.buttonKey != b.buttonKey,
            "button2_key": a.button2Key != b.button2Key, "button_grab": a.buttonGrab != b.buttonGrab,
            "vibrator_device": a.vibratorDevice != b.vibratorDevice,
            "arrival_alarm": a.arrivalAlarm != b.arrivalAlarm,
            "gpsd": a.gpsd != b.gpsd, "gpsd_allow_remote": a.gpsdAllowRemote != b.gpsdAllowRemote, "log_level": a.logLevel != b.logLevel,
        ]
        return DaemonConfig.keys.filter { differs[$0] ?? true }
    }

    /// Checks that need the whole configuration.
    public func validate() throws(ConfigError) {
        let problems = validationPhrases()
        if !problems.isEmpty { throw ConfigError(phrases: problems) }
    }

    /// The problems `validate()` throws, as a list, in English.
    public func validationProblems() -> [String] { validationPhrases().map(\.en) }

    /// The problems `validate()` throws, in both languages.
    public func validationPhrases() -> [Phrase] {
        var problems: [Phrase] = []
        if buttonSide == .gpio, motorSide == .gpio, buttonLine == motorLine {
            problems.append(Phrase(uk: "button_line і motor_line — обидві '\(motorLine)'",
                                   en: "button_line and motor_line are both '\(motorLine)'"))
        }
        if buttonSide == .gpio, let b2 = button2Line, b2 == buttonLine || (motorSide == .gpio && b2 == motorLine) {
            problems.append(Phrase(uk: "button2_line '\(b2)' вже зайнята іншою лінією",
                                   en: "button2_line '\(b2)' is already used by another line"))
        }
        if hardware == .simulated {
            for (key, value) in [("button_hardware", buttonHardware), ("motor_hardware", motorHardware)] {
                if let value {
                    problems.append(Phrase(uk: "\(key) = \(value.rawValue) потребує hardware = gpio чи input (у імітованої плати немає сторін)",
                                           en: "\(key) = \(value.rawValue) needs hardware = gpio or input (the simulated board has no sides)"))
                }
            }
        }
        let inputWhy = hardware == .input ? "hardware = input" : "button_hardware = input"
        if buttonSide == .input {
            if buttonDevice.isEmpty {
                problems.append(Phrase(uk: "button_device має назвати пристрій клавіш (шлях у /dev/input чи назву пристрою), коли \(inputWhy)",
                                       en: "button_device must name the key device (a /dev/input path or the device's name) with \(inputWhy)"))
            }
            if button2Key == buttonKey {
                problems.append(Phrase(uk: "button_key і button2_key — обидві \(KeyNames.name(of: buttonKey))",
                                       en: "button_key and button2_key are both \(KeyNames.name(of: buttonKey))"))
            }
        }
        if motorSide == .input, vibratorDevice.isEmpty {
            let why = hardware == .input ? "hardware = input" : "motor_hardware = input"
            problems.append(Phrase(uk: "vibrator_device має назвати пристрій віддачі (шлях у /dev/input чи назву пристрою), коли \(why)",
                                   en: "vibrator_device must name the force-feedback device (a /dev/input path or the device's name) with \(why)"))
        }
        return problems
    }
}

/// `'value' is not one of yes, no`.
private func yesOrNo(_ value: String) -> Phrase {
    Phrase(uk: "'\(value)' — не одне з: yes, no", en: "'\(value)' is not one of yes, no")
}
