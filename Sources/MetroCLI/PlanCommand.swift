import MetroModel

extension Command {
    /// `metrotimer plan FROM TO [--at TIME] [--json] [--lang uk|en] [--data FILE] [--timetable] [--socket PATH]`.
    public static let plan = Command(
        name: "plan",
        summary: Phrase(uk: "розклад поїздки (без служби): зупинки, час, де пересідати, сигнали",
                        en: "show the schedule of a ride (offline): stops, times, where to change, alerts"),
        help: Phrase(
            uk: """
                використання: metrotimer plan ЗВІДКИ КУДИ [--at ЧАС] [--changes N] [--json] [--lang uk|en] [--data ФАЙЛ] [--timetable]

                Планує поїздку від ЗВІДКИ до КУДИ так, ніби потяг рушив зі ЗВІДКИ о ЧАС, і виводить кожну зупинку з
                прибуттям і відправленням за київським годинником, де пересідати, коли спрацює кожен сигнал і
                попередження про години руху (перший/останній потяг). Нічого не починає: поїздку починає натискання.
                Час руху й стоянок береться з вашого калібрування, якщо служба metrotimerd доступна, інакше з розкладу;
                план каже, що використано. У день переведення годинника біля кожного часу стоїть EEST або EET.
                Перегони, призупинені командою metrotimer suspend, теж відхиляються, коли служба працює.
                У мережі, імпортованій командою metrotimer import-gtfs, маршрут може мати скільки завгодно пересадок,
                час — за годинником цієї мережі, розклад — з фіду (калібрування поки немає).

                  ЗВІДКИ, КУДИ   id станцій або назви будь-якою мовою (регістр, наголоси й апострофи не важать)
                  --at ЧАС       ISO 8601: 2026-08-17T22:20:00 (київський час), 2026-08-17T19:20:00Z, зі зсувом,
                                 або 22:20 сьогодні; типово зараз
                  --changes N    не більше N пересадок (типово скільки завгодно; у Києві маршрут має щонайбільше одну)
                  --json         для програм: ті самі поля JSON, що й англійською (див. --lang en)
                  --lang uk|en   мова таблиці (перед командою або після неї; типово з LANG, інакше англійська)
                  --data ФАЙЛ    файл даних мережі (інакше $METROTIMER_DATA, встановлена копія, дерево збірки)
                  --timetable    лише розклад, без калібрування
                  --socket ШЛЯХ  сокет служби, у якої спитати калібрування й призупинення (типово $METROTIMER_SOCKET)

                """,
            en: """
                usage: metrotimer plan FROM TO [--at TIME] [--changes N] [--json] [--lang uk|en] [--data FILE] [--timetable]

                Plans a ride from FROM to TO as if the train left FROM at TIME and prints every stop with its arrival
                and departure on the Kyiv clock, where to change lines, when each alert would fire and any service
                warning (first/last train). Nothing is started: the daemon starts a trip at the departure press.
                Running times and dwells come from your calibration when metrotimerd can be asked, else from the
                timetable; the plan says which. On a clock-change day each time carries EEST or EET.
                Stretches suspended with metrotimer suspend are refused as well when the daemon is running.
                On a network imported with metrotimer import-gtfs the route may change any number of times, times
                are on that network's clock and the feed's timetable is used (no calibration yet).

                  FROM, TO       station ids or names in either language (case, accents and apostrophes ignored)
                  --at TIME      ISO 8601: 2026-08-17T22:20:00 (Kyiv time), 2026-08-17T19:20:00Z, with an offset,
                                 or 22:20 for today; default now
                  --changes N    at most N changes (default any number; a Kyiv route has at most one)
                  --json         machine-readable output: from, to, start, arrival, events, alerts, service, timings
                  --lang uk|en   language of the table (before or after the command; default from LANG, else English)
                  --data FILE    network data file (else $METROTIMER_DATA, the installed copy, the build tree)
                  --timetable    the timetable only, no calibration
                  --socket PATH  the daemon to ask for the calibration and suspensions (default $METROTIMER_SOCKET)

                """),
        run: runPlan)
}

/// The plan of one ride, ready to print.
public struct PlanResult: Sendable {
    public var network: Network
    public var trip: Trip
    public var alerts: [AlertPlan]
    public var service: ServiceIssue?
    /// Where the timings came from.
    public var timings: PlanTimings = .timetable(reason: nil)
}

/// Which running times and dwells a plan used.
public enum PlanTimings: Sendable, Equatable {
    /// The timetable seed only; `reason` says why not the calibration (nil: it was not asked for).
    case timetable(reason: Phrase?)
    /// The stored calibration, which covers these segments of the route (`from>to`); the rest is the timetable.
    case calibration(segments: [SegmentKey])
}

/// Plans a ride offline on the Unix-time timeline (the model's rules), for `plan` and for tests.
public func planRide(network: Network, from: StationID, to: StationID, atUnixSeconds t0: Int64,
                     calibration: CalibrationStore = .empty)
    throws(PlanError) -> PlanResult
{
    let trip = try network.startTrip(from: from, to: to, t0: Instant(seconds: t0), wall: .unixTimeline,
                                     calibration: calibration)
    return PlanResult(network: network, trip: trip, alerts: trip.alerts(), service: network.serviceIssue(for: trip))
}

/// The route's segments the calibration has a figure for (running time or dwell of that exact direction).
func calibratedSegments(of trip: Trip, in calibration: CalibrationStore) -> [SegmentKey] {
    zip(trip.events, trip.events.dropFirst()).compactMap { previous, next in
        let key = SegmentKey(from: previous.station, to: next.station)
        return calibration.record(for: key) == nil ? nil : key
    }
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
    let timings: JSONText
    switch plan.timings {
    case .timetable:
        timings = .object([("source", .string("timetable")), ("calibrated_segments", .array([]))])
    case .calibration(let segments):
        timings = .object([("source", .string("calibration")),
                           ("calibrated_segments", .array(segments.map { .string($0.description) }))])
    }
    return .object([
        ("from", .string(trip.from.rawValue)), ("to", .string(trip.to.rawValue)),
        ("start", time(trip.t0)), ("arrival", time(trip.arrival)),
        ("events", .array(events)), ("alerts", .array(alerts)), ("service", service), ("timings", timings),
    ])
}

/// Resolves what the rider typed to one station by the daemon's rule (`Network.station(named:)`), saying which of
/// the two stations it was. An ambiguous name is refused in the daemon's words; a name that is no station keeps
/// this command's own wording, which quotes the typed text and lists the suggestions with their ids.
func resolveStation(_ text: String, role: Phrase, network: Network, language: Language) throws(CLIError) -> StationID {
    do { return try network.station(named: text) } catch {
        switch error {
        case .unknownStation, .misspelledStation:
            let list = network.resolve(text).suggestions.map { "\($0.name(language)) (\($0.id))" }
            throw .data(StationWording.unknown(text, suggestions: list)(language))
        default:
            throw .data(role(language) + ": " + error.message(language, names: network))
        }
    }
}

private func runPlan(_ context: CommandContext) throws(CLIError) {
    let L = context.resolvedLanguage
    let arguments = try ParsedArguments(context.arguments,
                                        spec: ArgumentSpec(valueOptions: ["--at", "--lang", "--socket", "--changes"],
                                                           flags: ["--json", "--timetable"]),
                                        command: "plan", language: L)
    let language = try arguments.language(context)
    if arguments.wantsHelp {
        context.output.write(Command.plan.help(language))
        return
    }
    guard arguments.positionals.count == 2 else {
        throw .usage(arguments.positionals.count < 2
            ? Phrase(uk: "потрібні станції ЗВІДКИ і КУДИ (див. metrotimer plan --help)",
                     en: "needs FROM and TO stations (see: metrotimer plan --help)")(language)
            : Phrase(uk: "потрібні дві станції, отримано \(arguments.positionals.count): \(arguments.positionals.joined(separator: " "))",
                     en: "takes two stations, got \(arguments.positionals.count): \(arguments.positionals.joined(separator: " "))")(language))
    }
    // A network imported from a GTFS feed (schema 2) plans by its own rules and clock.
    if let (network, _) = try NetworkData.importedNetwork(context: context, language: language) {
        try runGeneralPlan(context, arguments, language: language, imported: network)
        return
    }
    let maxChanges = try parseChanges(arguments.values["--changes"], language: language)
    let nowSeconds = floorDivide(context.now(), by: 1_000_000_000)
    var note: Phrase?
    let t0: Int64
    if let text = arguments.values["--at"] {
        let parsed = try TimeText.parseNoting(text, todayFrom: nowSeconds, language: language)
        t0 = parsed.unixSeconds
        note = parsed.note
    } else {
        t0 = nowSeconds
    }
    let (dataNetwork, _) = try NetworkData.load(context: context, language: language)
    let network = SuspensionsView.withRunningDaemonsSuspensions(dataNetwork, socketOption: arguments.values["--socket"],
                                                                context)
    let from = try resolveStation(arguments.positionals[0], role: Phrase(uk: "Станція відправлення", en: "FROM"),
                                  network: network, language: language)
    let to = try resolveStation(arguments.positionals[1], role: Phrase(uk: "Станція призначення", en: "TO"),
                                network: network, language: language)
    // The rider's own measurements, from the daemon that keeps them (the plan works without one).
    var calibration = CalibrationStore.empty
    var unavailable: Phrase?
    if !arguments.flags.contains("--timetable") {
        switch RunningDaemonCalibration.ask(socketOption: arguments.values["--socket"], environment: context.environment,
                                     language: language) {
        case .success(let store): calibration = store
        case .failure(let failure): unavailable = failure.reason
        }
    }
    var plan: PlanResult
    do throws(PlanError) {
        plan = try planRide(network: network, from: from, to: to, atUnixSeconds: t0, calibration: calibration)
    } catch {
        throw .data(error.message(language, names: network))
    }
    // Kyiv's routes change at most once: a bound below the route's changes refuses it, as the general planner does.
    let changes = plan.trip.events.dropLast().filter(\.isTransfer).count
    if let maxChanges, changes > maxChanges {
        throw .data(RoutingError.tooManyChanges(needed: changes, allowed: maxChanges).message(language))
    }
    let segments = calibratedSegments(of: plan.trip, in: calibration)
    if arguments.flags.contains("--timetable") {
        plan.timings = .timetable(reason: Phrase(uk: "--timetable", en: "--timetable"))
    } else if let unavailable {
        plan.timings = .timetable(reason: unavailable)
    } else if segments.isEmpty {
        plan.timings = .timetable(reason: Phrase(uk: "жоден перегін цього маршруту ще не калібровано",
                                                 en: "no segment of this route is calibrated yet"))
    } else {
        plan.timings = .calibration(segments: segments)
    }
    if arguments.flags.contains("--json") {
        if let note { context.output.errorLine("metrotimer plan: " + note(language)) }
        context.output.line(planJSON(plan).rendered())
    } else {
        if let note { context.output.line(note(language)) }
        context.output.write(planTable(plan, language: language))
    }
}
