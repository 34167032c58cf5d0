import Glibc

/// The system's tz database (`/usr/share/zoneinfo`, Debian's `tzdata`): where a zone named by a GTFS feed
/// (`America/New_York`) is read from. Only the bytes are read here; the model parses them (`TimeZoneRules`), so
/// the answer is the same on every host.
public enum TimeZoneDatabase {
    /// Where Debian keeps it; `$TZDIR` names another, as for the C library.
    public static let defaultDirectory = "/usr/share/zoneinfo"

    /// The largest zone file read: real ones are under 4 KiB; a name that leads to something large is not a zone.
    public static let maximumFileSize = 256 << 10

    /// Why a zone could not be read.
    public enum LookupError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not an IANA zone name: empty, absolute, with `.` or `..` as a part, or with other characters than
        /// letters, digits and `_ + - . /`.
        case invalidName(String)
        /// No such zone in the database (or the database is missing).
        case unknownZone(name: String, directory: String)
        /// The zone's file exists but could not be read.
        case unreadable(name: String, error: SystemError)

        public var description: String {
            switch self {
            case .invalidName(let name): return "'\(name)' is not a time zone name (such as Europe/Kyiv)"
            case .unknownZone(let name, let directory): return "no time zone '\(name)' in \(directory) (is tzdata installed?)"
            case .unreadable(let name, let error): return "cannot read time zone '\(name)': \(error)"
            }
        }

        /// The same in Ukrainian.
        public var ukrainian: String {
            switch self {
            case .invalidName(let name): return "«\(name)» — не назва часового поясу (як-от Europe/Kyiv)"
            case .unknownZone(let name, let directory): return "часового поясу «\(name)» немає в \(directory) (чи встановлено tzdata?)"
            case .unreadable(let name, let error): return "не вдалося прочитати часовий пояс «\(name)»: \(error.ukrainianReason)"
            }
        }
    }

    /// Whether `name` has the shape of an IANA zone name, so it can be joined to the directory without reaching
    /// outside it.
    public static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/"), !name.hasSuffix("/") else { return false }
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")
        }
        return allowed && name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }

    /// The TZif bytes of the zone `name`, from `$TZDIR` or the default directory.
    public static func tzifBytes(named name: String, environment: [String: String]) throws(LookupError) -> [UInt8] {
        let directory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultDirectory
        guard isZoneName(name) else { throw .invalidName(name) }
        let path = directory + "/" + name
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .unknownZone(name: name, directory: directory) }
            throw .unreadable(name: name, error: SystemError.current("stat \(path)"))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unknownZone(name: name, directory: directory) }
        guard Int(status.st_size) <= maximumFileSize else {
            throw .unreadable(name: name, error: SystemError("read \(path) (over \(maximumFileSize >> 10) KiB)", errno: Errno(rawValue: EFBIG)))
        }
        do {
            return try Files.read(path)
        } catch let error as SystemError {
            throw .unreadable(name: name, error: error)
        } catch {
            throw .unreadable(name: name, error: SystemError("read \(path)", errno: Errno(rawValue: EIO)))
        }
    }
}
