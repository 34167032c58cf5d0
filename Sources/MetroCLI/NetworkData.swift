#if canImport(Glibc)
import Glibc
#endif
import MetroModel
import MetroSystem

/// Finding and loading the network data file.
public enum NetworkData {
    /// The file name looked for.
    public static let fileName = Files.networkDataName

    /// Where to look, in order (see `Files.networkDataCandidates`).
    public static func candidates(explicit: String?, environment: [String: String], executablePath: String?)
        -> [String]
    {
        Files.networkDataCandidates(explicit: explicit, environment: environment, executablePath: executablePath)
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
        do {
            return try Files.read(path)
        } catch let error as SystemError where error.errno.rawValue == ENOENT && !required {
            return nil
        } catch {
            throw CLIError("cannot read \(path): \(error)", exitCode: CLIError.noInputCode)
        }
    }
}
