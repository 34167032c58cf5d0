import MetroModel

/// Everything a command needs from the outside world, injectable for tests.
public struct CommandContext {
    /// The arguments after the command name.
    public var arguments: [String]
    public var environment: [String: String]
    /// The global `--lang` given before the command (a command's own `--lang` wins over it).
    public var language: Language?
    /// The running executable's path, for finding installed data; nil when unknown.
    public var executablePath: String?
    /// The wall clock (Unix nanoseconds). Only commands that need "now" call it.
    public var now: () -> Int64
    public var output: any OutputWriter

    public init(arguments: [String], environment: [String: String], executablePath: String?,
                now: @escaping () -> Int64, output: any OutputWriter, language: Language? = nil)
    {
        self.arguments = arguments
        self.environment = environment
        self.language = language
        self.executablePath = executablePath
        self.now = now
        self.output = output
    }
}

/// One `metrotimer` sub-command. Each lives in its own file and is listed in `MetrotimerCLI.commands`.
public struct Command: Sendable {
    public var name: String
    /// One line for the command list.
    public var summary: String
    /// Full `--help` text.
    public var help: String
    public var run: @Sendable (CommandContext) throws(CLIError) -> Void

    public init(name: String, summary: String, help: String,
                run: @escaping @Sendable (CommandContext) throws(CLIError) -> Void)
    {
        self.name = name
        self.summary = summary
        self.help = help
        self.run = run
    }
}
