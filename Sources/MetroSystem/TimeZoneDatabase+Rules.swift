import MetroModel

extension TimeZoneDatabase {
    /// Why a zone's rules could not be had: the database has no readable zone of that name, or its file is not one
    /// the model reads (`TimeZoneFileError`).
    public enum RulesError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The zone could not be found or read.
        case lookup(LookupError)
        /// The zone `name` was read but its file was refused.
        case file(name: String, TimeZoneFileError)

        /// The reason in both languages, naming the zone; the caller puts in front what named it (the file and
        /// its field).
        public var phrase: Phrase {
            switch self {
            case .lookup(let error):
                return Phrase(uk: error.ukrainian, en: error.description)
            case .file(let name, let error):
                return Phrase(uk: "часовий пояс «\(name)»: \(error.phrase.uk)", en: "time zone '\(name)': \(error.phrase.en)")
            }
        }

        /// The English reason, as logged.
        public var description: String { phrase.en }
    }

    /// The rules of the zone `name` (`America/New_York`), read from `$TZDIR` or the default directory and parsed by
    /// the model. The command line, the daemon and the lab all place a network's times by them, so they read and
    /// word a missing or damaged zone alike.
    public static func rules(named name: String, environment: [String: String]) throws(RulesError) -> TimeZoneRules {
        let bytes: [UInt8]
        do throws(LookupError) {
            bytes = try tzifBytes(named: name, environment: environment)
        } catch {
            throw .lookup(error)
        }
        do throws(TimeZoneFileError) {
            return try TimeZoneRules(tzif: bytes)
        } catch {
            throw .file(name: name, error)
        }
    }
}
