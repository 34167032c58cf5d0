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

    /// Loads the first existing candidate (`NetworkDataSearch`, as the daemon looks). Throws naming the paths
    /// tried, or the read or data error, in `language`.
    public static func load(explicit: String?, environment: [String: String], executablePath: String?,
                            language: Language = .en) throws(CLIError) -> (Network, String)
    {
        switch NetworkDataSearch.run(explicit: explicit, environment: environment, executablePath: executablePath) {
        case .found(let path, let bytes):
            do {
                return (try Network.load(json: bytes), path)
            } catch {
                throw CLIError.data("\(path): \(error.phrase(language))")
            }
        case .unreadable(let path, let error):
            throw CLIError(Phrase(uk: error.ukrainian("не вдалося прочитати \(path)"),
                                  en: "cannot read \(path): \(error)")(language),
                           exitCode: CLIError.noInputCode)
        case .missing(let paths):
            let tried = paths.joined(separator: ", ")
            throw CLIError(Phrase(uk: "не знайдено даних мережі \(fileName) (шукали: \(tried)); вкажіть їх через --data ФАЙЛ "
                                      + "або METROTIMER_DATA",
                                  en: "cannot find the network data \(fileName) (looked at: \(tried)); "
                                      + "give it with --data FILE or METROTIMER_DATA")(language),
                           exitCode: CLIError.noInputCode)
        }
    }

    /// The command's network when it is a schema 2 file (any metro, from `metrotimer import-gtfs`), validated;
    /// nil when it is Kyiv-shaped (schema 1) or cannot be found or read, which `load` then reports.
    static func generalNetwork(context: CommandContext, language: Language) throws(CLIError) -> (GeneralNetwork, String)? {
        if let (imported, path) = context.importedNetwork { return (imported.general, path) }
        guard context.installedNetwork == nil,
              case .found(let path, let bytes) = NetworkDataSearch.run(explicit: nil, environment: context.environment,
                                                                       executablePath: context.executablePath),
              GeneralNetwork.declaredSchema(of: bytes) == 2
        else { return nil }
        do throws(NetworkDataError) {
            return (try GeneralNetwork.load(json: bytes), path)
        } catch {
            throw .data("\(path): \(error.phrase(language))")
        }
    }

    /// The command's network when it is a schema 2 file, with its time zone's rules: the one this command line
    /// already loaded (`CommandContext.importedNetwork`), else loaded again to say in `language` why it does not
    /// load (the file's fault, or its zone's, named by the file's field); nil when it is Kyiv-shaped or cannot be
    /// found or read, which `load` then reports.
    static func importedNetwork(context: CommandContext, language: Language) throws(CLIError) -> (ImportedNetwork, String)? {
        if let (imported, path) = context.importedNetwork { return (imported, path) }
        guard let (general, path) = try generalNetwork(context: context, language: language) else { return nil }
        let zone = try zoneRules(named: general.file.time_zone, environment: context.environment,
                                 context: "\(path): time_zone", language: language)
        return (ImportedNetwork(general: general, zone: zone), path)
    }

    /// The imported network (schema 2) where every program looks, with its time zone's rules; nil when the file
    /// found is Kyiv-shaped, or none is found, or it or its time zone does not load (the commands that need it
    /// load it again through `generalNetwork(context:language:)` or `importedNetwork(context:language:)` to say why).
    static func importedNetwork(environment: [String: String], executablePath: String?)
        -> (network: ImportedNetwork, path: String)?
    {
        guard case .found(let path, let bytes) = NetworkDataSearch.run(explicit: nil, environment: environment,
                                                                       executablePath: executablePath),
              GeneralNetwork.declaredSchema(of: bytes) == 2,
              let general = try? GeneralNetwork.load(json: bytes),
              let zone = try? zoneRules(named: general.file.time_zone, environment: environment, context: path, language: .en)
        else { return nil }
        return (ImportedNetwork(general: general, zone: zone), path)
    }

    /// The command's network: the one this command line already loaded (`CommandContext.installedNetwork`; a
    /// `--data FILE` anywhere on the line is its `METROTIMER_DATA`), else the search again, for its refusal in
    /// `language`.
    static func load(context: CommandContext, language: Language) throws(CLIError) -> (Network, String) {
        if let (network, path) = context.installedNetwork { return (network, path) }
        return try load(explicit: nil, environment: context.environment, executablePath: context.executablePath,
                        language: language)
    }
}
