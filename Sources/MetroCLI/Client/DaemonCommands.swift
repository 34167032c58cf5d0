import MetroControl
import MetroModel

/// The commands that talk to `metrotimerd` over its control socket.
extension Command {
    /// All of them, in `--help` order.
    public static let daemonCommands: [Command] = [
        .route, .pin, .unpin, .routes, .start, .plus, .minus, .departed, .arrived, .cancel, .ack, .status, .journal,
        .stats, .calibration, .calibrate, .press, .suspend, .resume, .suspensions, .remind,
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
                context.output.line(jsonLine(reply["status"] ?? reply))
            } else if let status = reply["status"] {
                context.output.write(StatusView.render(status, language: language, names: context.stationNames, nowUnixNanoseconds: context.now()))
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
        if args.flags.contains("--json") { context.output.line(jsonLine(reply["status"] ?? reply)); return }
        context.output.line(reply["acknowledged"]?.boolValue == true
            ? Phrase(uk: "сигнал вимкнено", en: "alert silenced")(language)
            : Phrase(uk: "нічого не вібрувало (нічого не змінено)", en: "nothing was buzzing (nothing changed)")(language))
    }

    static let route = Command(
        name: "route",
        summary: Phrase(uk: "вибрати маршрут (ЗВІДКИ КУДИ) або показати вибраний", en: "choose the route (FROM TO) or show the chosen one"),
        help: daemonHelp(
            Phrase(uk: "route [ЗВІДКИ КУДИ] [--json] [--lang uk|en] [--socket ШЛЯХ]",
                   en: "route [FROM TO] [--json] [--lang uk|en] [--socket PATH]"),
            Phrase(uk: "З ЗВІДКИ і КУДИ (id станцій або назви будь-якою мовою) вибирає маршрут наступної поїздки.\n"
                       + "Вибір ніколи не починає поїздку: початок — натискання кнопки, коли потяг рушає.",
                   en: "With FROM and TO (station ids or names in either language), chooses the route the next start rides.\n"
                       + "Choosing never starts a trip: the start is the button press as the train pulls out.")))
    { context throws(CLIError) in
        let args = try parse(context, "route", flags: ["--json"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("route").help(language)); return }
        let request: ControlRequest
        switch args.positionals.count {
        case 0: request = .showRoute
        case 2: request = .chooseRoute(from: args.positionals[0], to: args.positionals[1])
        default:
            throw .usage(Phrase(uk: "'route' потребує ЗВІДКИ і КУДИ, або нічого, щоб показати вибраний маршрут",
                                en: "'route' takes FROM and TO, or nothing to show the chosen route")(language))
        }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(request)
        if args.flags.contains("--json") {
            context.output.line(jsonLine(reply["status"]?["route"] ?? .null))
        } else if let status = reply["status"] {
            context.output.write(StatusView.render(status, language: language, names: context.stationNames, nowUnixNanoseconds: context.now()))
        }
    }

    static func pinCommand(_ name: String, pin: Bool) -> Command {
        Command(name: name,
                summary: pin ? Phrase(uk: "закріпити маршрут (до 6; подвійне натискання перебирає їх)",
                                      en: "pin a route (at most 6; double press cycles through them)")
                    : Phrase(uk: "відкріпити маршрут", en: "unpin a route"),
                help: daemonHelp(Phrase(uk: "\(name) ЗВІДКИ КУДИ [--lang uk|en] [--socket ШЛЯХ]",
                                        en: "\(name) FROM TO [--lang uk|en] [--socket PATH]"),
                                 pin ? Phrase(uk: "Закріплює маршрут для подвійного натискання (найновіший перший). Сьомий звільняє місце,\n"
                                                  + "відкріплюючи найстаріший, і називає його; закріплення вже закріпленого нічого не змінює.\n"
                                                  + "Потім виводить вибраний, закріплені й недавні маршрути.",
                                              en: "Pins a route for the double press (newest first). A seventh pin makes room by unpinning the\n"
                                                  + "oldest, and says which; pinning a pinned route changes nothing.\n"
                                                  + "Then prints the chosen, pinned and recent routes.")
                                     : Phrase(uk: "Відкріплює маршрут; незакріплений маршрут так і названо, і нічого не змінюється.\n"
                                                  + "Потім виводить вибраний, закріплені й недавні маршрути.",
                                              en: "Unpins a route; a route that was not pinned is named as such and nothing changes.\n"
                                                  + "Then prints the chosen, pinned and recent routes.")))
        { context throws(CLIError) in
            let args = try parse(context, name)
            let language = try args.language(context)
            if args.wantsHelp { context.output.write(Command.named(name).help(language)); return }
            guard args.positionals.count == 2 else {
                throw .usage(Phrase(uk: "'\(name)' потребує ЗВІДКИ і КУДИ", en: "'\(name)' takes FROM and TO")(language))
            }
            let client = try DaemonClient.connect(args, context)
            let from = args.positionals[0], to = args.positionals[1]
            let changed = try client.request(pin ? .pin(from: from, to: to) : .unpin(from: from, to: to))
            context.output.write(RoutesView.pinOutcome(changed, pin: pin, from: from, to: to, language: language, names: context.stationNames))
            let reply = try client.request(.routes)
            context.output.write(RoutesView.render(reply["routes"] ?? .null, language: language, names: context.stationNames))
        }
    }
    static let pin = pinCommand("pin", pin: true)
    static let unpin = pinCommand("unpin", pin: false)

    static let routes = Command(
        name: "routes", summary: Phrase(uk: "вибраний, закріплені й недавні маршрути", en: "the chosen, pinned and recent routes"),
        help: daemonHelp(Phrase(uk: "routes [--json] [--lang uk|en] [--socket ШЛЯХ]", en: "routes [--json] [--lang uk|en] [--socket PATH]"),
                         Phrase(uk: "Закріплені маршрути — від найновішого; недавні — останні три, без закріплених.",
                                en: "Pinned routes newest first; recent ones are the last three, pinned ones left out.")))
    { context throws(CLIError) in
        let args = try parse(context, "routes", flags: ["--json"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("routes").help(language)); return }
        try noArguments("routes", args, language)
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.routes)
        if args.flags.contains("--json") { context.output.line(jsonLine(reply["routes"] ?? .null)) }
        else { context.output.write(RoutesView.render(reply["routes"] ?? .null, language: language, names: context.stationNames)) }
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
        func show(_ status: JSONValue) {
            if json { context.output.line(jsonLine(status)) }
            else { context.output.write(StatusView.render(status, language: language, names: context.stationNames, nowUnixNanoseconds: context.now())) }
        }
        if args.flags.contains("--watch") {
            let first = try client.request(.watch)
            show(first["status"] ?? .null)
            while true {
                let event = try client.nextMessage()
                if let status = event["status"] {
                    if !json { context.output.line() }
                    show(status)
                }
            }
        }
        let reply = try client.request(.status)
        show(reply["status"] ?? .null)
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
        let entries = reply["journal"] ?? .array([])
        if args.flags.contains("--json") { context.output.line(jsonLine(entries)) }
        else { context.output.write(JournalView.render(entries, language: language, names: context.stationNames)) }
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
        let stats = reply["stats"] ?? .null
        if args.flags.contains("--json") {
            var document = stats
            if case .object(var fields) = stats, let accuracy = reply["accuracy"] {
                fields["accuracy"] = accuracy
                document = .object(fields)
            }
            context.output.line(jsonLine(document))
        } else {
            context.output.write(JournalView.renderStats(stats, language: language))
            context.output.write(AccuracyView.render(reply["accuracy"], language: language, names: context.stationNames))
        }
    }

    static let calibration = Command(
        name: "calibration",
        summary: Phrase(uk: "середні калібрування перегонів і кількість вимірів (--reset стирає)",
                        en: "per-segment calibration averages and sample counts (--reset clears)"),
        help: daemonHelp(Phrase(uk: "calibration [--json] [--reset] [--lang uk|en] [--socket ШЛЯХ]",
                                en: "calibration [--json] [--reset] [--lang uk|en] [--socket PATH]"),
                         Phrase(uk: "Для кожного виміряного перегону: середній час руху й стоянки (округлено) і кількість вимірів.",
                                en: "For each measured segment: the average running time and dwell (rounded) and the sample counts.")))
    { context throws(CLIError) in
        let args = try parse(context, "calibration", flags: ["--json", "--reset"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("calibration").help(language)); return }
        try noArguments("calibration", args, language)
        let client = try DaemonClient.connect(args, context)
        if args.flags.contains("--reset") { _ = try client.request(.resetCalibration) }
        let reply = try client.request(.calibration)
        let doc = reply["calibration"] ?? .null
        if args.flags.contains("--json") { context.output.line(jsonLine(doc)) }
        else { context.output.write(CalibrationView.render(doc, language: language, names: context.stationNames)) }
    }

    static let calibrate = Command(
        name: "calibrate",
        summary: Phrase(uk: "режим калібрування: ЛІНІЯ НАПРЯМОК ЗВІДКИ, далі натискання на кожному відправленні й зупинці",
                        en: "calibration mode: LINE DIRECTION FROM, then press at every departure and stop"),
        help: daemonHelp(
            Phrase(uk: "calibrate ЛІНІЯ forward|backward ЗВІДКИ [--lang uk|en] [--socket ШЛЯХ]\n       metrotimer calibrate --end",
                   en: "calibrate LINE forward|backward FROM [--lang uk|en] [--socket PATH]\n       metrotimer calibrate --end"),
            Phrase(uk: "ЛІНІЯ — як її показує stations: M1, м1 або m1. forward — у бік зростання номерів станцій (M1: до Лісової).\n"
                       + "Поки сесія триває, коротке натискання записує відправлення або зупинку (по черзі, починаючи з\n"
                       + "відправлення зі ЗВІДКИ); дуже довге (4 с) або --end завершує її й показує виміряне. Сирі натискання зберігаються.",
                   en: "LINE as stations prints it: M1 or m1 (the Ukrainian spelling too). forward runs toward the line's last station (M1: Lisova).\n"
                       + "While the session runs, a short press records a departure or a stop (alternately, starting with the\n"
                       + "departure from FROM); a very long press (4 s) or --end finishes it and shows what was measured.\n"
                       + "The raw presses are stored.")))
    { context throws(CLIError) in
        let args = try parse(context, "calibrate", flags: ["--end"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("calibrate").help(language)); return }
        if args.flags.contains("--end") {
            guard args.positionals.isEmpty else {
                throw .usage(Phrase(uk: "'calibrate --end' не має аргументів", en: "'calibrate --end' takes no arguments")(language))
            }
            let client = try DaemonClient.connect(args, context)
            // The segments this session passed, then the averages they have now (samples are stored as they come).
            let covered = (try client.request(.status)["status"]?["calibration_session"]?["covered"]?.arrayValue ?? [])
                .compactMap(\.stringValue)
            _ = try client.request(.endCalibration)
            let after = try client.request(.calibration)["calibration"] ?? .null
            context.output.line(Phrase(uk: "сесію калібрування завершено", en: "calibration session ended")(language))
            context.output.write(CalibrationView.renderSession(covered: covered, calibration: after, language: language, names: context.stationNames))
            return
        }
        guard args.positionals.count == 3 else {
            throw .usage(Phrase(uk: "'calibrate' потребує ЛІНІЯ НАПРЯМОК ЗВІДКИ (напр. M1 forward lisova)",
                                en: "'calibrate' takes LINE DIRECTION FROM (e.g. M1 forward lisova)")(language))
        }
        guard let line = LineLabel.id(args.positionals[0]) else {
            throw .usage(Phrase(uk: "немає лінії '\(args.positionals[0])' (лінії: M1, M2, M3)",
                                en: "no line '\(args.positionals[0])' (lines: M1, M2, M3)")(language))
        }
        guard ["forward", "backward"].contains(args.positionals[1]) else {
            throw .usage(Phrase(uk: "НАПРЯМОК має бути forward або backward, а не '\(args.positionals[1])'",
                                en: "DIRECTION must be forward or backward, not '\(args.positionals[1])'")(language))
        }
        // Arguments first: a mistyped command gets its usage error whether or not the daemon runs.
        let client = try DaemonClient.connect(args, context)
        _ = try client.request(.calibrate(line: line, direction: args.positionals[1], from: args.positionals[2]))
        // The station by its name, as the session's prompts and results name it (the daemon accepted the query).
        var from = "«\(args.positionals[2])»"
        if case .found(let station)? = context.stationNames.network?.resolve(args.positionals[2]) { from = station.name(language) }
        context.output.line(Phrase(uk: "сесію калібрування розпочато (\(LineLabel.text(line, .uk)) \(args.positionals[1])): натисніть, коли потяг рушить від станції \(from), потім на кожній зупинці",
                                   en: "calibration session started (\(LineLabel.text(line, .en)) \(args.positionals[1])): press as the train leaves \(from), then at each stop")(language))
    }

    static let press = Command(
        name: "press", summary: Phrase(uk: "лише симульована плата: натиснути кнопку", en: "simulated board only: press the button"),
        help: daemonHelp(
            Phrase(uk: "press [--hold МС] [--button 1|2] [--lang uk|en] [--socket ШЛЯХ]",
                   en: "press [--hold MS] [--button 1|2] [--lang uk|en] [--socket PATH]"),
            Phrase(uk: "Натискання, утримане МС мілісекунд (типово 100): <600 коротке, два коротких з проміжком до 400 мс — подвійне,\n"
                       + "≥1500 довге, ≥4000 дуже довге. Чекає, доки служба розпізнає жест, і каже, що він зробив\n"
                       + "(«коротке натискання: поїздку розпочато»). Приймається лише коли metrotimerd працює з hardware = simulated.",
                   en: "A press held MS milliseconds (default 100): <600 short, two shorts within 400 ms double, ≥1500 long,\n"
                       + "≥4000 very long. Waits until the daemon has decided the gesture and says what it did\n"
                       + "(\"short press: trip started\"). Accepted only when metrotimerd runs with hardware = simulated.")))
    { context throws(CLIError) in
        let args = try parse(context, "press", values: ["--hold", "--button"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("press").help(language)); return }
        try noArguments("press", args, language)
        var hold = 100, button = 1
        if let text = args.values["--hold"] {
            guard let n = PlainNumber.whole(text), (1...10_000).contains(n) else {
                throw .usage(Phrase(uk: "--hold має бути від 1 до 10000 мілісекунд, а не '\(text)'",
                                    en: "--hold must be 1 to 10000 milliseconds, not '\(text)'")(language))
            }
            hold = n
        }
        if let text = args.values["--button"] {
            guard let n = PlainNumber.whole(text), n == 1 || n == 2 else {
                throw .usage(Phrase(uk: "--button має бути 1 або 2, а не '\(text)'", en: "--button must be 1 or 2, not '\(text)'")(language))
            }
            button = n
        }
        let client = try DaemonClient.connect(args, context)
        // A very long press ends a calibration session: remember the segments it covered, to show their figures.
        // Only a press held that long can end one, so any other press is the press request alone.
        let covered = hold < GestureTimings().veryLong / 1_000_000 ? []
            : (try client.request(.status)["status"]?["calibration_session"]?["covered"]?.arrayValue ?? [])
                .compactMap(\.stringValue)
        // Press, then watch on the same connection: the decision comes at the earliest 400 ms after the release,
        // long after the daemon has answered the watch (it serves one connection's requests in order), and a
        // refused press (a real board) is answered before anything is watched.
        _ = try client.request(.press(holdMilliseconds: hold, button: button))
        _ = try client.request(.watch)
        // A short is known 400 ms after its release; allow the daemon a few seconds beyond that.
        let wait = Int32(max(Int(client.replyTimeoutMilliseconds), hold + 5_000))
        while true {
            let message = try client.nextMessage(timeoutMilliseconds: wait)
            guard message["event"]?.stringValue == "gesture", let outcome = message["gesture"],
                  outcome["button"]?.intValue == button else { continue }
            let text = PressView.render(outcome, language: language)
            if let refused = outcome["refused"], refused != .null {
                throw CLIError(text, exitCode: 1)
            }
            context.output.line(text)
            if outcome["action"]?.stringValue == "calibration_end" {
                let calibration = try client.request(.calibration)["calibration"] ?? .null
                context.output.write(CalibrationView.renderSession(covered: covered, calibration: calibration, language: language, names: context.stationNames))
            }
            return
        }
    }
}

/// Line ids as the rider types and reads them: `M1` in English, `М1` in Ukrainian, `m1` in the data.
enum LineLabel {
    /// The data's line id for `M1`, `m1`, `М1` or `м1` (Latin or Cyrillic M); nil for anything else.
    static func id(_ text: String) -> String? {
        guard let first = text.first, "MmМм".contains(first) else { return nil }
        let digits = text.dropFirst()
        guard digits.count == 1, let digit = digits.first, "123".contains(digit) else { return nil }
        return "m\(digit)"
    }

    /// "M1" / "М1" for a line id.
    static func text(_ id: String, _ language: Language) -> String {
        let digits = id.drop { !$0.isNumber }
        return language == .uk ? "М\(digits)" : "M\(digits)"
    }
}

/// What `metrotimer press` says once the daemon has decided the gesture.
enum PressView {
    static func render(_ outcome: JSONValue, language L: Language) -> String {
        guard let gesture = outcome["gesture"]?.stringValue else {
            return Phrase(uk: "натискання нічого не означає (між 600 мс і 1,5 с): вібрація «не можна»",
                          en: "the press means nothing (between 600 ms and 1.5 s): the 'cannot' buzz")(L)
        }
        let name: Phrase
        switch gesture {
        case "short": name = Phrase(uk: "коротке натискання", en: "short press")
        case "double": name = Phrase(uk: "подвійне натискання", en: "double press")
        case "long": name = Phrase(uk: "довге натискання", en: "long press")
        default: name = Phrase(uk: "дуже довге натискання", en: "very long press")
        }
        let action = outcome["action"]?.stringValue ?? "cannot"
        let did: Phrase
        switch action {
        case "start": did = Phrase(uk: "поїздку розпочато", en: "trip started")
        case "nextPinnedRoute": did = Phrase(uk: "вибрано наступний маршрут (закріплені, потім недавні)",
                                            en: "next route chosen (pinned, then recent)")
        case "buzzRouteStopCount": did = Phrase(uk: "провібровано кількість зупинок маршруту", en: "the route's stop count buzzed")
        case "acknowledge": did = Phrase(uk: "сигнал підтверджено", en: "alert acknowledged")
        case "trainDeparted": did = Phrase(uk: "потяг рушив: відлік від цієї миті", en: "train departed: the countdown re-anchored")
        case "plusOne": did = Phrase(uk: "+1: на станцію назад", en: "+1: one station back")
        case "minusOne": did = Phrase(uk: "−1: на станцію вперед", en: "−1: one station on")
        case "arrived": did = Phrase(uk: "я вийшов: поїздку завершено, прибуття записано", en: "I'm off: trip ended, arrival recorded")
        case "cancel": did = Phrase(uk: "поїздку скасовано", en: "trip cancelled")
        case "buzzStopsRemaining": did = Phrase(uk: "провібровано, скільки зупинок лишилось", en: "the stops remaining buzzed")
        case "calibration_press": did = Phrase(uk: "калібрування: натискання записано", en: "calibration: press recorded")
        case "calibration_end": did = Phrase(uk: "сесію калібрування завершено", en: "calibration session ended")
        default: did = Phrase(uk: "тут нічого не робить: вібрація «не можна»", en: "nothing to do here: the 'cannot' buzz")
        }
        if let refused = outcome["refused"]?[L.rawValue]?.stringValue {
            return name(L) + ": " + Phrase(uk: "дію «\(attempted(action).uk)» відхилено: \(refused)",
                                           en: "\(attempted(action).en) refused: \(refused)")(L)
        }
        return name(L) + ": " + did(L)
    }

    /// What the gesture tried, for a refusal ("start refused: no route chosen").
    static func attempted(_ action: String) -> Phrase {
        switch action {
        case "start": return Phrase(uk: "почати поїздку", en: "start")
        case "nextPinnedRoute": return Phrase(uk: "наступний маршрут", en: "next route")
        case "buzzRouteStopCount": return Phrase(uk: "кількість зупинок маршруту", en: "route stop count")
        case "trainDeparted": return Phrase(uk: "потяг рушив", en: "train departed")
        case "plusOne": return Phrase(uk: "+1", en: "+1")
        case "minusOne": return Phrase(uk: "−1", en: "−1")
        case "arrived": return Phrase(uk: "я вийшов", en: "I'm off")
        case "cancel": return Phrase(uk: "скасувати", en: "cancel")
        case "calibration_press", "calibration_end": return Phrase(uk: "калібрування", en: "calibration")
        default: return Phrase(uk: "жест", en: "gesture")
        }
    }
}
