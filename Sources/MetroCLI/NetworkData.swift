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

    /// Loads the first existing candidate. Throws naming the paths tried, or the data error, in `language`.
    public static func load(explicit: String?, environment: [String: String], executablePath: String?,
                            language: Language = .en) throws(CLIError) -> (Network, String)
    {
        let paths = candidates(explicit: explicit, environment: environment, executablePath: executablePath)
        for path in paths {
            guard let bytes = try readFile(path, required: explicit != nil || paths.count == 1, language: language) else {
                continue
            }
            do {
                return (try Network.load(json: bytes), path)
            } catch {
                throw CLIError.data("\(path): \(error.phrase(language))")
            }
        }
        let tried = paths.joined(separator: ", ")
        throw CLIError(Phrase(uk: "не знайдено даних мережі \(fileName) (шукали: \(tried)); вкажіть їх через --data ФАЙЛ "
                                  + "або METROTIMER_DATA",
                              en: "cannot find the network data \(fileName) (looked at: \(tried)); "
                                  + "give it with --data FILE or METROTIMER_DATA")(language),
                       exitCode: CLIError.noInputCode)
    }

    /// The command's network: the file `explicit` names (`--data`), else the one this command line already loaded
    /// (`CommandContext.installedNetwork`), else the search again, for its refusal in `language`.
    static func load(explicit: String?, context: CommandContext, language: Language) throws(CLIError) -> (Network, String) {
        if explicit == nil, let (network, path) = context.installedNetwork { return (network, path) }
        return try load(explicit: explicit, environment: context.environment, executablePath: context.executablePath,
                        language: language)
    }

    /// The whole file, or nil if it does not exist and is not `required`.
    static func readFile(_ path: String, required: Bool, language: Language) throws(CLIError) -> [UInt8]? {
        do {
            return try Files.read(path)
        } catch let error as SystemError where error.errno.rawValue == ENOENT && !required {
            return nil
        } catch let error as SystemError {
            throw CLIError(Phrase(uk: error.ukrainian("не вдалося прочитати \(path)"),
                                  en: "cannot read \(path): \(error)")(language),
                           exitCode: CLIError.noInputCode)
        } catch {
            throw CLIError(Phrase(uk: "не вдалося прочитати \(path)", en: "cannot read \(path): \(error)")(language),
                           exitCode: CLIError.noInputCode)
        }
    }
}
