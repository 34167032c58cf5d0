import MetroModel
import MetroSystem

/// Everything a command needs from the outside world, injectable for tests.
public struct CommandContext {
    /// The arguments after the command name.
    public var arguments: [String]
    public var environment: [String: String]
    /// The `--lang` given on the command line, before or after the command (the one after wins); nil when none.
    /// `MetrotimerCLI.run` takes it out of the arguments for every command alike.
    public var language: Language?
    /// The language to answer in: `language`, else the environment's (`uk` when LC_ALL, LC_MESSAGES or LANG
    /// starts with `uk`), else English.
    public var resolvedLanguage: Language { language ?? Language.ofEnvironment(environment) }
    /// The running executable's path, for finding installed data; nil when unknown.
    public var executablePath: String?
    /// The wall clock (Unix nanoseconds). Only commands that need "now" call it.
    public var now: () -> Int64
    public var output: any OutputWriter
    /// The network data this command line finds where it looks without `--data` (`NetworkData.candidates`), loaded
    /// when a command first asks and kept for the rest of the command line; nil when none was found or it did not
    /// load (a command that needs it loads again through `NetworkData.load(context:language:)`, which words the
    /// failure in its language).
    public var installedNetwork: (network: Network, path: String)? { foundNetworks.installed }
    /// The imported network (schema 2) this command line finds there instead, loaded the same way with its time
    /// zone; nil when the file is Kyiv-shaped, missing or faulty (`NetworkData.generalNetwork` then words why).
    public var importedNetwork: (network: ImportedNetwork, path: String)? { foundNetworks.imported }
    /// Station names for the views, from whichever network was found (ids when there is none).
    public var stationNames: StationNames {
        StationNames(network: installedNetwork?.network ?? importedNetwork?.network)
    }
    /// Where the networks above are kept once loaded: shared by every copy of the context, so a command that hands
    /// it down loads them at most once.
    private let foundNetworks: FoundNetworks

    /// A context whose network data is looked for with `environment` and `executablePath` as given here, when a
    /// command first needs it.
    public init(arguments: [String], environment: [String: String], executablePath: String?,
                now: @escaping () -> Int64, output: any OutputWriter, language: Language? = nil)
    {
        self.foundNetworks = FoundNetworks(environment: environment, executablePath: executablePath)
        self.arguments = arguments
        self.environment = environment
        self.language = language
        self.executablePath = executablePath
        self.now = now
        self.output = output
    }
}

/// The network data file where every program looks, read on first use: many commands (`press`, `ack`, `cancel`…)
/// show no station name, and an imported network costs a whole validation and a tz lookup that a command which
/// never needs it should not pay for. Read at most once per command line.
private final class FoundNetworks {
    private let environment: [String: String]
    private let executablePath: String?

    init(environment: [String: String], executablePath: String?) {
        self.environment = environment
        self.executablePath = executablePath
    }

    /// Kyiv's network (schema 1), or nil.
    lazy var installed: (network: Network, path: String)? =
        try? NetworkData.load(explicit: nil, environment: environment, executablePath: executablePath)

    /// An imported network (schema 2) with its zone, looked for only when the file is not Kyiv-shaped.
    lazy var imported: (network: ImportedNetwork, path: String)? =
        installed == nil ? NetworkData.importedNetwork(environment: environment, executablePath: executablePath) : nil
}

/// One `metrotimer` sub-command. Each lives in its own file and is listed in `MetrotimerCLI.commands`.
public struct Command: Sendable {
    public var name: String
    /// One line for the command list, in both languages.
    public var summaryText: Phrase
    /// Full `--help` text, in both languages.
    public var helpText: Phrase
    public var run: @Sendable (CommandContext) throws(CLIError) -> Void

    /// A command whose texts are written in both languages.
    public init(name: String, summary: Phrase, help: Phrase,
                run: @escaping @Sendable (CommandContext) throws(CLIError) -> Void)
    {
        self.name = name
        self.summaryText = summary
        self.helpText = help
        self.run = run
    }

    /// A command with English texts only (the language test reports it until its Ukrainian is written).
    public init(name: String, summary: String, help: String,
                run: @escaping @Sendable (CommandContext) throws(CLIError) -> Void)
    {
        self.init(name: name, summary: Phrase(uk: summary, en: summary), help: Phrase(uk: help, en: help), run: run)
    }

    /// The English summary.
    public var summary: String { summaryText.en }
    /// The English help.
    public var help: String { helpText.en }
    /// The summary in a language.
    public func summary(_ language: Language) -> String { summaryText(language) }
    /// The help in a language.
    public func help(_ language: Language) -> String { helpText(language) }
}

extension Language {
    /// The language of the environment: `uk` when LC_ALL, LC_MESSAGES or LANG (the first one set) starts with
    /// `uk`, else English.
    public static func ofEnvironment(_ environment: [String: String]) -> Language {
        LanguageChoice.localeIsUkrainian(environment) ? .uk : .en
    }

    /// Reads a `--lang` value (`uk` or `en`, any case); nil otherwise.
    static func option(_ text: String) -> Language? { Language(rawValue: text.lowercased()) }
}
