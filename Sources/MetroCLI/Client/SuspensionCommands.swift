import MetroControl
import MetroModel

/// `metrotimer suspend FROM TO`, `metrotimer resume [FROM TO]`, `metrotimer suspensions`: stretches without
/// service for now (during an air-raid alert the surface sections stop while the underground runs on).
extension Command {
    static let suspend = Command(
        name: "suspend",
        summary: Phrase(uk: "позначити перегін однієї лінії як без руху (маршрути через нього не плануються)",
                        en: "mark a stretch of one line as without service (planning through it is refused)"),
        help: daemonHelp(
            Phrase(uk: "suspend ЗВІДКИ КУДИ [--json] [--lang uk|en] [--socket ШЛЯХ]",
                   en: "suspend FROM TO [--json] [--lang uk|en] [--socket PATH]"),
            Phrase(uk: "Кожен перегін між ЗВІДКИ і КУДИ (станції однієї лінії) вважається без руху до metrotimer resume:\n"
                       + "маршрути через нього відхиляються з назвою перегону. Поїздка, що вже триває, триває далі.",
                   en: "Every segment between FROM and TO (stations of one line) is taken as without service until\n"
                       + "metrotimer resume: routes through it are refused, naming the stretch. A trip already riding goes on.")))
    { context throws(CLIError) in
        guard case let (args, language)? = try featureArguments(context, "suspend") else { return }
        guard args.positionals.count == 2 else { throw .usage(Phrase(uk: "'suspend' потребує ЗВІДКИ і КУДИ", en: "'suspend' takes FROM and TO")(language)) }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.suspend(from: args.positionals[0], to: args.positionals[1]))
        if args.flags.contains("--json") { context.output.line(jsonLine(reply[field: .suspensions] ?? .array([]))); return }
        let already = try ReplyDocument.decode(ChangeResultDocument.self, reply, field: .suspend, language: language).result
            == "already_suspended"
        let stretch = SuspensionsView.describe(args.positionals[0], args.positionals[1], language, names: context.stationNames)
        context.output.line(already
            ? Phrase(uk: "перегін \(stretch) уже призупинено (нічого не змінено)", en: "\(stretch) was suspended already (nothing changed)")(language)
            : Phrase(uk: "призупинено: \(stretch); маршрути через нього не плануються до metrotimer resume",
                     en: "suspended: \(stretch); routes through it are refused until metrotimer resume")(language))
        try context.output.write(SuspensionsView.render(reply, language: language, names: context.stationNames))
    }

    static let resume = Command(
        name: "resume",
        summary: Phrase(uk: "знову рух на призупиненому перегоні (ЗВІДКИ КУДИ) або на всіх",
                        en: "service again on a suspended stretch (FROM TO), or on every one"),
        help: daemonHelp(
            Phrase(uk: "resume [ЗВІДКИ КУДИ] [--json] [--lang uk|en] [--socket ШЛЯХ]",
                   en: "resume [FROM TO] [--json] [--lang uk|en] [--socket PATH]"),
            Phrase(uk: "Знімає призупинення з перегону ЗВІДКИ–КУДИ (у будь-якому порядку) або з усіх призупинених перегонів.",
                   en: "Lifts the suspension of the stretch FROM–TO (either order), or of every suspended stretch.")))
    { context throws(CLIError) in
        guard case let (args, language)? = try featureArguments(context, "resume") else { return }
        guard args.positionals.count == 0 || args.positionals.count == 2 else {
            throw .usage(Phrase(uk: "'resume' потребує ЗВІДКИ і КУДИ або нічого (усі перегони)",
                                en: "'resume' takes FROM and TO, or nothing for every stretch")(language))
        }
        let client = try DaemonClient.connect(args, context)
        let request: ControlRequest = args.positionals.isEmpty ? .resume(from: nil, to: nil)
            : .resume(from: args.positionals[0], to: args.positionals[1])
        let reply = try client.request(request)
        if args.flags.contains("--json") { context.output.line(jsonLine(reply[field: .suspensions] ?? .array([]))); return }
        let lifted = try ReplyDocument.decode(SuspensionsDocument.self, reply, field: .resumed, language: language).stretches
        if lifted.isEmpty {
            context.output.line(args.positionals.isEmpty
                ? Phrase(uk: "жоден перегін не призупинено (нічого не змінено)", en: "no stretch was suspended (nothing changed)")(language)
                : Phrase(uk: "перегін \(SuspensionsView.describe(args.positionals[0], args.positionals[1], language, names: context.stationNames)) не був призупинений (нічого не змінено)",
                         en: "\(SuspensionsView.describe(args.positionals[0], args.positionals[1], language, names: context.stationNames)) was not suspended (nothing changed)")(language))
        }
        for s in lifted {
            let text = SuspensionsView.describe(s.from, s.to, language, names: context.stationNames)
            context.output.line(Phrase(uk: "знову рух: \(text)", en: "service again: \(text)")(language))
        }
        try context.output.write(SuspensionsView.render(reply, language: language, names: context.stationNames))
    }

    static let suspensions = Command(
        name: "suspensions",
        summary: Phrase(uk: "перегони, призупинені командою metrotimer suspend", en: "the stretches suspended with metrotimer suspend"),
        help: daemonHelp(
            Phrase(uk: "suspensions [--json] [--lang uk|en] [--socket ШЛЯХ]", en: "suspensions [--json] [--lang uk|en] [--socket PATH]"),
            Phrase(uk: "Виводить перегони без руху, задані командою metrotimer suspend (до metrotimer resume).",
                   en: "Prints the stretches without service set with metrotimer suspend (until metrotimer resume).")))
    { context throws(CLIError) in
        guard case let (args, language)? = try featureArguments(context, "suspensions") else { return }
        guard args.positionals.isEmpty else {
            throw .usage(Phrase(uk: "'suspensions' не має аргументів", en: "'suspensions' takes no arguments")(language))
        }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.suspensions)
        if args.flags.contains("--json") { context.output.line(jsonLine(reply[field: .suspensions] ?? .array([]))); return }
        try context.output.write(SuspensionsView.render(reply, language: language, names: context.stationNames))
    }

    /// The options every feature command takes: `--json`, `--lang`, `--socket`, parsed in the rider's language;
    /// `--help` is answered here (nil: the help was shown, nothing more to do).
    static func featureArguments(_ context: CommandContext, _ name: String, valueOptions: Set<String> = [],
                                 flags: Set<String> = []) throws(CLIError) -> (ParsedArguments, Language)?
    {
        let args = try parse(context, name, values: valueOptions, flags: flags.union(["--json"]))
        let language = try args.language(context)
        if args.wantsHelp {
            context.output.write(Command.named(name).help(language))
            return nil
        }
        return (args, language)
    }
}

/// Suspended stretches as text.
enum SuspensionsView {
    static func describe(_ from: String, _ to: String, _ language: Language, names: StationNames) -> String {
        "\(names.name(from, language)) – \(names.name(to, language))"
    }

    /// The `suspensions` of a reply as text.
    static func render(_ reply: JSONValue, language: Language, names: StationNames) throws(CLIError) -> String {
        let stretches = try ReplyDocument.decode(SuspensionsDocument.self, reply, field: .suspensions, language: language).stretches
        if stretches.isEmpty {
            return Phrase(uk: "призупинених перегонів немає\n", en: "no stretch is suspended\n")(language)
        }
        var out = Phrase(uk: "призупинено:\n", en: "suspended:\n")(language)
        for s in stretches {
            out += "  " + describe(s.from, s.to, language, names: names) + "\n"
        }
        return out
    }

    /// The network with the stretches the running daemon has suspended, so an offline `plan` refuses them as the
    /// daemon would. No daemon (or one that cannot answer) means no local suspensions known: the plan is the data
    /// file's alone, as it always was offline.
    static func withRunningDaemonsSuspensions(_ network: Network, socketOption: String?, _ context: CommandContext) -> Network {
        guard let client = try? DaemonClient(path: DaemonClient.socketPath(option: socketOption, environment: context.environment))
        else { return network }
        // As for the calibration: a daemon that does not answer soon leaves the plan to the data file.
        client.replyTimeoutMilliseconds = 2_000
        guard let reply = try? client.request(.suspensions),
            let document = try? ReplyDocument.decode(SuspensionsDocument.self, reply, field: .suspensions, language: .en)
        else { return network }
        return network.withLocalSuspensions(document.stretches.map { SuspendedStretch(from: StationID($0.from), to: StationID($0.to)) })
    }

    /// The status view's line: which stretches are suspended (nothing when none).
    static func statusLines(_ stretches: [SuspensionsDocument.Stretch], language: Language, names: StationNames) -> String {
        guard !stretches.isEmpty else { return "" }
        let text = stretches.map { describe($0.from, $0.to, language, names: names) }
            .joined(separator: "; ")
        return Phrase(uk: "⚠ призупинено: \(text)", en: "⚠ suspended: \(text)")(language) + "\n"
    }
}
