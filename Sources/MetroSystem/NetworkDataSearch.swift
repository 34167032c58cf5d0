import Glibc

/// The network data file found where every program looks (`Files.networkDataCandidates`), read whole; or why none
/// was. The daemon, `--check-config` and the command line all search this way and word the outcome themselves.
public enum NetworkDataSearch {
    /// The first candidate that exists, and its bytes.
    case found(path: String, bytes: [UInt8])
    /// A candidate exists but cannot be read: a fault to report, never passed over for the next one.
    case unreadable(path: String, error: SystemError)
    /// No candidate exists; every place looked at.
    case missing(tried: [String])

    /// Reads the first candidate that exists. A missing candidate is passed over unless it is the only place to
    /// look (an explicit path, or `METROTIMER_DATA`): then its absence is the answer, named by its error.
    public static func run(explicit: String?, environment: [String: String],
                           executablePath: String? = Files.executablePath()) -> NetworkDataSearch {
        let candidates = Files.networkDataCandidates(explicit: explicit, environment: environment,
                                                     executablePath: executablePath)
        let onlyPlace = explicit != nil || candidates.count == 1
        for path in candidates {
            do {
                return .found(path: path, bytes: try Files.read(path))
            } catch let error as SystemError where error.errno.rawValue == ENOENT && !onlyPlace {
                continue
            } catch let error as SystemError {
                return .unreadable(path: path, error: error)
            } catch {
                return .unreadable(path: path, error: SystemError("read \(path)", errno: Errno(rawValue: EIO)))
            }
        }
        return .missing(tried: candidates)
    }
}
