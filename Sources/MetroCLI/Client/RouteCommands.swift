import MetroControl
import MetroModel

/// The commands that choose, pin and list routes.
extension Command {
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
            let route = try ReplyDocument.decode(StatusDocument.self, reply, field: .status, language: language).route
            context.output.line(jsonLine(route.map { JSONValue(encoding: $0) } ?? .null))
        } else {
            try context.output.write(StatusView.render(reply: reply, language: language, names: context.stationNames,
                                                       nowUnixNanoseconds: context.now()))
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
            try context.output.write(RoutesView.pinOutcome(changed, pin: pin, from: from, to: to, language: language, names: context.stationNames))
            let reply = try client.request(.routes)
            try context.output.write(RoutesView.render(ReplyDocument.decode(RoutesDocument.self, reply, field: .routes, language: language),
                                                       language: language, names: context.stationNames))
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
        if args.flags.contains("--json") { context.output.line(jsonLine(reply[field: .routes] ?? .null)) }
        else {
            try context.output.write(RoutesView.render(ReplyDocument.decode(RoutesDocument.self, reply, field: .routes, language: language),
                                                       language: language, names: context.stationNames))
        }
    }
}
