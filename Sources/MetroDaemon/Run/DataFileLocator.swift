import Glibc

/// Finds the network data file: an explicit path, else `<dir of the executable>/../share/metrotimer/kyiv-metro.json`
/// (an installed tree), else `Data/kyiv-metro.json` in a directory above the executable (the build tree).
public enum DataFileLocator {
    public static let fileName = "kyiv-metro.json"

    /// The path to use, or nil with the places tried.
    public static func locate(explicit: String?, environment: [String: String]) -> (path: String?, tried: [String]) {
        if let explicit { return (explicit, [explicit]) }
        if let fromEnvironment = environment["METROTIMER_DATA"], !fromEnvironment.isEmpty {
            return (fromEnvironment, [fromEnvironment])
        }
        var tried: [String] = []
        guard let exe = executableDirectory() else { return (nil, tried) }
        let installed = exe + "/../share/metrotimer/" + fileName
        tried.append(installed)
        if access(installed, R_OK) == 0 { return (installed, tried) }
        var dir = exe
        for _ in 0..<8 {
            let candidate = dir + "/Data/" + fileName
            tried.append(candidate)
            if access(candidate, R_OK) == 0 { return (candidate, tried) }
            guard let slash = dir.lastIndex(of: "/"), slash != dir.startIndex else { break }
            dir = String(dir[..<slash])
        }
        return (nil, tried)
    }

    /// The directory holding the running executable (from /proc/self/exe).
    static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
