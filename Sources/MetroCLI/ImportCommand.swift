import FoundationEssentials
import MetroGTFS
import MetroGTFSFiles
import MetroModel
import MetroSystem

extension Command {
    /// `metrotimer import-gtfs FEED --out FILE [--route-types 1,2,12] [--routes ID,…]`.
    public static let importGTFS = Command(
        name: "import-gtfs",
        summary: Phrase(uk: "зробити файл даних мережі з фіду GTFS будь-якого метро",
                        en: "make a network data file from any metro's GTFS feed"),
        help: Phrase(
            uk: """
                використання: metrotimer import-gtfs ФІД --out ФАЙЛ [--route-types 1,12] [--routes ІД,…]

                Читає фід GTFS (архів .zip або тека з його файлами) без мережі й пише файл даних мережі (схема 2),
                який читають metrotimer --data ФАЙЛ і демон (data_file =). Файл пишеться цілим або ніяк: якщо фід
                зіпсований, повідомлення називає файл, рядок і поле, і нічого не записано.

                  --out ФАЙЛ          куди записати файл мережі
                  --route-types T,…   які типи маршрутів узяти (типово метро: 1, 12, 400–403, 405; 2 — приміські поїзди)
                  --routes ІД,…       лише ці маршрути (route_id), будь-якого типу

                """,
            en: """
                usage: metrotimer import-gtfs FEED --out FILE [--route-types 1,12] [--routes ID,…]

                Reads a GTFS feed (a .zip archive or a folder of its files), offline, and writes the network data file
                (schema 2) that metrotimer --data FILE and the daemon (data_file =) read. The file is written whole or
                not at all: when the feed is broken the message names the file, line and field, and nothing is written.

                  --out FILE          where to write the network file
                  --route-types T,…   the route types to take (default metro: 1, 12, 400–403, 405; 2 is suburban rail)
                  --routes ID,…       only these routes (route_id), whatever their type

                """),
        run: runImportGTFS)
}

private func runImportGTFS(_ context: CommandContext) throws(CLIError) {
    let language = context.resolvedLanguage
    let arguments = try ParsedArguments(context.arguments,
                                        spec: ArgumentSpec(valueOptions: ["--out", "--route-types", "--routes", "--lang"], flags: []),
                                        command: "import-gtfs", language: language)
    let L = try arguments.language(context)
    if arguments.wantsHelp {
        context.output.write(Command.importGTFS.help(L))
        return
    }
    guard arguments.positionals.count == 1 else {
        throw .usage(Phrase(uk: "потрібен один ФІД (архів .zip або тека), отримано \(arguments.positionals.count)",
                            en: "needs one FEED (a .zip archive or a folder), got \(arguments.positionals.count)")(L))
    }
    guard let out = arguments.values["--out"], !out.isEmpty else {
        throw .usage(Phrase(uk: "потрібен --out ФАЙЛ: куди записати файл мережі", en: "needs --out FILE: where to write the network file")(L))
    }
    var options = ImportOptions()
    if let text = arguments.values["--route-types"] {
        var types: Set<Int> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let type = Int(part), (0...1799).contains(type) else {
                throw .usage(Phrase(uk: "--route-types: «\(part)» — не тип маршруту GTFS (число від 0 до 1799)",
                                    en: "--route-types: '\(part)' is not a GTFS route type (a number from 0 to 1799)")(L))
            }
            types.insert(type)
        }
        options.routeTypes = types
    }
    if let text = arguments.values["--routes"] {
        let ids = text.split(separator: ",").map(String.init).filter { !$0.isEmpty }
        guard !ids.isEmpty else { throw .usage(Phrase(uk: "--routes потребує хоч один route_id", en: "--routes needs at least one route_id")(L)) }
        options.routeIDs = Set(ids)
    }

    let path = arguments.positionals[0]
    let source: FeedSource
    do { source = try FeedSource.open(path: path) } catch {
        throw CLIError(error.reason(L), exitCode: CLIError.noInputCode)
    }
    // The import's date, as the file records it: the UTC date, since the feed's zone is not known yet.
    let (year, month, day) = KyivTime.civilFromDays(floorDivide(floorDivide(context.now(), by: 1_000_000_000), by: 86_400))
    let result: ImportResult
    do {
        result = try FeedImport.run(source: source, options: options, imported: ServiceDate(year: year, month: month, day: day))
    } catch {
        throw .data("\(path): \(error.phrase(L))")
    }
    // The feed's zone must be one the tz database knows, or no time in the file could be placed.
    _ = try zoneRules(named: result.file.time_zone, environment: context.environment, context: "\(path): agency.txt", language: L)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let bytes: [UInt8]
    do { bytes = Array(try encoder.encode(result.file)) + [0x0A] } catch {
        throw .data(Phrase(uk: "не вдалося записати JSON: \(error)", en: "cannot encode the network file: \(error)")(L))
    }
    do { try Files.replace(out, with: bytes) } catch {
        throw CLIError(Phrase(uk: error.ukrainian("запис \(out)"), en: "\(error)")(L), exitCode: CLIError.cannotCreateCode)
    }
    context.output.line(result.summary.phrase(L))
    context.output.line(Phrase(uk: "записано \(out) (\(bytes.count) байтів)", en: "wrote \(out) (\(bytes.count) bytes)")(L))
}
