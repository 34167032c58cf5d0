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
    public static let commands: [Command] = [.stations, .plan, .importGTFS, .networks] + Command.daemonCommands

    /// Runs one command line (`arguments` without the program name) and returns the exit status.
    public static func run(_ arguments: [String], environment: [String: String], executablePath: String?,
                           now: @escaping () -> Int64, output: any OutputWriter,
                           commands: [Command] = MetrotimerCLI.commands) -> Int32
    {
        // --lang uk|en is one option of every command, before or after its name alike (one place for all).
        // --socket PATH before the command stands for $METROTIMER_SOCKET.
        var arguments = MetrotimerCLI.droppingOptionsEnd(arguments)
        var environment = environment
        let language: Language?
        do throws(CLIError) {
            language = try ParsedArguments.extractLanguage(&arguments, fallback: Language.ofEnvironment(environment))
        } catch {
            output.errorLine("metrotimer: \(error.message)")
            return error.exitCode
        }
        let L = language ?? Language.ofEnvironment(environment)
        while let option = arguments.first, let name = ["--socket"].first(where: { option == $0 || option.hasPrefix($0 + "=") }) {
            arguments.removeFirst()
            // "--name VALUE" or "--name=VALUE"; an empty value is as missing as none.
            let value = option == name ? arguments.first : String(option.dropFirst(name.count + 1))
            if option == name, value != nil { arguments.removeFirst() }
            guard let value, !value.isEmpty else {
                output.errorLine("metrotimer: " + Phrase(uk: "\(name) потребує ШЛЯХ", en: "\(name) needs a PATH")(L))
                return CLIError.usageCode
            }
            environment["METROTIMER_SOCKET"] = value
        }
        // --data FILE is one option of every command too, before or after its name: it stands for
        // $METROTIMER_DATA, so the views' station names and the command's own network are the same file.
        do throws(CLIError) {
            if let data = try MetrotimerCLI.extractDataOption(&arguments, language: L) { environment["METROTIMER_DATA"] = data }
        } catch {
            output.errorLine("metrotimer: \(error.message)")
            return error.exitCode
        }
        guard let first = arguments.first else {
            output.writeError(usage(commands, L))
            return CLIError.usageCode
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                output.write(command.help(L))
            } else {
                output.write(usage(commands, L))
            }
            return 0
        case "--version", "-V":
            output.write(versionText(try? NetworkData.load(explicit: nil, environment: environment, executablePath: executablePath),
                                     language: L))
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map(\.name).joined(separator: ", ")
            output.errorLine("metrotimer: " + Phrase(uk: "невідома команда '\(first)' (команди: \(names); див. metrotimer --help)",
                                                     en: "unknown command '\(first)' (commands: \(names); see metrotimer --help)")(L))
            return CLIError.usageCode
        }
        // The network data is read at most once per command line, when the command first needs it (station names
        // in a view, the data of plan and stations), and handed down with the context: nothing of it is kept between
        // runs.
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

    /// `arguments` without the `--` that ends the options before the command (`metrotimer -- status`,
    /// `metrotimer --socket PATH -- status`): what follows is the command line as usual.
    static func droppingOptionsEnd(_ arguments: [String]) -> [String] {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                var rest = arguments
                rest.remove(at: index)
                return rest
            }
            if argument == "--lang" || argument == "--socket" || argument == "--data" {
                index += 2
            } else if argument.hasPrefix("--lang=") || argument.hasPrefix("--socket=") || argument.hasPrefix("--data=") {
                index += 1
            } else {
                return arguments
            }
        }
        return arguments
    }

    /// Takes every `--data FILE` / `--data=FILE` out of `arguments`, wherever it stands, and returns the last
    /// one's FILE (nil when there is none). Only a command's own arguments follow it, and none of them is a
    /// value that begins with `--data`, so taking it out everywhere cannot steal another option's value.
    static func extractDataOption(_ arguments: inout [String], language: Language) throws(CLIError) -> String? {
        var found: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument == "--data" || argument.hasPrefix("--data=") else { index += 1; continue }
            let value: String?
            if argument == "--data" {
                value = index + 1 < arguments.count ? arguments[index + 1] : nil
                arguments.removeSubrange(index..<min(index + 2, arguments.count))
            } else {
                value = String(argument.dropFirst("--data=".count))
                arguments.remove(at: index)
            }
            guard let value, !value.isEmpty else {
                throw .usage(Phrase(uk: "--data потребує ФАЙЛ", en: "--data needs a FILE")(language))
            }
            found = value
        }
        return found
    }

    /// The process entry point: real arguments, environment, clock and streams.
    public static func main() -> Int32 {
        run(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
            executablePath: Files.executablePath(), now: wallClockNanoseconds, output: StandardStreams())
    }

    /// The list of commands.
    static func usage(_ commands: [Command], _ L: Language) -> String {
        var text = Phrase(uk: "використання: metrotimer [--socket ШЛЯХ] [--lang uk|en] [--data ФАЙЛ] КОМАНДА [АРГУМЕНТИ]\n\nкоманди:\n",
                          en: "usage: metrotimer [--socket PATH] [--lang uk|en] [--data FILE] COMMAND [ARGUMENTS]\n\ncommands:\n")(L)
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2)
                + command.summary(L) + "\n"
        }
        text += Phrase(uk: "\nmetrotimer КОМАНДА --help показує її параметри; metrotimer --version — джерела даних.\n"
                           + "--lang uk|en і --data ФАЙЛ (файл даних мережі, як METROTIMER_DATA) можна дати перед командою або після неї.\n",
                       en: "\nmetrotimer COMMAND --help shows a command's options; metrotimer --version the data sources.\n"
                           + "--lang uk|en and --data FILE (the network data file, as METROTIMER_DATA) may come before or after the command.\n")(L)
        return text
    }

    /// Version and the data attribution (the ODbL requires showing it).
    static func versionText(_ installedNetwork: (network: Network, path: String)?, language L: Language) -> String {
        var text = "metrotimer \(version)\n"
        if let (network, path) = installedNetwork {
            let asOf = network.attribution.networkAsOf
            text += Phrase(uk: "дані мережі: \(path) (станом на \(asOf))\n", en: "network data: \(path) (as of \(asOf))\n")(L)
            // The dataset's own title is Ukrainian; English output carries no Cyrillic (model §10).
            // The dataset's title, between its guillemets, in the Ukrainian wording of the source.
            let title = network.attribution.timetable.split(separator: "«").dropFirst().first?
                .split(separator: "»").first.map(String.init) ?? ""
            text += Phrase(uk: "розклад: портал відкритих даних міста Києва, набір «\(title)» (перше й останнє відправлення з кожної станції)",
                           en: "timetable: Kyiv city open data portal, dataset \"Timetable of urban electric and road transport\" "
                               + "(first/last departures per station)")(L) + "\n"
            // The licence's own wording (a name and a licence id) stays as the licence asks.
            text += Phrase(uk: "координати станцій: \(network.attribution.coordinates)\n",
                           en: "station coordinates: \(network.attribution.coordinates)\n")(L)
        } else {
            text += Phrase(uk: "дані мережі: не знайдено (координати станцій © OpenStreetMap contributors, ODbL 1.0)\n",
                           en: "network data: not found (station coordinates © OpenStreetMap contributors, ODbL 1.0)\n")(L)
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
