#if canImport(Glibc)
import Glibc
#endif
import MetroModel

/// Finding and loading the network data file.
public enum NetworkData {
    /// The file name looked for.
    public static let fileName = "kyiv-metro.json"

    /// Where to look, in order: `--data`, `$METROTIMER_DATA`, `<executable dir>/../share/metrotimer/`, then
    /// `Data/` in the executable's directory and each directory above it (the build tree).
    public static func candidates(explicit: String?, environment: [String: String], executablePath: String?)
        -> [String]
    {
        if let explicit { return [explicit] }
        if let fromEnvironment = environment["METROTIMER_DATA"], !fromEnvironment.isEmpty { return [fromEnvironment] }
        var paths: [String] = []
        if let executablePath, let slash = executablePath.lastIndex(of: "/") {
            var directory = String(executablePath[..<slash])
            paths.append(directory + "/../share/metrotimer/" + fileName)
            while !directory.isEmpty {
                paths.append(directory + "/Data/" + fileName)
                guard let up = directory.lastIndex(of: "/") else { break }
                directory = String(directory[..<up])
            }
            paths.append("/Data/" + fileName)
        }
        return paths
    }

    /// Loads the first existing candidate. Throws naming the paths tried, or the data error.
    public static func load(explicit: String?, environment: [String: String], executablePath: String?)
        throws(CLIError) -> (Network, String)
    {
        let paths = candidates(explicit: explicit, environment: environment, executablePath: executablePath)
        for path in paths {
            guard let bytes = try readFile(path, required: explicit != nil || paths.count == 1) else { continue }
            do {
                return (try Network.load(json: bytes), path)
            } catch {
                throw CLIError.data("\(path): \(error.message)")
            }
        }
        throw CLIError("cannot find the network data \(fileName) (looked at: \(paths.joined(separator: ", "))); "
            + "give it with --data FILE or METROTIMER_DATA", exitCode: CLIError.noInputCode)
    }

    /// The whole file, or nil if it does not exist and is not `required`.
    static func readFile(_ path: String, required: Bool) throws(CLIError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if !required && code == ENOENT { return nil }
            throw CLIError("cannot open \(path): \(String(cString: strerror(code)))", exitCode: CLIError.noInputCode)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))",
                               exitCode: CLIError.noInputCode)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
