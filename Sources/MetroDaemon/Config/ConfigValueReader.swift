import MetroGPS
import MetroInput
import MetroModel

/// How the values of `metrotimer.conf` are read: each reader takes one assignment and returns its value, or throws
/// a problem naming the file, line and key, in both languages.
enum ConfigValueReader {
    /// The value as written, empty included.
    static func anything(_ a: ConfigAssignment) -> String { a.value }

    /// An empty value unsets an optional key; anything else is read by `read`.
    static func optional<T>(
        _ read: @escaping (ConfigAssignment) throws(ConfigError) -> T
    ) -> (ConfigAssignment) throws(ConfigError) -> T? {
        { (a: ConfigAssignment) throws(ConfigError) -> T? in a.value.isEmpty ? nil : try read(a) }
    }

    /// One of an enumeration's values, spelled as its raw value; the problem lists them all.
    static func choice<T: RawRepresentable & CaseIterable>(_ a: ConfigAssignment) throws(ConfigError) -> T
    where T.RawValue == String {
        guard let value = T(rawValue: a.value) else {
            let list = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigError(a, Phrase(uk: "'\(a.value)' — не одне з: \(list)", en: "'\(a.value)' is not one of \(list)"))
        }
        return value
    }

    static func nonEmpty(_ a: ConfigAssignment) throws(ConfigError) -> String {
        guard !a.value.isEmpty else { throw ConfigError(a, Phrase(uk: "потрібне значення", en: "needs a value")) }
        return a.value
    }

    static func absolutePath(_ a: ConfigAssignment) throws(ConfigError) -> String {
        let value = try nonEmpty(a)
        guard value.hasPrefix("/") else {
            throw ConfigError(a, Phrase(uk: "'\(value)' має бути абсолютним шляхом", en: "'\(value)' must be an absolute path"))
        }
        return value
    }

    static func yesOrNo(_ a: ConfigAssignment) throws(ConfigError) -> Bool {
        switch a.value {
        case "yes": return true
        case "no": return false
        default: throw ConfigError(a, Phrase(uk: "'\(a.value)' — не одне з: yes, no", en: "'\(a.value)' is not one of yes, no"))
        }
    }

    /// A key of the input subsystem, by its name in the kernel header or its code.
    static func key(_ a: ConfigAssignment) throws(ConfigError) -> UInt16 {
        guard let code = KeyNames.code(of: a.value) else {
            throw ConfigError(a, Phrase(
                uk: "'\(a.value)' — не клавіша: потрібна назва з <linux/input-event-codes.h> на зразок "
                    + "KEY_VOLUMEUP, KEY_VOLUMEDOWN чи KEY_POWER або код клавіші від 1 до \(KeyNames.maximumCode)",
                en: "'\(a.value)' is not a key: a name from <linux/input-event-codes.h> such as "
                    + "KEY_VOLUMEUP, KEY_VOLUMEDOWN or KEY_POWER, or a key code from 1 to \(KeyNames.maximumCode)"))
        }
        return code
    }

    static func timeScale(_ a: ConfigAssignment) throws(ConfigError) -> Double {
        guard let value = PlainNumber.decimal(a.value), value.isFinite, value >= 1, value <= 10_000 else {
            throw ConfigError(a, Phrase(uk: "'\(a.value)' має бути числом від 1 до 10000",
                                        en: "'\(a.value)' must be a number from 1 to 10000"))
        }
        return value
    }

    /// A group name as `getgrnam` takes it: no blanks, no control characters, no ':' (the group file's separator).
    static func groupName(_ a: ConfigAssignment) throws(ConfigError) -> String {
        guard a.value.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x3A }) else {
            throw ConfigError(a, Phrase(uk: "'\(a.value)' — не назва групи", en: "'\(a.value)' is not a group name"))
        }
        return a.value
    }

    static func debounceMilliseconds(_ a: ConfigAssignment) throws(ConfigError) -> Int {
        guard let value = PlainNumber.whole(a.value), (0...500).contains(value) else {
            throw ConfigError(a, Phrase(uk: "'\(a.value)' має бути цілим числом мілісекунд від 0 до 500",
                                        en: "'\(a.value)' must be a whole number of milliseconds from 0 to 500"))
        }
        return value
    }

    /// `FROM TO`: two station ids or names, each at most `DaemonConfig.maximumStationLength` characters; empty for
    /// no default route. Whether they are stations of the network is checked where the network is known
    /// (`defaultRoute(on:)`).
    static func route(_ a: ConfigAssignment) throws(ConfigError) -> (from: String, to: String)? {
        if a.value.isEmpty { return nil }
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
        return (String(parts[0]), String(parts[1]))
    }

    /// `host:port` of gpsd, or nil for `off` or empty. Checked here so `--check-config` catches a bad address, not
    /// only the start of the GPS link; whether a remote host is allowed needs `gpsd_allow_remote` too and is
    /// checked once every assignment is read.
    static func gpsdAddress(_ a: ConfigAssignment) throws(ConfigError) -> String? {
        if a.value.isEmpty || a.value == "off" { return nil }
        do { _ = try GPSDAddress(parsing: a.value) } catch {
            throw ConfigError(a, Phrase(uk: "'\(a.value)' — не вузол:порт (\(error.ukrainian))",
                                        en: "'\(a.value)' is not host:port (\(error))"))
        }
        return a.value
    }
}
