import MetroControl
import MetroModel

/// The commands that talk to `metrotimerd` over its control socket.
extension Command {
    /// All of them, in `--help` order.
    public static let daemonCommands: [Command] = [
        .route, .pin, .unpin, .routes, .start, .plus, .minus, .departed, .arrived, .cancel, .ack, .status, .journal,
        .stats, .calibration, .calibrate, .press, .suspend, .resume, .suspensions, .remind,
    ]

    static let socketHelp = "  --socket PATH   the daemon's control socket (default $METROTIMER_SOCKET, else \(DaemonClient.defaultSocket))\n"

    /// A command that sends one request and prints the glance status (or the raw reply with --json).
    static func simple(_ name: String, summary: String, help: String, request: ControlRequest) -> Command {
        Command(name: name, summary: summary,
                help: "usage: metrotimer \(name) [--json] [--lang uk|en] [--socket PATH]\n\n\(help)\n\n" + socketHelp)
        { context throws(CLIError) in
            let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket", "--lang"], flags: ["--json"]), command: name)
            if args.wantsHelp { context.output.write(Command.named(name).help); return }
            guard args.positionals.isEmpty else { throw .usage("'\(name)' takes no arguments (got '\(args.positionals[0])')") }
            let language = try args.language(context)
            let client = try DaemonClient.connect(args, context)
            let reply = try client.request(request)
            if args.flags.contains("--json") {
                context.output.line(jsonLine(reply["status"] ?? reply))
            } else if let status = reply["status"] {
                context.output.write(StatusView.render(status, language: language, nowUnixNanoseconds: context.now()))
            }
        }
    }

    static func named(_ name: String) -> Command { daemonCommands.first { $0.name == name }! }

    static let start = simple("start", summary: "start the chosen route now (as the train pulls out)",
                              help: "Starts the chosen route with t0 = now. On the board, the button press does this with the edge's kernel timestamp.",
                              request: .start)
    static let plus = simple("plus", summary: "+1: the train is behind (I am one station earlier)",
                             help: "The model is ahead of the train: move it back one station.", request: .plus)
    static let minus = simple("minus", summary: "−1: the train is ahead (I am already at the next station)",
                              help: "The model lags the train: move it on one station.", request: .minus)
    static let departed = simple("departed", summary: "the train on the new line just departed (while changing lines)",
                                 help: "After a change, press as the new train pulls out: the countdown re-anchors to now.",
                                 request: .departed)
    static let arrived = simple("arrived", summary: "I'm off: end the trip and record the true arrival",
                                help: "Ends the trip as 'arrived'; the journal keeps the confirmed time.", request: .arrived)
    static let cancel = simple("cancel", summary: "abandon the trip",
                               help: "Ends the trip as 'stopped'.", request: .cancel)
    static let ack = Command(
        name: "ack", summary: "acknowledge a buzzing alert (stops the arrival alarm's repeats)",
        help: "usage: metrotimer ack [--json] [--lang uk|en] [--socket PATH]\n\n"
            + "Stops the buzzing alert (the repeating 'get off now' alarm, a reminder's 'time to go'), as a short press\n"
            + "would; says so when nothing was buzzing.\n\n" + socketHelp)
    { context throws(CLIError) in
        guard case let (args, language)? = try featureArguments(context, "ack") else { return }
        guard args.positionals.isEmpty else { throw .usage("'ack' takes no arguments (got '\(args.positionals[0])')") }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.acknowledge)
        if args.flags.contains("--json") { context.output.line(jsonLine(reply["status"] ?? reply)); return }
        context.output.line(reply["acknowledged"]?.boolValue == true
            ? Phrase(uk: "сигнал вимкнено", en: "alert silenced")(language)
            : Phrase(uk: "нічого не вібрувало (нічого не змінено)", en: "nothing was buzzing (nothing changed)")(language))
    }

    static let route = Command(
        name: "route", summary: "choose the route (FROM TO) or show the chosen one",
        help: "usage: metrotimer route [FROM TO] [--json] [--lang uk|en] [--socket PATH]\n\n"
            + "With FROM and TO (station ids or names in either language), chooses the route the next start rides.\n"
            + "Choosing never starts a trip: the start is the button press as the train pulls out.\n\n" + socketHelp)
    { context throws(CLIError) in
        let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket", "--lang"], flags: ["--json"]), command: "route")
        if args.wantsHelp { context.output.write(Command.named("route").help); return }
        let request: ControlRequest
        switch args.positionals.count {
        case 0: request = .showRoute
        case 2: request = .chooseRoute(from: args.positionals[0], to: args.positionals[1])
        default: throw .usage("'route' takes FROM and TO, or nothing to show the chosen route")
        }
        let language = try args.language(context)
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(request)
        if args.flags.contains("--json") {
            context.output.line(jsonLine(reply["status"]?["route"] ?? .null))
        } else if let status = reply["status"] {
            context.output.write(StatusView.render(status, language: language, nowUnixNanoseconds: context.now()))
        }
    }

    static func pinCommand(_ name: String, pin: Bool) -> Command {
        Command(name: name, summary: pin ? "pin a route (at most 6; double press cycles through them)" : "unpin a route",
                help: "usage: metrotimer \(name) FROM TO [--lang uk|en] [--socket PATH]\n\n"
                    + (pin ? "Pins a route for the double press (newest first). A seventh pin makes room by unpinning the\n"
                        + "oldest, and says which; pinning a pinned route changes nothing.\n\n"
                        : "Unpins a route; a route that was not pinned is named as such and nothing changes.\n\n")
                    + socketHelp)
        { context throws(CLIError) in
            let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket", "--lang"]), command: name)
            if args.wantsHelp { context.output.write(Command.named(name).help); return }
            guard args.positionals.count == 2 else { throw .usage("'\(name)' takes FROM and TO") }
            let language = try args.language(context)
            let client = try DaemonClient.connect(args, context)
            let from = args.positionals[0], to = args.positionals[1]
            let changed = try client.request(pin ? .pin(from: from, to: to) : .unpin(from: from, to: to))
            context.output.write(RoutesView.pinOutcome(changed, pin: pin, from: from, to: to, language: language))
            let reply = try client.request(.routes)
            context.output.write(RoutesView.render(reply["routes"] ?? .null))
        }
    }
    static let pin = pinCommand("pin", pin: true)
    static let unpin = pinCommand("unpin", pin: false)

    static let routes = Command(
        name: "routes", summary: "the chosen, pinned and recent routes",
        help: "usage: metrotimer routes [--json] [--socket PATH]\n\n" + socketHelp)
    { context throws(CLIError) in
        let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket"], flags: ["--json"]), command: "routes")
        if args.wantsHelp { context.output.write(Command.named("routes").help); return }
        guard args.positionals.isEmpty else { throw .usage("'routes' takes no arguments (got '\(args.positionals[0])')") }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.routes)
        if args.flags.contains("--json") { context.output.line(jsonLine(reply["routes"] ?? .null)) }
        else { context.output.write(RoutesView.render(reply["routes"] ?? .null)) }
    }

    static let status = Command(
        name: "status", summary: "the glance view: next stop, stops left, countdown, alerts",
        help: "usage: metrotimer status [--json] [--watch] [--lang uk|en] [--socket PATH]\n\n"
            + "--json prints the documented status object; --watch keeps the connection and prints again each time the\n"
            + "status changes (a station passes or a correction applies), never on a timer.\n\n" + socketHelp)
    { context throws(CLIError) in
        let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket", "--lang"], flags: ["--json", "--watch"]), command: "status")
        if args.wantsHelp { context.output.write(Command.named("status").help); return }
        guard args.positionals.isEmpty else { throw .usage("'status' takes no arguments") }
        let language = try args.language(context)
        let client = try DaemonClient.connect(args, context)
        let json = args.flags.contains("--json")
        func show(_ status: JSONValue) {
            if json { context.output.line(jsonLine(status)) }
            else { context.output.write(StatusView.render(status, language: language, nowUnixNanoseconds: context.now())) }
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
        name: "journal", summary: "ended trips, newest first",
        help: "usage: metrotimer journal [--json] [--limit N] [--socket PATH]\n\n" + socketHelp)
    { context throws(CLIError) in
        let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket", "--limit"], flags: ["--json"]), command: "journal")
        if args.wantsHelp { context.output.write(Command.named("journal").help); return }
        guard args.positionals.isEmpty else { throw .usage("'journal' takes no arguments (got '\(args.positionals[0])')") }
        var limit = 100
        if let text = args.values["--limit"] {
            guard let n = Int(text), (1...10_000).contains(n) else { throw .usage("--limit must be a number from 1 to 10000, not '\(text)'") }
            limit = n
        }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.journal(limit: limit))
        let entries = reply["journal"] ?? .array([])
        if args.flags.contains("--json") { context.output.line(jsonLine(entries)) }
        else { context.output.write(JournalView.render(entries)) }
    }

    static let stats = Command(
        name: "stats", summary: "accuracy figures from the journal",
        help: "usage: metrotimer stats [--json] [--lang uk|en] [--socket PATH]\n"
            + "       metrotimer stats --year YYYY [--json] [--svg FILE] [--lang uk|en]\n\n"
            + "error = confirmed − final arrival: positive means the countdown ran fast (the safe side).\n"
            + "Arrival accuracy: late \"yours is next\" (\"I'm off\" before it sounded), confirmed − planned arrival,\n"
            + "per direction and time of day; an \"I'm off\" far outside any plausible arrival is set aside and counted.\n"
            + "--year: rides, time underground, stations, lines, the most frequent route, the earliest and latest\n"
            + "ride and the accuracy that year; --svg FILE also writes it as a card to keep or share.\n\n" + socketHelp)
    { context throws(CLIError) in
        let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket", "--year", "--svg", "--lang"], flags: ["--json"]), command: "stats")
        if args.wantsHelp { context.output.write(Command.named("stats").help); return }
        guard args.positionals.isEmpty else { throw .usage("'stats' takes no arguments (got '\(args.positionals[0])')") }
        if args.values["--year"] != nil || args.values["--svg"] != nil {
            guard args.values["--year"] != nil else { throw .usage("--svg needs --year YYYY") }
            try YearCommand.run(args, context, language: try args.language(context))
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
            context.output.write(JournalView.renderStats(stats, language: try args.language(context)))
            context.output.write(AccuracyView.render(reply["accuracy"], language: try args.language(context)))
        }
    }

    static let calibration = Command(
        name: "calibration", summary: "per-segment calibration averages and sample counts (--reset clears)",
        help: "usage: metrotimer calibration [--json] [--reset] [--socket PATH]\n\n" + socketHelp)
    { context throws(CLIError) in
        let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket"], flags: ["--json", "--reset"]), command: "calibration")
        if args.wantsHelp { context.output.write(Command.named("calibration").help); return }
        guard args.positionals.isEmpty else { throw .usage("'calibration' takes no arguments (got '\(args.positionals[0])')") }
        let client = try DaemonClient.connect(args, context)
        if args.flags.contains("--reset") { _ = try client.request(.resetCalibration) }
        let reply = try client.request(.calibration)
        let doc = reply["calibration"] ?? .null
        if args.flags.contains("--json") { context.output.line(jsonLine(doc)) }
        else { context.output.write(CalibrationView.render(doc)) }
    }

    static let calibrate = Command(
        name: "calibrate", summary: "calibration mode: LINE DIRECTION FROM, then press at every departure and stop",
        help: "usage: metrotimer calibrate LINE forward|backward FROM [--socket PATH]\n"
            + "       metrotimer calibrate --end\n\n"
            + "While the session runs, a short press records a departure or a stop (alternately, starting with the\n"
            + "departure from FROM); a very long press (4 s) or --end finishes it. The raw presses are stored.\n\n" + socketHelp)
    { context throws(CLIError) in
        let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket"], flags: ["--end"]), command: "calibrate")
        if args.wantsHelp { context.output.write(Command.named("calibrate").help); return }
        if args.flags.contains("--end") {
            guard args.positionals.isEmpty else { throw .usage("'calibrate --end' takes no arguments") }
            let client = try DaemonClient.connect(args, context)
            _ = try client.request(.endCalibration)
            context.output.line("calibration session ended")
            return
        }
        guard args.positionals.count == 3 else { throw .usage("'calibrate' takes LINE DIRECTION FROM (e.g. m1 forward lisova)") }
        guard ["forward", "backward"].contains(args.positionals[1]) else {
            throw .usage("DIRECTION must be forward or backward, not '\(args.positionals[1])'")
        }
        // Arguments first: a mistyped command gets its usage error whether or not the daemon runs.
        let client = try DaemonClient.connect(args, context)
        _ = try client.request(.calibrate(line: args.positionals[0], direction: args.positionals[1], from: args.positionals[2]))
        context.output.line("calibration session started: press as the train leaves \(args.positionals[2]), then at each stop")
    }

    static let press = Command(
        name: "press", summary: "simulated board only: press the button",
        help: "usage: metrotimer press [--hold MS] [--button 1|2] [--socket PATH]\n\n"
            + "A press held MS milliseconds (default 100): <600 short, two shorts within 400 ms double, ≥1500 long,\n"
            + "≥4000 very long. Accepted only when metrotimerd runs with hardware = simulated.\n\n" + socketHelp)
    { context throws(CLIError) in
        let args = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--socket", "--hold", "--button"]), command: "press")
        if args.wantsHelp { context.output.write(Command.named("press").help); return }
        guard args.positionals.isEmpty else { throw .usage("'press' takes no arguments") }
        var hold = 100, button = 1
        if let text = args.values["--hold"] {
            guard let n = Int(text), (1...10_000).contains(n) else { throw .usage("--hold must be 1 to 10000 milliseconds, not '\(text)'") }
            hold = n
        }
        if let text = args.values["--button"] {
            guard let n = Int(text), n == 1 || n == 2 else { throw .usage("--button must be 1 or 2, not '\(text)'") }
            button = n
        }
        let client = try DaemonClient.connect(args, context)
        _ = try client.request(.press(holdMilliseconds: hold, button: button))
    }
}
