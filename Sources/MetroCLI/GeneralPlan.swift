import MetroModel
import MetroSystem

/// `metrotimer plan` on a schema 2 network (any metro, from `metrotimer import-gtfs`): the route with any number
/// of changes (`--changes N` bounds them), its schedule and alerts on the network's own clock, in the same table
/// and JSON shapes as Kyiv's plan. The timetable alone: calibration and suspensions are kept by the daemon, which
/// rides Kyiv-shaped networks only so far.
struct GeneralPlanResult {
    var network: GeneralNetwork
    var plan: GeneralPlan
    var zone: TimeZoneRules
    /// Why the plan's day is not in the feed's calendar, when it is not.
    var expired: Phrase?
}

/// The rules of a time zone from the system's tz database, or a data error beginning with `context` (the file and
/// field that named the zone) that says why not.
func zoneRules(named name: String, environment: [String: String], context: String, language L: Language)
    throws(CLIError) -> TimeZoneRules
{
    do throws(TimeZoneDatabase.RulesError) {
        return try TimeZoneDatabase.rules(named: name, environment: environment)
    } catch {
        throw .data("\(context): " + error.phrase(L))
    }
}

/// Resolves a typed station on a schema 2 network as the daemon does (`ImportedNetwork.station(named:)`), or says
/// why not in the command line's words, naming the candidates with their ids.
func resolveGeneralStation(_ text: String, role: Phrase, network: ImportedNetwork, language L: Language)
    throws(CLIError) -> StationID
{
    func listed(_ ids: [StationID]) -> String {
        ids.map { "\(network.general.name(of: $0)(L)) (\($0))" }.joined(separator: ", ")
    }
    do throws(PlanError) {
        return try network.station(named: text)
    } catch {
        switch error {
        case .ambiguousStation(_, let ids):
            throw .data(role(L) + ": " + Phrase(uk: "«\(text)» — це кілька станцій: \(listed(ids)); вкажіть id",
                                                 en: "'\(text)' names several stations: \(listed(ids)); give the id")(L))
        case .misspelledStation(_, let suggestions):
            throw .data(StationWording.unknown(text, suggestions: suggestions.map { "\(network.general.name(of: $0)(L)) (\($0))" })(L))
        case .unknownStation:
            throw .data(StationWording.unknown(text, suggestions: [])(L))
        default:
            // Not a reason a name is refused for today; worded by the model should it ever be.
            throw .data(error.message(L, names: network))
        }
    }
}

extension RoutingError {
    /// The reason in the rider's language, stations by name and id.
    func message(_ L: Language, network: GeneralNetwork) -> String {
        if case .tooManyChanges = self { return message(L) }
        return phrase(names: network)(L)
    }

    /// The reasons that name no station, in the rider's language.
    func message(_ L: Language) -> String {
        switch self {
        case .tooManyChanges(let needed, let allowed):
            return Phrase(uk: "кожен маршрут потребує щонайменше \(needed) \(Plural.ukrainian(needed, one: "пересадки", few: "пересадок", many: "пересадок")), "
                              + "дозволено \(allowed) (--changes)",
                          en: "every route needs at least \(needed) \(Plural.english(needed, one: "change", other: "changes")), "
                              + "\(allowed) allowed (--changes)")(L)
        default:
            return description
        }
    }
}

/// `--changes N`: a whole number of changes, 0 or more.
func parseChanges(_ text: String?, language L: Language) throws(CLIError) -> Int? {
    guard let text else { return nil }
    guard let n = PlainNumber.whole(text), n <= 99 else {
        throw .usage(Phrase(uk: "--changes: кількість пересадок 0–99, не «\(text)»",
                            en: "--changes: a number of changes 0–99, not '\(text)'")(L))
    }
    return n
}

/// `plan` on a schema 2 network, from the arguments `runPlan` parsed; the network comes with its zone's rules,
/// read once for the command line.
func runGeneralPlan(_ context: CommandContext, _ arguments: ParsedArguments, language L: Language,
                    imported: ImportedNetwork) throws(CLIError)
{
    let network = imported.general
    let zone = imported.zone
    let nowSeconds = floorDivide(context.now(), by: 1_000_000_000)
    var note: Phrase?
    var t0 = nowSeconds
    if let text = arguments.values["--at"] {
        let parsed = try TimeText.parseNoting(text, todayFrom: nowSeconds, language: L, zone: zone,
                                              zoneName: network.file.time_zone)
        t0 = parsed.unixSeconds
        note = parsed.note
    }
    let maxChanges = try parseChanges(arguments.values["--changes"], language: L)
    let from = try resolveGeneralStation(arguments.positionals[0], role: Phrase(uk: "Станція відправлення", en: "FROM"),
                                         network: imported, language: L)
    let to = try resolveGeneralStation(arguments.positionals[1], role: Phrase(uk: "Станція призначення", en: "TO"),
                                       network: imported, language: L)
    let service = ZonedServiceTime(unixSeconds: t0, rules: zone)
    let plan: GeneralPlan
    do throws(RoutingError) {
        plan = try network.plan(from: from, to: to, t0: Instant(seconds: t0), wall: .unixTimeline, service: service,
                                maxChanges: maxChanges)
    } catch {
        throw .data(error.message(L, network: network))
    }
    var result = GeneralPlanResult(network: network, plan: plan, zone: zone)
    let provenance = network.file.provenance
    if !provenance.valid_to.isEmpty, !provenance.valid_from.isEmpty,
       service.isoDate < provenance.valid_from || service.isoDate > provenance.valid_to {
        result.expired = Phrase(
            uk: "календар фіду охоплює \(provenance.valid_from)…\(provenance.valid_to), а \(service.isoDate) поза ним: "
                + "план за звичайним розкладом цього дня тижня",
            en: "the feed's calendar covers \(provenance.valid_from)…\(provenance.valid_to), not \(service.isoDate): "
                + "planned with its usual timetable for this day of the week")
    }
    if arguments.flags.contains("--json") {
        for text in [note, result.expired].compactMap({ $0 }) { context.output.errorLine("metrotimer plan: " + text(L)) }
        context.output.line(generalPlanJSON(result).rendered())
    } else {
        for text in [note, result.expired].compactMap({ $0 }) { context.output.line(text(L)) }
        context.output.write(generalPlanTable(result, language: L))
    }
}

/// The JSON of `plan --json` on a schema 2 network: Kyiv's fields (`line` is the feed's `route_id`, times carry the
/// network's own UTC offset), with `changes` and the network's `time_zone` added.
func generalPlanJSON(_ result: GeneralPlanResult) -> JSONText {
    let trip = result.plan.trip
    func time(_ instant: Instant) -> JSONText {
        .string(result.zone.civil(unixSeconds: trip.wall.unixSeconds(at: instant)).description)
    }
    let events: [JSONText] = trip.events.map { event in
        .object([
            ("station", .string(event.station.rawValue)), ("line", .string(event.line.rawValue)),
            ("arrival", time(event.arrival)), ("departure", time(event.departure)),
            ("stop", .bool(event.isStop)), ("transfer", .bool(event.isTransfer)),
        ])
    }
    let alerts: [JSONText] = result.plan.alerts.map { alert in
        .object([("kind", .string(alert.kind.rawValue)), ("at", time(alert.instant)),
                 ("station", .string(alert.station.rawValue))])
    }
    let service: JSONText = result.plan.serviceIssue.map { issue in
        .object([("kind", .string(issue.kind.rawValue)), ("station", .string(issue.station.rawValue)),
                 ("time", .string(result.zone.civil(unixSeconds: issue.unixSeconds).description))])
    } ?? .null
    return .object([
        ("from", .string(trip.from.rawValue)), ("to", .string(trip.to.rawValue)),
        ("start", time(trip.t0)), ("arrival", time(trip.arrival)),
        ("events", .array(events)), ("alerts", .array(alerts)), ("service", service),
        ("timings", .object([("source", .string("timetable")), ("calibrated_segments", .array([]))])),
        ("changes", .number(Int64(result.plan.route.changes))),
        ("time_zone", .string(result.network.file.time_zone)),
    ])
}
