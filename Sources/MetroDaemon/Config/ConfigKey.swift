import MetroGPS
import MetroInput
import MetroModel

/// One key of `metrotimer.conf`: its name, how a value of it is read into a `DaemonConfig`, and whether two
/// configurations differ in it. `ConfigKey.all` is the only list of keys: parsing, the key list and the reload
/// diff all come from it, so a key added there is parsed, listed and compared, and a key cannot be half-added.
struct ConfigKey {
    /// The key as a file spells it.
    let name: String
    /// Reads the assignment's value into the configuration, or throws why it is refused (leaving it unchanged).
    let apply: (inout DaemonConfig, ConfigAssignment) throws(ConfigError) -> Void
    /// Whether two configurations hold different values for this key.
    let differs: (DaemonConfig, DaemonConfig) -> Bool

    /// A key stored in one field: the field is both where a value goes and what the reload diff compares.
    static func field<Value: Equatable>(
        _ name: String, _ field: WritableKeyPath<DaemonConfig, Value>,
        _ read: @escaping (ConfigAssignment) throws(ConfigError) -> Value
    ) -> ConfigKey {
        ConfigKey(name: name, apply: { (config: inout DaemonConfig, a: ConfigAssignment) throws(ConfigError) in
            config[keyPath: field] = try read(a)
        }, differs: { $0[keyPath: field] != $1[keyPath: field] })
    }

    /// Every key, in documentation order (the order of `etc/metrotimer/metrotimer.conf`).
    ///
    /// Built on each use rather than stored: it holds key paths and closures, which are not `Sendable`, and a
    /// configuration is read a few times per daemon run.
    static var all: [ConfigKey] {
        typealias Read = ConfigValueReader
        return [
            field("hardware", \.hardware, Read.choice),
            field("time_scale", \.timeScale, Read.timeScale),
            field("state_directory", \.stateDirectory, Read.absolutePath),
            field("runtime_directory", \.runtimeDirectory, Read.absolutePath),
            field("control_group", \.controlGroup, Read.groupName),
            field("language", \.language, Read.choice),
            ConfigKey(name: "route", apply: { (config: inout DaemonConfig, a: ConfigAssignment) throws(ConfigError) in
                config.route = try Read.route(a)
            }, differs: { $0.route?.from != $1.route?.from || $0.route?.to != $1.route?.to }),
            field("data_file", \.dataFile, Read.optional(Read.absolutePath)),
            field("gpio_chip", \.gpioChip, Read.nonEmpty),
            field("button_line", \.buttonLine, Read.nonEmpty),
            field("button_active", \.buttonActive, Read.choice),
            field("button_bias", \.buttonBias, Read.choice),
            field("button_debounce_ms", \.buttonDebounceMilliseconds, Read.debounceMilliseconds),
            field("button2_line", \.button2Line, Read.optional(Read.anything)),
            field("motor_line", \.motorLine, Read.nonEmpty),
            field("motor_active", \.motorActive, Read.choice),
            field("motor_strength", \.motorStrength, Read.choice),
            field("button_hardware", \.buttonHardware, Read.optional(Read.choice)),
            field("motor_hardware", \.motorHardware, Read.optional(Read.choice)),
            field("button_device", \.buttonDevice, Read.anything),
            field("button_key", \.buttonKey, Read.key),
            field("button2_key", \.button2Key, Read.optional(Read.key)),
            field("button_grab", \.buttonGrab, Read.yesOrNo),
            field("vibrator_device", \.vibratorDevice, Read.anything),
            field("arrival_alarm", \.arrivalAlarm, Read.choice),
            field("motion_device", \.motionDevice, Read.anything),
            field("gpsd", \.gpsd, Read.gpsdAddress),
            field("gpsd_allow_remote", \.gpsdAllowRemote, Read.yesOrNo),
            field("log_level", \.logLevel, Read.choice),
        ]
    }
}
