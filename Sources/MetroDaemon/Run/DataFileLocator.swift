import Glibc
import MetroSystem

/// Finds the network data file for the daemon: `data_file`, else the places of `Files.networkDataCandidates`
/// (an installed tree next to the executable, or the build tree's `Data/`).
public enum DataFileLocator {
    /// The first readable candidate, or nil with the places tried.
    public static func locate(explicit: String?, environment: [String: String]) -> (path: String?, tried: [String]) {
        let candidates = Files.networkDataCandidates(explicit: explicit, environment: environment,
                                                     executablePath: Files.executablePath())
        if explicit != nil { return (explicit, candidates) }
        return (candidates.first { access($0, R_OK) == 0 }, candidates)
    }
}
