import MetroModel

extension Command {
    /// `metrotimer plan FROM TO [--at TIME] [--json] [--lang uk|en] [--data FILE]`.
    public static let plan = Command(
        name: "plan",
        summary: "show the schedule of a ride (offline): stops, times, where to change, alerts",
        help: """
            usage: metrotimer plan FROM TO [--at TIME] [--json] [--lang uk|en] [--data FILE]

            Plans a ride from FROM to TO as if the train left FROM at TIME and prints every stop with its arrival
            and departure on the Kyiv clock, where to change lines, when each alert would fire and any service
            warning (first/last train). Nothing is started: the daemon starts a trip at the departure press.
            Stretches suspended with metrotimer suspend are refused as well when the daemon is running.

              FROM, TO       station ids or names in either language (case, accents and apostrophes ignored)
              --at TIME      ISO 8601: 2026-08-17T22:20:00 (Kyiv time), 2026-08-17T19:20:00Z, with an offset,
                             or 22:20 for today; default now
              --json         machine-readable output: from, to, start, arrival, events, alerts, service
              --lang uk|en   language of the table (default from LANG, else English)
              --data FILE    network data file (else $METROTIMER_DATA, the installed copy, the build tree)

            """,
        run: runPlan)
}

/// The plan of one ride, ready to print.
public struct PlanResult: Sendable {
    public var network: Network
    public var trip: Trip
    public var alerts: [AlertPlan]
    public var service: ServiceIssue?
}

/// Plans a ride offline on the Unix-time timeline (the model's rules; no calibration), for `plan` and for tests.
public func planRide(network: Network, from: StationID, to: StationID, atUnixSeconds t0: Int64)
    throws(PlanError) -> PlanResult
{
    let trip = try network.startTrip(from: from, to: to, t0: Instant(seconds: t0), wall: .unixTimeline,
                                     calibration: .empty)
    return PlanResult(network: network, trip: trip, alerts: trip.alerts(), service: network.serviceIssue(for: trip))
}

/// The JSON contract of `metrotimer plan --json`.
public func planJSON(_ plan: PlanResult) -> JSONText {
    let trip = plan.trip
    func time(_ instant: Instant) -> JSONText { .string(TimeText.iso(unixSeconds: trip.wall.unixSeconds(at: instant))) }
    let events: [JSONText] = trip.events.map { event in
        .object([
            ("station", .string(event.station.rawValue)), ("line", .string(event.line.rawValue)),
            ("arrival", time(event.arrival)), ("departure", time(event.departure)),
            ("stop", .bool(event.isStop)), ("transfer", .bool(event.isTransfer)),
        ])
    }
    let alerts: [JSONText] = plan.alerts.map { alert in
        .object([("kind", .string(alert.kind.rawValue)), ("at", time(alert.instant)),
                 ("station", .string(alert.station.rawValue))])
    }
    let service: JSONText = plan.service.map { issue in
        .object([("kind", .string(issue.kind.rawValue)), ("station", .string(issue.station.rawValue)),
                 ("time", .string(TimeText.iso(unixSeconds: issue.unixSeconds)))])
    } ?? .null
    return .object([
        ("from", .string(trip.from.rawValue)), ("to", .string(trip.to.rawValue)),
        ("start", time(trip.t0)), ("arrival", time(trip.arrival)),
        ("events", .array(events)), ("alerts", .array(alerts)), ("service", service),
    ])
}

/// Resolves what the rider typed to one station, or fails with suggestions.
func resolveStation(_ text: String, role: Phrase, network: Network, language: Language) throws(CLIError) -> StationID {
    func list(_ stations: [Station]) -> String {
        stations.prefix(8).map { "\($0.name(language)) (\($0.id))" }.joined(separator: ", ")
            + (stations.count > 8 ? ", …" : "")
    }
    switch network.resolve(text) {
    case .found(let station):
        return station.id
    case .ambiguous(let stations):
        throw .data(Phrase(uk: "\(role.uk) «\(text)» неоднозначна: \(list(stations))",
                           en: "\(role.en) '\(text)' is ambiguous: \(list(stations))")(language))
    case .notFound(let suggestions):
        throw .data(Phrase(uk: "немає станції «\(text)»; можливо: \(list(suggestions))",
                           en: "no station '\(text)'; did you mean: \(list(suggestions))")(language))
    }
}

private func runPlan(_ context: CommandContext) throws(CLIError) {
    let arguments = try ParsedArguments(context.arguments,
                                        spec: ArgumentSpec(valueOptions: ["--at", "--lang", "--data"],
                                                           flags: ["--json"]),
                                        command: "plan")
    if arguments.wantsHelp {
        context.output.write(Command.plan.help)
        return
    }
    let language = try arguments.language(context)
    guard arguments.positionals.count == 2 else {
        throw .usage(arguments.positionals.count < 2
            ? "needs FROM and TO stations (see: metrotimer plan --help)"
            : "takes two stations, got \(arguments.positionals.count): \(arguments.positionals.joined(separator: " "))")
    }
    let nowSeconds = floorDivide(context.now(), by: 1_000_000_000)
    let t0 = try arguments.values["--at"].map { text throws(CLIError) in try TimeText.parse(text, todayFrom: nowSeconds) }
        ?? nowSeconds
    let (dataNetwork, _) = try NetworkData.load(explicit: arguments.values["--data"], environment: context.environment,
                                                executablePath: context.executablePath)
    let network = SuspensionsView.withRunningDaemonsSuspensions(dataNetwork, context)
    let from = try resolveStation(arguments.positionals[0], role: Phrase(uk: "Станція відправлення", en: "FROM"),
                                  network: network, language: language)
    let to = try resolveStation(arguments.positionals[1], role: Phrase(uk: "Станція призначення", en: "TO"),
                                network: network, language: language)
    let plan: PlanResult
    do throws(PlanError) {
        plan = try planRide(network: network, from: from, to: to, atUnixSeconds: t0)
    } catch {
        throw .data(error.message(language, names: network))
    }
    if arguments.flags.contains("--json") {
        context.output.line(planJSON(plan).rendered())
    } else {
        context.output.write(planTable(plan, language: language))
    }
}
