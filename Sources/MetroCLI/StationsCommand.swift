import MetroModel

extension Command {
    /// `metrotimer stations [QUERY] [--ids] [--lang uk|en] [--data FILE]`.
    public static let stations = Command(
        name: "stations",
        summary: Phrase(uk: "список станцій або пошук за назвою чи id", en: "list stations, or search them by name or id"),
        help: Phrase(
            uk: """
                використання: metrotimer stations [ЗАПИТ] [--ids] [--lang uk|en] [--data ФАЙЛ]

                Показує всі станції (лінія за лінією, у прямому напрямку) або ті, що відповідають ЗАПИТУ, найкращі першими.
                ЗАПИТ шукає в українській чи англійській назві або в id; регістр, наголоси й апострофи не важать.
                Лінії позначено М1, М2, М3 (у calibrate їх можна писати M1, м1 або m1).

                  --ids          лише id станцій, по одному в рядку
                  --lang uk|en   назви однією мовою (типово обома)
                  --data ФАЙЛ    файл даних мережі

                """,
            en: """
                usage: metrotimer stations [QUERY] [--ids] [--lang uk|en] [--data FILE]

                Lists every station (line by line, in forward order) or those matching QUERY, best match first.
                QUERY matches the Ukrainian or English name or the id; case, accents and apostrophes are ignored.
                Lines are shown as M1, M2, M3 (calibrate takes them as M1 or m1, and in Ukrainian spelling).

                  --ids          print only the station ids, one per line
                  --lang uk|en   show names in one language (default: both)
                  --data FILE    network data file

                """),
        run: runStations)
}

private func runStations(_ context: CommandContext) throws(CLIError) {
    let arguments = try ParsedArguments(context.arguments,
                                        spec: ArgumentSpec(valueOptions: ["--lang"], flags: ["--ids"]),
                                        command: "stations", language: context.resolvedLanguage)
    if arguments.wantsHelp {
        context.output.write(Command.stations.help(try arguments.language(context)))
        return
    }
    let language: Language? = arguments.values["--lang"] == nil && context.language == nil
        ? nil : try arguments.language(context)
    guard arguments.positionals.count <= 1 else {
        throw .usage(Phrase(uk: "приймає щонайбільше один ЗАПИТ, отримано \(arguments.positionals.count) (назву з пробілами беріть у лапки)",
                            en: "takes at most one QUERY, got \(arguments.positionals.count) (quote a name with spaces)")(language ?? context.resolvedLanguage))
    }
    let (network, _) = try NetworkData.load(context: context,
                                            language: language ?? context.resolvedLanguage)
    let query = arguments.positionals.first ?? ""
    let found = network.search(query)
    guard !found.isEmpty else {
        let shown = network.resolve(query).suggestions.map { "\($0.name(language ?? .en)) (\($0.id))" }
        throw .data(Phrase(uk: "жодна станція не відповідає «\(query)»; можливо: \(shown.joined(separator: ", "))",
                           en: "no station matches '\(query)'; did you mean: \(shown.joined(separator: ", "))")(language ?? context.resolvedLanguage))
    }
    if arguments.flags.contains("--ids") {
        for station in found { context.output.line(station.id.rawValue) }
        return
    }
    let width = found.map(\.id.rawValue.count).max() ?? 0
    for station in found {
        let digits = station.line.rawValue.drop { !$0.isNumber }
        let label = language == .uk ? "М\(digits)" : "M\(digits)"
        let names: String
        switch language {
        case .some(let l): names = station.name(l)
        case .none: names = station.name.uk == station.name.en ? station.name.en : "\(station.name.uk) / \(station.name.en)"
        }
        var flags: [String] = []
        if station.isSurface { flags.append(Phrase(uk: "наземна", en: "surface")(language ?? .en)) }
        if station.isClosed { flags.append(Phrase(uk: "закрита", en: "closed")(language ?? .en)) }
        let padding = String(repeating: " ", count: width - station.id.rawValue.count)
        context.output.line("\(label)  \(station.id)\(padding)  \(names)" + (flags.isEmpty ? "" : "  [\(flags.joined(separator: ", "))]"))
    }
}
