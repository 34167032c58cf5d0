import Glibc
import MetroModel
import MetroSystem

/// Reads `metrotimer.conf`, then its drop-ins `metrotimer.conf.d/*.conf` in name order, then the environment
/// systemd gives us (`$STATE_DIRECTORY`, `$RUNTIME_DIRECTORY` win over the file).
public enum ConfigLoader {
    /// The default configuration file.
    public static let defaultPath = "/etc/metrotimer/metrotimer.conf"

    /// Loads and validates. A missing default file is not an error (defaults apply); a missing file named with
    /// `--config` is. Throws every problem of every file at once.
    public static func load(path: String?, environment: [String: String]) throws(ConfigError) -> (DaemonConfig, [String]) {
        let report = loadReporting(path: path, environment: environment)
        if !report.phrases.isEmpty { throw ConfigError(phrases: report.phrases) }
        return (report.config, report.read)
    }

    /// What loading found: the configuration of every acceptable assignment, the files read, and every problem
    /// (empty when the configuration is good). `mainFileRead` is false when the main file itself could not be
    /// read, so checks that depend on its content would only add noise.
    public struct Report {
        public var config: DaemonConfig
        public var read: [String]
        /// Every problem in both languages.
        public var phrases: [Phrase]
        /// Every problem in English (as logged).
        public var problems: [String] { phrases.map(\.en) }
        public var mainFileRead: Bool
    }

    /// Loads like `load`, but goes on past every problem and returns them all.
    public static func loadReporting(path: String?, environment: [String: String]) -> Report {
        let main = path ?? defaultPath
        var assignments: [ConfigAssignment] = []
        var read: [String] = []
        var problems: [Phrase] = []
        var mainFileRead = true
        func parse(_ bytes: [UInt8], file: String) {
            do {
                let parsed = ConfigFileParser.parseReporting(try configText(bytes, file: file), file: file)
                assignments += parsed.assignments
                problems += parsed.problems
                read.append(file)
            } catch {
                problems += error.phrases
            }
        }
        switch readFileBytes(main) {
        case .success(let bytes):
            parse(bytes, file: main)
        case .failure(let error):
            if path != nil || error.errno.rawValue != ENOENT {
                problems.append(cannotRead(main, error))
                mainFileRead = false
            }
        }
        let dropInDirectory = main + ".d"
        for file in confFiles(in: dropInDirectory) {
            switch readFileBytes(file) {
            case .success(let bytes): parse(bytes, file: file)
            case .failure(let error): problems.append(cannotRead(file, error))
            }
        }
        var (config, refused) = DaemonConfig.fromReportingPhrases(assignments)
        problems += refused
        // systemd's directories: the first path of a space-separated list.
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !state.isEmpty {
            config.stateDirectory = String(state)
        }
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !runtime.isEmpty {
            config.runtimeDirectory = String(runtime)
        }
        problems += config.validationPhrases()
        return Report(config: config, read: read, phrases: ConfigError(phrases: problems).phrases,
                      mainFileRead: mainFileRead)
    }

    /// `*.conf` files in a directory, sorted; none if it does not exist.
    static func confFiles(in directory: String) -> [String] {
        let names = (Files.entries(of: directory) ?? []).filter { $0.hasSuffix(".conf") && !$0.hasPrefix(".") }
        return names.sorted().map { directory + "/" + $0 }
    }
}

/// Why a file could not be read, in a few words (the caller names the file); the C library's text stays as it
/// is, quoted in the Ukrainian.
func readProblem(_ error: SystemError) -> Phrase {
    error.errno.rawValue == EFBIG
        ? Phrase(uk: "більший за межу \(Files.maximumReadSize >> 20) МіБ", en: "larger than the \(Files.maximumReadSize >> 20) MiB limit")
        : Phrase(uk: "«\(error.errno)»", en: "\(error.errno)")
}

/// `file: cannot read: why`.
private func cannotRead(_ file: String, _ error: SystemError) -> Phrase {
    let why = readProblem(error)
    return Phrase(uk: "\(file): не прочитати: \(why.uk)", en: "\(file): cannot read: \(why.en)")
}

/// A configuration file's bytes as text. A byte that is not UTF-8 is an error naming its line: decoding it as U+FFFD
/// would quietly change a value (a Latin-1 path would name another file).
func configText(_ bytes: [UInt8], file: String) throws(ConfigError) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var number = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        number += 1
        if String(validating: line, as: UTF8.self) == nil { break }
    }
    throw ConfigError(Phrase(uk: "\(file):\(number): не є правильним UTF-8", en: "\(file):\(number): not valid UTF-8"))
}

/// Reads a whole (small) file.
func readFileBytes(_ path: String) -> Result<[UInt8], SystemError> {
    do {
        return .success(try Files.read(path))
    } catch let error as SystemError {
        return .failure(error)
    } catch {
        return .failure(SystemError("read \(path)", errno: Errno(rawValue: EIO)))
    }
}
