#if canImport(Glibc)
import Glibc
#endif
import MetroModel
import MetroSystem

/// The `metrotimer` command line: a table of commands and the dispatcher over it.
public enum MetrotimerCLI {
    /// The program's version.
    public static let version = "0.1.0"

    /// Every command, in the order `--help` lists them. Commands talking to the daemon are added here.
    public static let commands: [Command] = [.stations, .plan] + Command.daemonCommands

    /// Runs one command line (`arguments` without the program name) and returns the exit status.
    public static func run(_ arguments: [String], environment: [String: String], executablePath: String?,
                           now: @escaping () -> Int64, output: any OutputWriter,
                           commands: [Command] = MetrotimerCLI.commands) -> Int32
    {
        // Global options before the command: --socket PATH (as $METROTIMER_SOCKET) and --lang uk|en (a
        // command's own --lang wins).
        var arguments = arguments
        var environment = environment
        var language: Language?
        while let option = arguments.first, let name = ["--socket", "--lang"].first(where: { option == $0 || option.hasPrefix($0 + "=") }) {
            arguments.removeFirst()
            // "--name VALUE" or "--name=VALUE"; an empty value is as missing as none.
            let value = option == name ? arguments.first : String(option.dropFirst(name.count + 1))
            if option == name, value != nil { arguments.removeFirst() }
            guard let value, !value.isEmpty else {
                output.errorLine("metrotimer: \(name) needs \(name == "--lang" ? "uk or en" : "a PATH")")
                return CLIError.usageCode
            }
            if name == "--socket" {
                environment["METROTIMER_SOCKET"] = value
            } else {
                guard let chosen = Language(rawValue: value.lowercased()) else {
                    output.errorLine("metrotimer: --lang must be 'uk' or 'en', not '\(value)'")
                    return CLIError.usageCode
                }
                language = chosen
            }
        }
        if StationNames.network == nil {
            StationNames.network = try? NetworkData.load(explicit: nil, environment: environment, executablePath: executablePath).0
        }
        guard let first = arguments.first else {
            output.writeError(usage(commands))
            return CLIError.usageCode
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                output.write(command.help)
            } else {
                output.write(usage(commands))
            }
            return 0
        case "--version", "-V":
            output.write(versionText(environment: environment, executablePath: executablePath))
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            output.errorLine("metrotimer: unknown command '\(first)' (commands: "
                + commands.map(\.name).joined(separator: ", ") + "; see metrotimer --help)")
            return CLIError.usageCode
        }
        let context = CommandContext(arguments: Array(arguments.dropFirst()), environment: environment,
                                     executablePath: executablePath, now: now, output: output, language: language)
        do throws(CLIError) {
            try command.run(context)
            return 0
        } catch {
            output.errorLine("metrotimer \(command.name): \(error.message)")
            return error.exitCode
        }
    }

    /// The process entry point: real arguments, environment, clock and streams.
    public static func main() -> Int32 {
        run(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
            executablePath: Files.executablePath(), now: wallClockNanoseconds, output: StandardStreams())
    }

    /// The list of commands.
    static func usage(_ commands: [Command]) -> String {
        var text = "usage: metrotimer [--socket PATH] [--lang uk|en] COMMAND [ARGUMENTS]\n\ncommands:\n"
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2)
                + command.summary + "\n"
        }
        text += "\nmetrotimer COMMAND --help shows a command's options; metrotimer --version the data sources.\n"
        return text
    }

    /// Version and the data attribution (the ODbL requires showing it).
    static func versionText(environment: [String: String], executablePath: String?) -> String {
        var text = "metrotimer \(version)\n"
        if let (network, path) = try? NetworkData.load(explicit: nil, environment: environment,
                                                        executablePath: executablePath)
        {
            text += "network data: \(path) (as of \(network.attribution.networkAsOf))\n"
            // The dataset's own title is Ukrainian; English output carries no Cyrillic (SPEC §10).
            let uk = (try? ParsedArguments([], spec: ArgumentSpec(), command: "").language(environment: environment)) == .uk
            text += "timetable: " + (uk ? network.attribution.timetable
                : "Kyiv city open data portal, dataset \"Timetable of urban electric and road transport\" "
                    + "(first/last departures per station)") + "\n"
            text += "station coordinates: \(network.attribution.coordinates)\n"
        } else {
            text += "network data: not found (station coordinates © OpenStreetMap contributors, ODbL 1.0)\n"
        }
        return text
    }
}

/// CLOCK_REALTIME in nanoseconds.
func wallClockNanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}
