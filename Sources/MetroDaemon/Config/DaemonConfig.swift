import MetroGPS
import MetroInput
import MetroModel

/// Everything `metrotimerd` can be configured with. Every key of `etc/metrotimer/metrotimer.conf` is a field here,
/// with the same default; `DaemonConfig.load` refuses unknown keys and bad values naming file and line.
public struct DaemonConfig: Equatable, Sendable {
    /// Where buttons and the motor live.
    public enum Hardware: String, Sendable, CaseIterable { case simulated, gpio, input }
    /// Where one side (the button, or the motor) lives on real hardware: a GPIO line, or an input device.
    public enum Side: String, Sendable, CaseIterable { case gpio, input }
    /// Which logical level means "active" on a GPIO line.
    public enum ActiveLevel: String, Sendable, CaseIterable { case low, high }
    /// The bias (internal pull) requested for the button line.
    public enum Bias: String, Sendable, CaseIterable {
        case pullUp = "pull-up", pullDown = "pull-down", disabled, asIs = "as-is"
    }
    /// How strongly patterns are played (strong lengthens on-pulses by half; never past the 2 s cap).
    public enum MotorStrength: String, Sendable, CaseIterable { case normal, strong }
    /// How chatty the log is.
    public enum LogLevel: String, Sendable, CaseIterable { case info, debug }

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
    /// The accelerometer: an IIO device's name (`accel_3d`), node (`iio:device0`) or path; empty: motion is off.
    public var motionDevice: String = ""
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

    /// The keys a file may set, in documentation order (`ConfigKey.all`).
    public static let keys: [String] = ConfigKey.all.map(\.name)

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

    /// Sets the key the assignment names (`ConfigKey.all`), or throws why it cannot.
    mutating func apply(_ a: ConfigAssignment) throws(ConfigError) {
        guard let key = ConfigKey.all.first(where: { $0.name == a.key }) else {
            let known = DaemonConfig.keys.joined(separator: ", ")
            throw ConfigError(a, Phrase(uk: "невідомий ключ (відомі ключі: \(known))", en: "unknown key (known keys: \(known))"))
        }
        try key.apply(&self, a)
    }

    /// The keys whose values differ between two configurations, in documentation order.
    public func keysDiffering(from other: DaemonConfig) -> [String] {
        ConfigKey.all.filter { $0.differs(self, other) }.map(\.name)
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
