import MetroControl
import MetroModel

/// The commands that talk to `metrotimerd` over its control socket.
extension Command {
    /// All of them, in `--help` order.
    public static let daemonCommands: [Command] = [
        .route, .pin, .unpin, .routes, .start, .plus, .minus, .departed, .arrived, .cancel, .ack, .status, .journal,
        .stats, .calibration, .calibrate, .press, .suspend, .resume, .suspensions, .remind, .recordMotion,
    ]

    static let socketHelp = Phrase(
        uk: "  --socket ШЛЯХ   сокет керування службою (типово $METROTIMER_SOCKET, інакше \(DaemonClient.defaultSocket))\n"
            + "  --lang uk|en    мова відповіді (перед командою або після неї; типово з LANG)\n",
        en: "  --socket PATH   the daemon's control socket (default $METROTIMER_SOCKET, else \(DaemonClient.defaultSocket))\n"
            + "  --lang uk|en    the language of the answer (before or after the command; default from LANG)\n")

    /// A help text: the usage line (its placeholders in each language), a description, and the socket options.
    static func daemonHelp(_ usage: Phrase, _ body: Phrase) -> Phrase {
        Phrase(uk: "використання: metrotimer \(usage.uk)\n\n\(body.uk)\n\n" + socketHelp.uk,
               en: "usage: metrotimer \(usage.en)\n\n\(body.en)\n\n" + socketHelp.en)
    }

    /// The arguments of a daemon command, parsed in the rider's language (`--socket` is every one's option).
    static func parse(_ context: CommandContext, _ name: String, values: Set<String> = [], flags: Set<String> = [])
        throws(CLIError) -> ParsedArguments
    {
        try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: values.union(["--socket", "--lang"]), flags: flags),
                            command: name, language: context.resolvedLanguage)
    }

    /// "'NAME' takes no arguments (got 'X')".
    static func noArguments(_ name: String, _ args: ParsedArguments, _ L: Language) throws(CLIError) {
        guard let first = args.positionals.first else { return }
        throw .usage(Phrase(uk: "'\(name)' не має аргументів (отримано '\(first)')",
                            en: "'\(name)' takes no arguments (got '\(first)')")(L))
    }

    /// A command that sends one request and prints the glance status (or the raw reply with --json).
    static func simple(_ name: String, summary: Phrase, help: Phrase, request: ControlRequest) -> Command {
        Command(name: name, summary: summary,
                help: daemonHelp(Phrase(uk: "\(name) [--json] [--lang uk|en] [--socket ШЛЯХ]",
                                        en: "\(name) [--json] [--lang uk|en] [--socket PATH]"), help))
        { context throws(CLIError) in
            let args = try parse(context, name, flags: ["--json"])
            let language = try args.language(context)
            if args.wantsHelp { context.output.write(Command.named(name).help(language)); return }
            try noArguments(name, args, language)
            let client = try DaemonClient.connect(args, context)
            let reply = try client.request(request)
            if args.flags.contains("--json") {
                context.output.line(jsonLine(reply[field: .status] ?? reply))
            } else {
                try context.output.write(StatusView.render(reply: reply, language: language, names: context.stationNames,
                                                       nowUnixNanoseconds: context.now()))
            }
        }
    }

    static func named(_ name: String) -> Command { daemonCommands.first { $0.name == name }! }

    static let start = simple(
        "start", summary: Phrase(uk: "почати вибраний маршрут зараз (коли потяг рушає)",
                                 en: "start the chosen route now (as the train pulls out)"),
        help: Phrase(uk: "Починає вибраний маршрут з t0 = зараз. На платі те саме робить натискання кнопки, з позначкою часу ядра.",
                     en: "Starts the chosen route with t0 = now. On the board, the button press does this with the edge's kernel timestamp."),
        request: .start)
    static let plus = simple(
        "plus", summary: Phrase(uk: "+1: потяг відстає (я на станцію раніше)", en: "+1: the train is behind (I am one station earlier)"),
        help: Phrase(uk: "Модель випереджає потяг: повернути її на одну станцію назад.",
                     en: "The model is ahead of the train: move it back one station."), request: .plus)
    static let minus = simple(
        "minus", summary: Phrase(uk: "−1: потяг випереджає (я вже на наступній станції)",
                                 en: "−1: the train is ahead (I am already at the next station)"),
        help: Phrase(uk: "Модель відстає від потяга: пересунути її на одну станцію вперед.",
                     en: "The model lags the train: move it on one station."), request: .minus)
    static let departed = simple(
        "departed", summary: Phrase(uk: "потяг нової лінії щойно рушив (під час пересадки)",
                                    en: "the train on the new line just departed (while changing lines)"),
        help: Phrase(uk: "Після пересадки дайте цю команду, коли новий потяг рушає: відлік починається з цієї миті.",
                     en: "After a change, press as the new train pulls out: the countdown re-anchors to now."),
        request: .departed)
    static let arrived = simple(
        "arrived", summary: Phrase(uk: "я вийшов: завершити поїздку й записати справжнє прибуття",
                                   en: "I'm off: end the trip and record the true arrival"),
        help: Phrase(uk: "Завершує поїздку як «прибув»; журнал зберігає підтверджений час.",
                     en: "Ends the trip as 'arrived'; the journal keeps the confirmed time."), request: .arrived)
    static let cancel = simple(
        "cancel", summary: Phrase(uk: "скасувати поїздку", en: "abandon the trip"),
        help: Phrase(uk: "Завершує поїздку як «зупинено».", en: "Ends the trip as 'stopped'."), request: .cancel)
    static let ack = Command(
        name: "ack", summary: Phrase(uk: "підтвердити сигнал, що вібрує (зупиняє повтори сигналу прибуття)",
                                     en: "acknowledge a buzzing alert (stops the arrival alarm's repeats)"),
        help: daemonHelp(
            Phrase(uk: "ack [--json] [--lang uk|en] [--socket ШЛЯХ]", en: "ack [--json] [--lang uk|en] [--socket PATH]"),
            Phrase(uk: "Зупиняє сигнал, що вібрує (повтори сигналу «виходьте», «час іти» нагадування), як коротке\n"
                       + "натискання; каже, якщо нічого не вібрувало.",
                   en: "Stops the buzzing alert (the repeating 'get off now' alarm, a reminder's 'time to go'), as a short press\n"
                       + "would; says so when nothing was buzzing.")))
    { context throws(CLIError) in
        guard case let (args, language)? = try featureArguments(context, "ack") else { return }
        try noArguments("ack", args, language)
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.acknowledge)
        if args.flags.contains("--json") { context.output.line(jsonLine(reply[field: .status] ?? reply)); return }
        let acknowledged = try ReplyDocument.decode(Bool.self, reply, field: .acknowledged, language: language)
        context.output.line(acknowledged
            ? Phrase(uk: "сигнал вимкнено", en: "alert silenced")(language)
            : Phrase(uk: "нічого не вібрувало (нічого не змінено)", en: "nothing was buzzing (nothing changed)")(language))
    }

    static let status = Command(
        name: "status", summary: Phrase(uk: "погляд: наступна зупинка, скільки лишилось, відлік, сигнали",
                                        en: "the glance view: next stop, stops left, countdown, alerts"),
        help: daemonHelp(
            Phrase(uk: "status [--json] [--watch] [--lang uk|en] [--socket ШЛЯХ]", en: "status [--json] [--watch] [--lang uk|en] [--socket PATH]"),
            Phrase(uk: "--json виводить задокументований обʼєкт стану; --watch тримає зʼєднання й виводить знову щоразу, коли стан\n"
                       + "змінюється (минає станція або застосовано поправку), ніколи за таймером.",
                   en: "--json prints the documented status object; --watch keeps the connection and prints again each time the\n"
                       + "status changes (a station passes or a correction applies), never on a timer.")))
    { context throws(CLIError) in
        let args = try parse(context, "status", flags: ["--json", "--watch"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("status").help(language)); return }
        try noArguments("status", args, language)
        let client = try DaemonClient.connect(args, context)
        let json = args.flags.contains("--json")
        // The reply, or a pushed event, carries the document under "status".
        func show(_ reply: JSONValue) throws(CLIError) {
            if json { context.output.line(jsonLine(reply[field: .status] ?? .null)) }
            else {
                try context.output.write(StatusView.render(reply: reply, language: language, names: context.stationNames,
                                                       nowUnixNanoseconds: context.now()))
            }
        }
        if args.flags.contains("--watch") {
            try show(client.request(.watch))
            while true {
                let event = try client.nextMessage()
                if ControlReplyHead(event).event == "status" {
                    if !json { context.output.line() }
                    try show(event)
                }
            }
        }
        try show(client.request(.status))
    }

    static let journal = Command(
        name: "journal", summary: Phrase(uk: "завершені поїздки, від найновішої", en: "ended trips, newest first"),
        help: daemonHelp(Phrase(uk: "journal [--json] [--limit N] [--lang uk|en] [--socket ШЛЯХ]",
                                en: "journal [--json] [--limit N] [--lang uk|en] [--socket PATH]"),
                         Phrase(uk: "--limit N показує не більше N поїздок (1–10000, типово 100).",
                                en: "--limit N shows at most N trips (1–10000, default 100).")))
    { context throws(CLIError) in
        let args = try parse(context, "journal", values: ["--limit"], flags: ["--json"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("journal").help(language)); return }
        try noArguments("journal", args, language)
        var limit = 100
        if let text = args.values["--limit"] {
            guard let n = PlainNumber.whole(text), (1...10_000).contains(n) else {
                throw .usage(Phrase(uk: "--limit має бути числом від 1 до 10000, а не '\(text)'",
                                    en: "--limit must be a number from 1 to 10000, not '\(text)'")(language))
            }
            limit = n
        }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.journal(limit: limit))
        if args.flags.contains("--json") { context.output.line(jsonLine(reply[field: .journal] ?? .array([]))); return }
        let entries = try ReplyDocument.decode([JournalDocument].self, reply, field: .journal, language: language)
        context.output.write(JournalView.render(entries, language: language, names: context.stationNames))
    }

    static let stats = Command(
        name: "stats", summary: Phrase(uk: "точність за журналом (--year РРРР: рік у метро)",
                                       en: "accuracy figures from the journal (--year YYYY: the year on the metro)"),
        help: Phrase(
            uk: "використання: metrotimer stats [--json] [--lang uk|en] [--socket ШЛЯХ]\n"
                + "              metrotimer stats --year РРРР [--json] [--svg ФАЙЛ|-] [--lang uk|en] [--socket ШЛЯХ]\n\n"
                + "похибка = підтверджене − останнє розрахункове прибуття: додатна — відлік поспішав (безпечний бік).\n"
                + "Точність прибуття: пізнє «наступна ваша» («я вийшов» раніше за нього), підтверджене − планове прибуття,\n"
                + "за напрямком і часом доби; «я вийшов» далеко поза будь-яким імовірним прибуттям відкладається й рахується.\n"
                + "--year: поїздки, час у метро, станції, лінії, найчастіший маршрут, найраніша й найпізніша поїздка\n"
                + "і точність того року; --svg ФАЙЛ ще й записує це карткою, щоб зберегти чи поділитися: нова картка\n"
                + "заміняє стару цілком або ніяк; --svg - пише картку у стандартний вивід.\n\n" + socketHelp.uk,
            en: "usage: metrotimer stats [--json] [--lang uk|en] [--socket PATH]\n"
                + "       metrotimer stats --year YYYY [--json] [--svg FILE|-] [--lang uk|en] [--socket PATH]\n\n"
                + "error = confirmed − final arrival: positive means the countdown ran fast (the safe side).\n"
                + "Arrival accuracy: late \"yours is next\" (\"I'm off\" before it sounded), confirmed − planned arrival,\n"
                + "per direction and time of day; an \"I'm off\" far outside any plausible arrival is set aside and counted.\n"
                + "--year: rides, time underground, stations, lines, the most frequent route, the earliest and latest\n"
                + "ride and the accuracy that year; --svg FILE also writes it as a card to keep or share: the new card\n"
                + "replaces the old one whole or not at all; --svg - writes the card to standard output.\n\n" + socketHelp.en))
    { context throws(CLIError) in
        let args = try parse(context, "stats", values: ["--year", "--svg"], flags: ["--json"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("stats").help(language)); return }
        try noArguments("stats", args, language)
        if args.values["--year"] != nil || args.values["--svg"] != nil {
            guard args.values["--year"] != nil else {
                throw .usage(Phrase(uk: "--svg потребує --year РРРР", en: "--svg needs --year YYYY")(language))
            }
            try YearCommand.run(args, context, language: language)
            return
        }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.stats)
        let stats = reply[field: .stats] ?? .null
        if args.flags.contains("--json") {
            var document = stats
            if case .object(var fields) = stats, let accuracy = reply[field: .accuracy] {
                fields[ReplyField.accuracy.rawValue] = accuracy
                document = .object(fields)
            }
            context.output.line(jsonLine(document))
        } else {
            let figures = try ReplyDocument.decode(StatsDocument.self, reply, field: .stats, language: language)
            let accuracy = try ReplyDocument.decode(AccuracyDocument.self, reply, field: .accuracy, language: language)
            context.output.write(JournalView.renderStats(figures, language: language))
            context.output.write(AccuracyView.render(accuracy, language: language, names: context.stationNames))
        }
    }
}
