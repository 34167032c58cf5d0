import MetroControl
import MetroModel

/// `metrotimer remind add HH:MM [DAYS] FROM TO`, `remind list`, `remind remove N`: schedule reminders. At that
/// Kyiv wall time on those days the motor plays "time to go" and the route is chosen, so one press on the
/// platform starts the ride.
extension Command {
    static let remind = Command(
        name: "remind",
        summary: Phrase(uk: "нагадування за розкладом: add ГГ:ХХ [ДНІ] ЗВІДКИ КУДИ | list | remove N",
                        en: "schedule reminders: add HH:MM [DAYS] FROM TO | list | remove N"),
        help: Phrase(
            uk: "використання: metrotimer remind add ГГ:ХХ [ДНІ] ЗВІДКИ КУДИ [--json] [--lang uk|en] [--socket ШЛЯХ]\n"
                + "              metrotimer remind list [--json]\n"
                + "              metrotimer remind remove N [--json]\n\n"
                + "О ГГ:ХХ за київським часом у ДНІ (щодня, якщо не вказано; пн-пт, сб,нд, пн,ср,пт, mon-fri, …) мотор\n"
                + "грає «час іти» (три наростаючі імпульси, двічі), і вибирається маршрут ЗВІДКИ → КУДИ: на платформі одне\n"
                + "коротке натискання починає поїздку. Коротке натискання, поки вібрує, вимикає сигнал. У день, коли\n"
                + "годинник переводять уперед, часу між 03:00 і 03:59 не буває, і той день пропускається (list це називає);\n"
                + "у день, коли переводять назад, таке нагадування спрацьовує один раз. N — номер, який показує remind list.\n\n"
                + socketHelp.uk,
            en: "usage: metrotimer remind add HH:MM [DAYS] FROM TO [--json] [--lang uk|en] [--socket PATH]\n"
                + "       metrotimer remind list [--json]\n"
                + "       metrotimer remind remove N [--json]\n\n"
                + "At HH:MM Kyiv time on DAYS (daily when left out; mon-fri, sat,sun, mon,wed,fri, the Ukrainian day names…)\n"
                + "the motor plays \"time to go\" (three rising pulses, twice) and the route FROM → TO is chosen: on the\n"
                + "platform one short press starts the ride. A short press while it buzzes silences it. On the day the\n"
                + "clocks go forward a time between 03:00 and 03:59 does not exist and that day is skipped (list names it);\n"
                + "on the day they go back such a reminder fires once. N is the number remind list shows.\n\n"
                + socketHelp.en))
    { context throws(CLIError) in
        guard case let (args, language)? = try featureArguments(context, "remind") else { return }
        let L = language
        guard let action = args.positionals.first else {
            throw .usage(Phrase(uk: "'remind' потребує add, list або remove (див. metrotimer remind --help)",
                                en: "'remind' needs add, list or remove (see metrotimer remind --help)")(L))
        }
        let rest = Array(args.positionals.dropFirst())
        let request: ControlRequest
        switch action {
        case "add":
            guard rest.count == 3 || rest.count == 4 else {
                throw .usage(Phrase(uk: "'remind add' потребує ГГ:ХХ [ДНІ] ЗВІДКИ КУДИ, напр. remind add 07:40 mon-fri lisova teremky",
                                    en: "'remind add' takes HH:MM [DAYS] FROM TO, e.g. remind add 07:40 mon-fri lisova teremky")(L))
            }
            // The time and days are read here, so a typo is named without a daemon.
            do throws(ReminderError) {
                let (hour, minute) = try Reminder.parseTime(rest[0])
                let days = rest.count == 4 ? try ReminderDays.parse(rest[1]) : .daily
                request = .remindAdd(hour: hour, minute: minute, days: days, from: rest[rest.count - 2], to: rest[rest.count - 1])
            } catch { throw .usage(error.message(L)) }
        case "list":
            guard rest.isEmpty else { throw .usage(Phrase(uk: "'remind list' не має аргументів", en: "'remind list' takes no arguments")(L)) }
            request = .reminders
        case "remove":
            guard rest.count == 1, let n = PlainNumber.whole(rest[0]), (1...1000).contains(n) else {
                throw .usage(Phrase(uk: "'remind remove' потребує номер N з remind list, а не '\(rest.joined(separator: " "))'",
                                    en: "'remind remove' takes a number N from remind list, not '\(rest.joined(separator: " "))'")(L))
            }
            request = .remindRemove(number: n)
        default:
            throw .usage(Phrase(uk: "'remind \(action)': має бути add, list або remove", en: "'remind \(action)': must be add, list or remove")(L))
        }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(request)
        let list = reply[field: .reminders] ?? .array([])
        if args.flags.contains("--json") {
            switch request {
            case .remindAdd: context.output.line(jsonLine(JSONValue.object([ReplyField.added.rawValue: reply[field: .added] ?? .null, ReplyField.reminders.rawValue: list])))
            case .remindRemove: context.output.line(jsonLine(JSONValue.object([ReplyField.removed.rawValue: reply[field: .removed] ?? .null, ReplyField.reminders.rawValue: list])))
            default: context.output.line(jsonLine(list))
            }
            return
        }
        let reminders = try ReplyDocument.decode(RemindersDocument.self, reply, field: .reminders, language: L).reminders
        switch request {
        case .remindAdd:
            let number = try ReplyDocument.decode(Int.self, reply, field: .added, language: L)
            if let entry = reminders.first(where: { $0.number == number }) {
                context.output.line(Phrase(uk: "додано нагадування \(number):", en: "reminder \(number) added:")(L))
                context.output.write(RemindersView.entry(entry, language: L, names: context.stationNames))
            } else {
                context.output.write(RemindersView.render(reminders, language: L, names: context.stationNames))
            }
        case .remindRemove:
            let removed = try ReplyDocument.decode(RemindersDocument.Entry.self, reply, field: .removed, language: L)
            context.output.line(Phrase(uk: "видалено нагадування \(removed.number):", en: "reminder \(removed.number) removed:")(L))
            context.output.write(RemindersView.entry(removed, language: L, names: context.stationNames, showNext: false))
        default:
            context.output.write(RemindersView.render(reminders, language: L, names: context.stationNames))
        }
    }
}

/// Reminders as text.
enum RemindersView {
    static func render(_ entries: [RemindersDocument.Entry], language L: Language, names: StationNames) -> String {
        if entries.isEmpty {
            return Phrase(uk: "нагадувань немає (metrotimer remind add ГГ:ХХ [ДНІ] ЗВІДКИ КУДИ)\n",
                          en: "no reminders (metrotimer remind add HH:MM [DAYS] FROM TO)\n")(L)
        }
        return entries.map { entry($0, language: L, names: names) }.joined()
    }

    static func entry(_ e: RemindersDocument.Entry, language L: Language, names: StationNames, showNext: Bool = true) -> String {
        let days = (try? ReminderDays.parse(e.days))?.text(L) ?? e.days
        let time = e.time
        var out = "\(e.number). \(time) \(days)  "
            + names.route(from: e.from, to: e.to, L) + "\n"
        guard showNext else { return out }
        for d in e.skipped {
            out += Phrase(uk: "   \(d): годинник переводять уперед, \(time) того дня не буває — пропущено\n",
                          en: "   \(d): the clocks go forward, \(time) does not exist that day — skipped\n")(L)
        }
        if let next = e.next {
            out += Phrase(uk: "   наступне: \(readable(next))\n", en: "   next: \(readable(next))\n")(L)
        }
        return out
    }

    /// `2026-10-25 03:30 (+03:00)`: the offset shown, since on the day the clocks go back 03:30 happens twice.
    static func readable(_ iso: String) -> String {
        guard iso.count >= 25 else { return iso }
        let chars = Array(iso)
        return String(chars[0..<10]) + " " + String(chars[11..<16]) + " (" + String(chars[(chars.count - 6)...]) + ")"
    }
}
