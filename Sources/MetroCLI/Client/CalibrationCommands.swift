import MetroControl
import MetroModel

/// The commands of calibration mode and the learned segment times (model §6).
extension Command {
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
        if args.flags.contains("--json") { context.output.line(jsonLine(reply[field: .calibration] ?? .null)); return }
        let doc = try ReplyDocument.decode(CalibrationDocument.self, reply, field: .calibration, language: language)
        context.output.write(CalibrationView.render(doc, language: language, names: context.stationNames))
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
            let covered = try CalibrationView.covered(client, language: language)
            _ = try client.request(.endCalibration)
            let after = try CalibrationView.calibration(client, language: language)
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
        guard let direction = Direction(rawValue: args.positionals[1]) else {
            throw .usage(Phrase(uk: "НАПРЯМОК має бути forward або backward, а не '\(args.positionals[1])'",
                                en: "DIRECTION must be forward or backward, not '\(args.positionals[1])'")(language))
        }
        // Arguments first: a mistyped command gets its usage error whether or not the daemon runs.
        let client = try DaemonClient.connect(args, context)
        _ = try client.request(.calibrate(line: LineID(rawValue: line), direction: direction, from: args.positionals[2]))
        // The station by its name, as the session's prompts and results name it (the daemon accepted the query).
        var from = "«\(args.positionals[2])»"
        if let network = context.stationNames.network, let id = try? network.station(named: args.positionals[2]),
           let station = network.station(id) { from = station.name(language) }
        context.output.line(Phrase(uk: "сесію калібрування розпочато (\(LineLabel.text(line, .uk)) \(args.positionals[1])): натисніть, коли потяг рушить від станції \(from), потім на кожній зупинці",
                                   en: "calibration session started (\(LineLabel.text(line, .en)) \(args.positionals[1])): press as the train leaves \(from), then at each stop")(language))
    }
}

extension CalibrationView {
    /// The segments the calibration session in progress has passed (none without a session).
    static func covered(_ client: DaemonClient, language: Language) throws(CLIError) -> [String] {
        let reply = try client.request(.status)
        return try ReplyDocument.decode(StatusDocument.self, reply, field: .status, language: language).calibration_session?.covered ?? []
    }

    /// The calibration as it stands now.
    static func calibration(_ client: DaemonClient, language: Language) throws(CLIError) -> CalibrationDocument {
        let reply = try client.request(.calibration)
        return try ReplyDocument.decode(CalibrationDocument.self, reply, field: .calibration, language: language)
    }
}
