import MetroControl
import MetroModel
import MetroSystem

/// `metrotimer record-motion start [LABEL] | stop | list | export ID [--output FILE] | delete ID`: labelled rides
/// recorded from the accelerometer into the daemon's state database, exported in the text the lab's
/// `motion-trace` writes (so the rig and the lab can replay them) with the rider's stops as `# stop SECONDS` lines.
extension Command {
    static let recordMotion = Command(
        name: "record-motion",
        summary: Phrase(uk: "записати поїздку з акселерометра: start [МІТКА] | stop | list | export ID | delete ID",
                        en: "record a ride from the accelerometer: start [LABEL] | stop | list | export ID | delete ID"),
        help: Phrase(
            uk: "використання: metrotimer record-motion start [МІТКА] [--json] [--lang uk|en] [--socket ШЛЯХ]\n"
                + "              metrotimer record-motion stop | list [--json]\n"
                + "              metrotimer record-motion export ID [--output ФАЙЛ]\n"
                + "              metrotimer record-motion delete ID\n\n"
                + "Поки триває запис, служба читає акселерометр (motion_device) — з поїздкою чи без — і зберігає кожну\n"
                + "секунду вибірок у базі стану. Коротке натискання кнопки, коли поїздки немає, позначає «зупинились на\n"
                + "станції» за часом ядра; під час поїздки натискання керують поїздкою, як завжди. Запис зупиняється сам\n"
                + "через 2 години, а всі записи разом зберігають до 8 годин (тоді новий запис не починається, доки ви не\n"
                + "видалите експортований). Перезапуск служби завершує запис; збережене лишається. export пише текст\n"
                + "«секунди x y z» (м/с², з тяжінням), як metrotimer-lab motion-trace, з рядками «# stop СЕКУНДИ».\n"
                + "МІТКА — до \(ControlRequest.maximumRecordingLabel) символів, без керівних.\n\n"
                + socketHelp.uk,
            en: "usage: metrotimer record-motion start [LABEL] [--json] [--lang uk|en] [--socket PATH]\n"
                + "       metrotimer record-motion stop | list [--json]\n"
                + "       metrotimer record-motion export ID [--output FILE]\n"
                + "       metrotimer record-motion delete ID\n\n"
                + "While recording, the daemon reads the accelerometer (motion_device), with or without a trip, and keeps\n"
                + "each second's samples in its state database. A short press with no trip riding marks \"stopped at a\n"
                + "station\" at the press's kernel time; during a trip presses work the trip as always. A recording stops by\n"
                + "itself after 2 hours, and all recordings together keep up to 8 hours at 50 samples a second (29 MB; a\n"
                + "new one is then refused until you delete an exported one). A daemon restart ends a recording; what was\n"
                + "stored stays. export writes \"seconds x y z\" lines (m/s², gravity included) as metrotimer-lab\n"
                + "motion-trace does, with \"# stop SECONDS\" lines. LABEL is up to \(ControlRequest.maximumRecordingLabel) characters, no control characters.\n\n"
                + socketHelp.en))
    { context throws(CLIError) in
        guard case let (args, language)? = try featureArguments(context, "record-motion", valueOptions: ["--output"]) else { return }
        let L = language
        guard let action = args.positionals.first else {
            throw .usage(Phrase(uk: "'record-motion' потребує start, stop, list, export або delete (див. metrotimer record-motion --help)",
                                en: "'record-motion' needs start, stop, list, export or delete (see metrotimer record-motion --help)")(L))
        }
        let rest = Array(args.positionals.dropFirst())
        func recordingID() throws(CLIError) -> Int {
            guard rest.count == 1, let id = PlainNumber.whole(rest[0]), id >= 1, id <= Int(Int32.max) else {
                throw .usage(Phrase(uk: "'record-motion \(action)' потребує номер запису з record-motion list, а не '\(rest.joined(separator: " "))'",
                                    en: "'record-motion \(action)' takes a recording id from record-motion list, not '\(rest.joined(separator: " "))'")(L))
            }
            return id
        }
        if args.values["--output"] != nil && action != "export" {
            throw .usage(Phrase(uk: "--output лише для 'record-motion export'", en: "--output is for 'record-motion export' only")(L))
        }
        let request: ControlRequest
        switch action {
        case "start":
            guard rest.count <= 1 else {
                throw .usage(Phrase(uk: "'record-motion start' приймає одну мітку (візьміть її в лапки)",
                                    en: "'record-motion start' takes one label (quote it)")(L))
            }
            if let label = rest.first {
                guard !label.isEmpty, label.count <= ControlRequest.maximumRecordingLabel,
                      !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                else {
                    throw .usage(Phrase(uk: "мітка має містити від 1 до \(ControlRequest.maximumRecordingLabel) символів без керівних (отримано \(label.count))",
                                        en: "the label must be 1 to \(ControlRequest.maximumRecordingLabel) characters, no control characters (got \(label.count))")(L))
                }
            }
            request = .recordStart(label: rest.first)
        case "stop", "list":
            guard rest.isEmpty else {
                throw .usage(Phrase(uk: "'record-motion \(action)' не має аргументів", en: "'record-motion \(action)' takes no arguments")(L))
            }
            request = action == "stop" ? .recordStop : .recordings
        case "export": request = .recordExport(id: try recordingID(), after: 0)
        case "delete": request = .recordDelete(id: try recordingID())
        default:
            throw .usage(Phrase(uk: "'record-motion \(action)': має бути start, stop, list, export або delete",
                                en: "'record-motion \(action)': must be start, stop, list, export or delete")(L))
        }
        let client = try DaemonClient.connect(args, context)
        if case .recordExport(let id, _) = request {
            try exportRecording(id, client: client, output: args.values["--output"], context: context, language: L)
            return
        }
        let reply = try client.request(request)
        if args.flags.contains("--json") {
            let field: ReplyField = action == "list" ? .recordings : action == "delete" ? .deleted : .recording
            context.output.line(jsonLine(reply[field: field] ?? .null))
            return
        }
        switch request {
        case .recordStart: context.output.line(Phrase(uk: "запис розпочато:", en: "recording started:")(L))
        case .recordStop: context.output.line(Phrase(uk: "запис зупинено:", en: "recording stopped:")(L))
        case .recordDelete(let id):
            context.output.line(Phrase(uk: "запис \(id) видалено", en: "recording \(id) deleted")(L))
            return
        default: break
        }
        let list = reply[field: .recordings]?.arrayValue ?? reply[field: .recording].map { [$0] } ?? []
        if list.isEmpty {
            context.output.line(Phrase(uk: "записів немає (metrotimer record-motion start [МІТКА])",
                                       en: "no recordings (metrotimer record-motion start [LABEL])")(L))
        }
        for recording in list { context.output.line(RecordingView.line(recording, L)) }
    }

    /// Fetches the recording a page at a time and writes each page as it comes (a two-hour recording is some 13 MB
    /// of text: it is never held whole). Into `output` the pages go to a file beside it that replaces it only once
    /// the last page is in, so a failure halfway leaves what `output` held.
    static func exportRecording(_ id: Int, client: DaemonClient, output: String?, context: CommandContext, language L: Language)
        throws(CLIError)
    {
        func cannotWrite(_ error: SystemError, _ path: String) -> CLIError {
            CLIError(Phrase(uk: error.ukrainian("запис \(path)"), en: "\(error)")(L), exitCode: CLIError.cannotCreateCode)
        }
        var file: Files.Replacement?
        if let output {
            do { file = try Files.Replacement(output) } catch { throw cannotWrite(error, output) }
        }
        func write(_ text: String) throws(CLIError) {
            guard let file, let output else { return context.output.write(text) }
            do { try file.append(Array(text.utf8)) } catch { throw cannotWrite(error, output) }
        }
        var after = 0
        while true {
            let reply = try client.request(.recordExport(id: id, after: after))
            if after == 0 {
                let recording = reply[field: .recording] ?? .null
                let label = recording["label"]?.stringValue ?? ""
                var header = "# metrotimer record-motion \(id)" + (label.isEmpty ? "" : " '\(label)'")
                    + ", started \(recording["started"]?.stringValue ?? "?"): seconds x y z (m/s2, gravity included)\n"
                for stop in reply[field: .stops]?.arrayValue ?? [] {
                    header += "# stop \(stop.stringValue ?? "")\n"
                }
                try write(header)
            }
            try write(reply[field: .samples]?.stringValue ?? "")
            guard let next = reply[field: .next]?.intValue, next > after else { break }
            after = next
        }
        if let file, let output {
            do { try file.commit() } catch { throw cannotWrite(error, output) }
        }
    }
}

/// A recording as one line of `record-motion list`.
enum RecordingView {
    static func line(_ recording: JSONValue, _ L: Language) -> String {
        let id = recording["id"]?.intValue ?? 0
        let label = recording["label"]?.stringValue ?? ""
        let samples = recording["samples"]?.intValue ?? 0
        let stops = recording["stops"]?.intValue ?? 0
        let started = recording["started"]?.stringValue ?? ""
        let ended: String
        switch recording["end_reason"]?.stringValue {
        case nil: ended = Phrase(uk: "триває", en: "recording")(L)
        case "cap": ended = Phrase(uk: "зупинено на межі обсягу", en: "stopped at the cap")(L)
        case "restart": ended = Phrase(uk: "завершено перезапуском служби", en: "ended by a daemon restart")(L)
        case "sensor": ended = Phrase(uk: "зупинено: збій акселерометра", en: "stopped: the accelerometer failed")(L)
        case "storage": ended = Phrase(uk: "зупинено: база стану не прийняла запис", en: "stopped: the state database refused a write")(L)
        default: ended = Phrase(uk: "зупинено", en: "stopped")(L)
        }
        let seconds = recording["seconds"]?.intValue ?? 0
        return "\(id). \(started)" + (label.isEmpty ? "" : " '\(label)'")
            + Phrase(uk: "  \(samples) вибірок (~\(seconds) с), зупинок: \(stops); \(ended)",
                     en: "  \(samples) samples (~\(seconds) s), stops: \(stops); \(ended)")(L)
    }
}
