import MetroModel

/// Which options a command accepts: those taking a value (`--at TIME`) and plain flags (`--json`).
public struct ArgumentSpec: Sendable {
    public var valueOptions: Set<String>
    public var flags: Set<String>
    public init(valueOptions: Set<String> = [], flags: Set<String> = []) {
        self.valueOptions = valueOptions
        self.flags = flags.union(["--help", "-h"])
    }
}

/// A command's arguments split into positionals, option values and flags.
public struct ParsedArguments: Sendable {
    public var positionals: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []

    /// Parses `arguments` by `spec`: `--name value`, `--name=value`, flags, and `--` ending the options.
    /// Throws a usage error naming the unknown option, the option missing its value, or a repeated option.
    public init(_ arguments: [String], spec: ArgumentSpec, command: String) throws(CLIError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw .usage("option \(name) of '\(command)' takes no value") }
                flags.insert(name)
            } else if spec.valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw .usage("option \(name) of '\(command)' needs a value") }
                    value = arguments[index]
                    index += 1
                }
                guard values[name] == nil else { throw .usage("option \(name) of '\(command)' is given twice") }
                values[name] = value
            } else {
                throw .usage("unknown option '\(argument)' for '\(command)' (see: metrotimer \(command) --help)")
            }
        }
    }

    /// Whether help was asked for.
    public var wantsHelp: Bool { flags.contains("--help") || flags.contains("-h") }

    /// The command's `--lang`, else the global one before the command, else the language of the environment.
    public func language(_ context: CommandContext) throws(CLIError) -> Language {
        if values["--lang"] == nil, let global = context.language { return global }
        return try language(environment: context.environment)
    }

    /// The `--lang` value, else the language of the environment (`uk` when LC_ALL, LC_MESSAGES or LANG starts
    /// with `uk`), else English.
    public func language(environment: [String: String]) throws(CLIError) -> Language {
        if let text = values["--lang"] {
            guard let language = Language(rawValue: text.lowercased()) else {
                throw .usage("--lang must be 'uk' or 'en', not '\(text)'")
            }
            return language
        }
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty { return value.hasPrefix("uk") ? .uk : .en }
        }
        return .en
    }
}
