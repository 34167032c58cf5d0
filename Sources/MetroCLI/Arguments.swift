import MetroModel
import MetroSystem

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
    /// Throws a usage error (in `language`) naming the unknown option, the option missing its value, or a repeated
    /// option.
    public init(_ arguments: [String], spec: ArgumentSpec, command: String, language L: Language = .en) throws(CLIError) {
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
                guard inlineValue == nil else {
                    throw .usage(Phrase(uk: "параметр \(name) команди '\(command)' не має значення",
                                        en: "option \(name) of '\(command)' takes no value")(L))
                }
                flags.insert(name)
            } else if spec.valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw .usage(Phrase(uk: "параметр \(name) команди '\(command)' потребує значення",
                                            en: "option \(name) of '\(command)' needs a value")(L))
                    }
                    value = arguments[index]
                    index += 1
                }
                guard values[name] == nil else {
                    throw .usage(Phrase(uk: "параметр \(name) команди '\(command)' задано двічі",
                                        en: "option \(name) of '\(command)' is given twice")(L))
                }
                values[name] = value
            } else {
                throw .usage(Phrase(uk: "невідомий параметр '\(argument)' команди '\(command)' (див. metrotimer \(command) --help)",
                                    en: "unknown option '\(argument)' for '\(command)' (see: metrotimer \(command) --help)")(L))
            }
        }
    }

    /// Whether help was asked for.
    public var wantsHelp: Bool { flags.contains("--help") || flags.contains("-h") }

    /// The language to answer in: `--lang` (before or after the command), else the environment's, else English.
    public func language(_ context: CommandContext) throws(CLIError) -> Language {
        if let text = values["--lang"] {
            guard let language = Language.option(text) else { throw .usage("--lang must be 'uk' or 'en', not '\(text)'") }
            return language
        }
        return context.resolvedLanguage
    }

    /// The `--lang` value, else the language of the environment (`uk` when LC_ALL, LC_MESSAGES or LANG starts
    /// with `uk`), else English.
    public func language(environment: [String: String]) throws(CLIError) -> Language {
        if let text = values["--lang"] {
            guard let language = Language.option(text) else { throw .usage("--lang must be 'uk' or 'en', not '\(text)'") }
            return language
        }
        return Language.ofEnvironment(environment)
    }

    /// Takes every `--lang VALUE` / `--lang=VALUE` out of `arguments` (the rule all three programs share:
    /// `LanguageChoice`), so that every command accepts it before or after its name alike; the last one wins.
    /// Throws on a missing or unknown value, worded in the language chosen so far.
    static func extractLanguage(_ arguments: inout [String], fallback: Language) throws(CLIError) -> Language? {
        var chosen: Language?
        for value in LanguageChoice.takeOptions(&arguments) {
            guard !value.isEmpty else {
                throw CLIError(Phrase(uk: "--lang потребує uk або en", en: "--lang needs uk or en")(chosen ?? fallback),
                               exitCode: CLIError.usageCode)
            }
            guard let language = Language.option(value) else {
                throw .usage(Phrase(uk: "--lang має бути 'uk' або 'en', а не '\(value)'",
                                    en: "--lang must be 'uk' or 'en', not '\(value)'")(chosen ?? fallback))
            }
            chosen = language
        }
        return chosen
    }
}
