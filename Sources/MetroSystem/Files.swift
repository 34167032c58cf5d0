import Glibc

/// Whole-file reads of small files (configuration, the network data), and where the network data lives.
public enum Files {
    /// The largest file `read` takes: the network data is about 40 kB, a configuration file a few.
    public static let maximumReadSize = 16 << 20

    /// The whole file. Errors name the path: `open /etc/x.conf: No such file or directory (errno 2)`,
    /// `read /etc: Is a directory (errno 21)`. Something larger than `maximumReadSize` (an endless device such
    /// as `/dev/zero`) is refused rather than read until memory runs out.
    public static func read(_ path: String) throws -> [UInt8] {
        let fd = try FileDescriptor.open(path, flags: O_RDONLY | O_CLOEXEC)
        defer { try? fd.close() }
        var out: [UInt8] = []
        while true {
            let chunk: [UInt8]?
            do { chunk = try fd.read(upTo: 65_536) } catch let error as SystemError {
                throw SystemError("read \(path)", errno: error.errno)
            }
            guard let chunk, !chunk.isEmpty else { return out }
            guard out.count + chunk.count <= maximumReadSize else {
                throw SystemError("read \(path) (over the \(maximumReadSize >> 20) MiB limit)", errno: Errno(rawValue: EFBIG))
            }
            out += chunk
        }
    }

    /// The names in a directory (without `.` and `..`), in the order the file system gives them; nil when it
    /// cannot be opened (`errno` then says why).
    public static func entries(of directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The network data file's name.
    public static let networkDataName = "kyiv-metro.json"

    /// Where the network data may be, in order: an explicit path, `$METROTIMER_DATA`,
    /// `<executable dir>/../share/metrotimer/` (an installed tree), then `Data/` in the executable's directory
    /// and each directory above it (the build tree).
    public static func networkDataCandidates(explicit: String?, environment: [String: String],
                                             executablePath: String?) -> [String]
    {
        if let explicit { return [explicit] }
        if let fromEnvironment = environment["METROTIMER_DATA"], !fromEnvironment.isEmpty { return [fromEnvironment] }
        var paths: [String] = []
        if let executablePath, let slash = executablePath.lastIndex(of: "/") {
            var directory = String(executablePath[..<slash])
            paths.append(directory + "/../share/metrotimer/" + networkDataName)
            while !directory.isEmpty {
                paths.append(directory + "/Data/" + networkDataName)
                guard let up = directory.lastIndex(of: "/") else { break }
                directory = String(directory[..<up])
            }
            paths.append("/Data/" + networkDataName)
        }
        return paths
    }

    /// The running executable's absolute path (`/proc/self/exe`), or nil.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
