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
                У мережі, імпортованій командою metrotimer import-gtfs, кожна станція йде з лініями, що на ній
                зупиняються, а ЗАПИТ шукає також в id платформ.

                  --ids          лише id станцій, по одному в рядку
                  --lang uk|en   назви однією мовою (типово обома)
                  --data ФАЙЛ    файл даних мережі

                """,
            en: """
                usage: metrotimer stations [QUERY] [--ids] [--lang uk|en] [--data FILE]

                Lists every station (line by line, in forward order) or those matching QUERY, best match first.
                QUERY matches the Ukrainian or English name or the id; case, accents and apostrophes are ignored.
                Lines are shown as M1, M2, M3 (calibrate takes them as M1 or m1, and in Ukrainian spelling).
                On a network imported with metrotimer import-gtfs each station comes with the lines that stop there,
                and QUERY matches platform ids too.

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
    if let (network, _) = try NetworkData.generalNetwork(context: context, language: language ?? context.resolvedLanguage) {
        try listGeneralStations(network, query: arguments.positionals.first ?? "", idsOnly: arguments.flags.contains("--ids"),
                                language: language, context: context)
        return
    }
    let (network, _) = try NetworkData.load(context: context,
                                            language: language ?? context.resolvedLanguage)
    let query = arguments.positionals.first ?? ""
    let found = network.search(query)
    guard !found.isEmpty else {
        let shown = network.resolve(query).suggestions.map { "\($0.name(language ?? .en)) (\($0.id))" }
        throw .data(StationWording.noMatch(query, suggestions: shown)(language ?? context.resolvedLanguage))
    }
    if arguments.flags.contains("--ids") {
        for station in found { context.output.line(station.id.rawValue) }
        return
    }
    let width = found.map(\.id.rawValue.count).max() ?? 0
    for station in found {
        let label = LineLabel.text(station.line.rawValue, language ?? .en)
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

/// `stations` on a schema 2 network: every station in the file's order, or those whose id, platform id or name
/// (folded) contains QUERY, each with the lines that call at it.
private func listGeneralStations(_ network: GeneralNetwork, query: String, idsOnly: Bool, language: Language?,
                                 context: CommandContext) throws(CLIError) {
    let folded = StationSearch.fold(query)
    var linesAt: [String: [String]] = [:]
    for line in network.file.lines {
        for station in Set(line.patterns.flatMap(\.stations)) { linesAt[station, default: []].append(line.id) }
    }
    let found = network.file.stations.filter { station in
        folded.isEmpty || ([station.id, station.uk, station.en] + station.aliases).contains { StationSearch.fold($0).contains(folded) }
    }
    guard !found.isEmpty else {
        let L = language ?? context.resolvedLanguage
        var suggestions: [StationID] = []
        if case .unknown(let nearest) = network.resolve(query) { suggestions = nearest }
        let shown = suggestions.map { "\(network.name(of: $0)(L)) (\($0))" }
        throw .data(StationWording.noMatch(query, suggestions: shown)(L))
    }
    let width = found.map(\.id.count).max() ?? 0
    for station in found {
        if idsOnly {
            context.output.line(station.id)
            continue
        }
        let names: String
        switch language {
        case .some(let l): names = Phrase(uk: station.uk, en: station.en)(l)
        case .none: names = station.uk == station.en ? station.en : "\(station.uk) / \(station.en)"
        }
        let lines = (linesAt[station.id] ?? []).joined(separator: ", ")
        let padding = String(repeating: " ", count: width - station.id.count)
        context.output.line("\(station.id)\(padding)  \(names)  [" + Phrase(uk: "лінії", en: "lines")(language ?? .en) + " \(lines)]")
    }
}
