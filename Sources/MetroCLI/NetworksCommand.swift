import FoundationEssentials
import MetroModel
import MetroSystem

extension Command {
    /// `metrotimer networks [--json] [--lang uk|en] [--data FILE]`.
    public static let networks = Command(
        name: "networks",
        summary: Phrase(uk: "мережі, встановлені поруч із тією, що використовується", en: "list the networks installed beside the one in use"),
        help: Phrase(
            uk: """
                використання: metrotimer networks [--json] [--lang uk|en] [--data ФАЙЛ]

                Показує файли даних мереж у теці мережі, що використовується зараз (встановлена київська, або та, яку
                названо через --data чи METROTIMER_DATA), — київську та імпортовані командою metrotimer import-gtfs:
                джерело, лінії, станції, часовий пояс і дати розкладу. Та, що використовується, позначена *.
                Файл, що має схему мережі, але не годиться, показано з причиною; інші файли JSON пропущено.

                  --json         для програм: directory, in_use, networks[]
                  --lang uk|en   мова виводу
                  --data ФАЙЛ    мережа, що використовується (її тека — та, що переглядається)

                """,
            en: """
                usage: metrotimer networks [--json] [--lang uk|en] [--data FILE]

                Lists the network data files in the folder of the network in use now (the installed Kyiv one, or the
                one --data or METROTIMER_DATA names): Kyiv's and those imported with metrotimer import-gtfs, with
                where each came from, its lines, stations, time zone and timetable dates. The one in use is marked *.
                A file that declares a network schema but cannot be used is shown with the reason; other JSON files
                are passed over.

                  --json         machine-readable output: directory, in_use, networks[]
                  --lang uk|en   language of the output
                  --data FILE    the network in use (its folder is the one listed)

                """),
        run: runNetworks)
}

/// One file of the networks folder, as `networks` shows it.
struct NetworkListing {
    var path: String
    var file: String
    var schema: Int?
    var agency: String?
    var lines = 0
    var stations = 0
    var timeZone: String?
    var validFrom: String?
    var validTo: String?
    var asOf: String?
    /// Why the file is not a network, when it is not.
    var problem: Phrase?

    /// The last part of a path.
    static func fileName(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Reads and validates one file as the commands would load it.
    init(path: String) {
        self.path = path
        file = Self.fileName(path)
        let bytes: [UInt8]
        do { bytes = try Files.read(path) } catch {
            problem = Phrase(uk: "не вдалося прочитати: \(error)", en: "cannot read: \(error)")
            return
        }
        schema = GeneralNetwork.declaredSchema(of: bytes)
        do throws(NetworkDataError) {
            if schema == 2 {
                let network = try GeneralNetwork.load(json: bytes)
                agency = network.file.provenance.agency
                lines = network.file.lines.count
                stations = network.file.stations.count
                timeZone = network.file.time_zone
                validFrom = network.file.provenance.valid_from
                validTo = network.file.provenance.valid_to
            } else {
                let network = try Network.load(json: bytes)
                lines = network.lines.count
                stations = network.stations.count
                timeZone = "Europe/Kyiv"
                asOf = network.attribution.networkAsOf
            }
        } catch {
            problem = error.phrase
        }
    }

    func text(_ L: Language) -> String {
        if let problem { return Phrase(uk: "не мережа: ", en: "not a network: ")(L) + problem(L) }
        var parts: [String] = []
        if let agency { parts.append("'\(agency)'") }
        parts.append(Phrase(uk: "схема \(schema ?? 1)", en: "schema \(schema ?? 1)")(L))
        parts.append(Phrase(uk: "\(lines) \(Plural.ukrainian(lines, one: "лінія", few: "лінії", many: "ліній"))",
                            en: "\(lines) \(Plural.english(lines, one: "line", other: "lines"))")(L))
        parts.append(Phrase(uk: "\(stations) \(Plural.ukrainian(stations, one: "станція", few: "станції", many: "станцій"))",
                            en: "\(stations) \(Plural.english(stations, one: "station", other: "stations"))")(L))
        if let timeZone { parts.append(timeZone) }
        if let validFrom, let validTo, !validFrom.isEmpty {
            parts.append(Phrase(uk: "розклад \(validFrom)…\(validTo)", en: "timetable \(validFrom)…\(validTo)")(L))
        }
        if let asOf, !asOf.isEmpty { parts.append(Phrase(uk: "дані на \(asOf)", en: "data as of \(asOf)")(L)) }
        return parts.joined(separator: ", ")
    }

    var json: JSONText {
        func optional(_ text: String?) -> JSONText { text.map { .string($0) } ?? .null }
        return .object([
            ("file", .string(file)), ("path", .string(path)), ("schema", schema.map { .number(Int64($0)) } ?? .null),
            ("agency", optional(agency)), ("lines", .number(Int64(lines))), ("stations", .number(Int64(stations))),
            ("time_zone", optional(timeZone)), ("valid_from", optional(validFrom)), ("valid_to", optional(validTo)),
            ("problem", problem.map { .string($0.en) } ?? .null),
        ])
    }
}

private func runNetworks(_ context: CommandContext) throws(CLIError) {
    let arguments = try ParsedArguments(context.arguments, spec: ArgumentSpec(valueOptions: ["--lang"], flags: ["--json"]),
                                        command: "networks", language: context.resolvedLanguage)
    let L = try arguments.language(context)
    if arguments.wantsHelp {
        context.output.write(Command.networks.help(L))
        return
    }
    guard arguments.positionals.isEmpty else {
        throw .usage(Phrase(uk: "не приймає аргументів, отримано: \(arguments.positionals.joined(separator: " "))",
                            en: "takes no arguments, got: \(arguments.positionals.joined(separator: " "))")(L))
    }
    // The network in use, found as every command finds it; its absence is reported in the same words.
    guard case .found(let inUse, _) = NetworkDataSearch.run(explicit: nil, environment: context.environment,
                                                           executablePath: context.executablePath) else {
        _ = try NetworkData.load(explicit: nil, environment: context.environment, executablePath: context.executablePath,
                                 language: L)
        return
    }
    let directory = inUse.lastIndex(of: "/").map { String(inUse[..<$0]) } ?? "."
    let inUseName = NetworkListing.fileName(inUse)
    let names: [String]
    do {
        names = try FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "/" : directory)
    } catch {
        throw CLIError(Phrase(uk: "не вдалося переглянути теку \(directory): \(error)",
                              en: "cannot list the folder \(directory): \(error)")(L), exitCode: CLIError.noInputCode)
    }
    // A JSON file that names no schema is some other data (the accuracy lab's world, say), not a network.
    let listings = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        .map { NetworkListing(path: directory + "/" + $0) }
        .filter { $0.schema != nil || $0.file == inUseName }
    if arguments.flags.contains("--json") {
        context.output.line(JSONText.object([
            ("directory", .string(directory)), ("in_use", .string(inUse)), ("networks", .array(listings.map(\.json))),
        ]).rendered())
        return
    }
    context.output.line(Phrase(uk: "Мережі в \(directory) (та, що використовується, позначена *):",
                               en: "Networks in \(directory) (the one in use marked *):")(L))
    let width = listings.map(\.file.count).max() ?? 0
    for listing in listings {
        let mark = listing.file == inUseName ? "*" : " "
        let padded = listing.file + String(repeating: " ", count: max(width - listing.file.count, 0))
        context.output.line("\(mark) \(padded)  \(listing.text(L))")
    }
    context.output.line(Phrase(uk: "Оберіть мережу через --data ФАЙЛ, METROTIMER_DATA або data_file = у налаштуваннях служби.",
                               en: "Choose one with --data FILE, METROTIMER_DATA or the daemon's data_file =.")(L))
}
