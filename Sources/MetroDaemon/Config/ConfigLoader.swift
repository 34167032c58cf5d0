import Glibc
import MetroSystem

/// Reads `metrotimer.conf`, then its drop-ins `metrotimer.conf.d/*.conf` in name order, then the environment
/// systemd gives us (`$STATE_DIRECTORY`, `$RUNTIME_DIRECTORY` win over the file).
public enum ConfigLoader {
    /// The default configuration file.
    public static let defaultPath = "/etc/metrotimer/metrotimer.conf"

    /// Loads and validates. A missing default file is not an error (defaults apply); a missing file named with
    /// `--config` is.
    public static func load(path: String?, environment: [String: String]) throws(ConfigError) -> (DaemonConfig, [String]) {
        let main = path ?? defaultPath
        var assignments: [ConfigAssignment] = []
        var read: [String] = []
        switch readFileBytes(main) {
        case .success(let bytes):
            assignments += try ConfigFileParser.parse(try configText(bytes, file: main), file: main)
            read.append(main)
        case .failure(let error):
            if path != nil || error.errno.rawValue != ENOENT {
                throw ConfigError("\(main): cannot read: \(readProblem(error))")
            }
        }
        let dropInDirectory = main + ".d"
        for file in confFiles(in: dropInDirectory) {
            switch readFileBytes(file) {
            case .success(let bytes):
                assignments += try ConfigFileParser.parse(try configText(bytes, file: file), file: file)
                read.append(file)
            case .failure(let error):
                throw ConfigError("\(file): cannot read: \(readProblem(error))")
            }
        }
        var config = try DaemonConfig.from(assignments)
        // systemd's directories: the first path of a space-separated list.
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !state.isEmpty {
            config.stateDirectory = String(state)
        }
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !runtime.isEmpty {
            config.runtimeDirectory = String(runtime)
        }
        try config.validate()
        return (config, read)
    }

    /// `*.conf` files in a directory, sorted; none if it does not exist.
    static func confFiles(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(".conf") && !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().map { directory + "/" + $0 }
    }
}

/// Why a file could not be read, in a few words (the caller names the file).
func readProblem(_ error: SystemError) -> String {
    error.errno.rawValue == EFBIG ? "larger than the \(Files.maximumReadSize >> 20) MiB limit" : "\(error.errno)"
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
    throw ConfigError("\(file):\(number): not valid UTF-8")
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
