import MetroControl
import MetroModel

/// `metrotimer press`: the simulated board's button, and what the daemon decided the press was.
extension Command {
    static let press = Command(
        name: "press", summary: Phrase(uk: "лише симульована плата: натиснути кнопку", en: "simulated board only: press the button"),
        help: daemonHelp(
            Phrase(uk: "press [--hold МС] [--button 1|2] [--lang uk|en] [--socket ШЛЯХ]",
                   en: "press [--hold MS] [--button 1|2] [--lang uk|en] [--socket PATH]"),
            Phrase(uk: "Натискання, утримане МС мілісекунд (типово 100): <600 коротке, два коротких з проміжком до 400 мс — подвійне,\n"
                       + "≥1500 довге, ≥4000 дуже довге. Чекає, доки служба розпізнає жест, і каже, що він зробив\n"
                       + "(«коротке натискання: поїздку розпочато»). Приймається лише коли metrotimerd працює з hardware = simulated.",
                   en: "A press held MS milliseconds (default 100): <600 short, two shorts within 400 ms double, ≥1500 long,\n"
                       + "≥4000 very long. Waits until the daemon has decided the gesture and says what it did\n"
                       + "(\"short press: trip started\"). Accepted only when metrotimerd runs with hardware = simulated.")))
    { context throws(CLIError) in
        let args = try parse(context, "press", values: ["--hold", "--button"])
        let language = try args.language(context)
        if args.wantsHelp { context.output.write(Command.named("press").help(language)); return }
        try noArguments("press", args, language)
        var hold = 100, button = 1
        if let text = args.values["--hold"] {
            guard let n = PlainNumber.whole(text), (1...10_000).contains(n) else {
                throw .usage(Phrase(uk: "--hold має бути від 1 до 10000 мілісекунд, а не '\(text)'",
                                    en: "--hold must be 1 to 10000 milliseconds, not '\(text)'")(language))
            }
            hold = n
        }
        if let text = args.values["--button"] {
            guard let n = PlainNumber.whole(text), n == 1 || n == 2 else {
                throw .usage(Phrase(uk: "--button має бути 1 або 2, а не '\(text)'", en: "--button must be 1 or 2, not '\(text)'")(language))
            }
            button = n
        }
        let client = try DaemonClient.connect(args, context)
        // A very long press ends a calibration session: remember the segments it covered, to show their figures.
        // Only a press held that long can end one, so any other press is the press request alone.
        let covered = try hold < GestureTimings().veryLong / 1_000_000 ? []
            : CalibrationView.covered(client, language: language)
        // Press, then watch on the same connection: the decision comes at the earliest 400 ms after the release,
        // long after the daemon has answered the watch (it serves one connection's requests in order), and a
        // refused press (a real board) is answered before anything is watched.
        _ = try client.request(.press(holdMilliseconds: hold, button: button))
        _ = try client.request(.watch)
        // A short is known 400 ms after its release; allow the daemon a few seconds beyond that.
        let wait = Int32(max(Int(client.replyTimeoutMilliseconds), hold + 5_000))
        while true {
            let message = try client.nextMessage(timeoutMilliseconds: wait)
            // Status events come on the same connection: only a gesture line says what the press did.
            guard ControlReplyHead(message).event == "gesture" else { continue }
            let outcome = try ReplyDocument.decode(GestureDocument.self, message, field: .gesture, language: language)
            guard outcome.button == button else { continue }
            let text = PressView.render(outcome, language: language)
            if outcome.refused != nil {
                throw CLIError(text, exitCode: 1)
            }
            context.output.line(text)
            if outcome.action == "calibration_end" {
                let calibration = try CalibrationView.calibration(client, language: language)
                context.output.write(CalibrationView.renderSession(covered: covered, calibration: calibration, language: language, names: context.stationNames))
            }
            return
        }
    }
}

/// What `metrotimer press` says once the daemon has decided the gesture.
enum PressView {
    static func render(_ outcome: GestureDocument, language L: Language) -> String {
        guard let gesture = outcome.gesture else {
            return Phrase(uk: "натискання нічого не означає (між 600 мс і 1,5 с): вібрація «не можна»",
                          en: "the press means nothing (between 600 ms and 1.5 s): the 'cannot' buzz")(L)
        }
        let name: Phrase
        switch gesture {
        case "short": name = Phrase(uk: "коротке натискання", en: "short press")
        case "double": name = Phrase(uk: "подвійне натискання", en: "double press")
        case "long": name = Phrase(uk: "довге натискання", en: "long press")
        default: name = Phrase(uk: "дуже довге натискання", en: "very long press")
        }
        let action = outcome.action ?? "cannot"
        let did: Phrase
        switch action {
        case "start": did = Phrase(uk: "поїздку розпочато", en: "trip started")
        case "nextPinnedRoute": did = Phrase(uk: "вибрано наступний маршрут (закріплені, потім недавні)",
                                            en: "next route chosen (pinned, then recent)")
        case "buzzRouteStopCount": did = Phrase(uk: "провібровано кількість зупинок маршруту", en: "the route's stop count buzzed")
        case "acknowledge": did = Phrase(uk: "сигнал підтверджено", en: "alert acknowledged")
        case "trainDeparted": did = Phrase(uk: "потяг рушив: відлік від цієї миті", en: "train departed: the countdown re-anchored")
        case "plusOne": did = Phrase(uk: "+1: на станцію назад", en: "+1: one station back")
        case "minusOne": did = Phrase(uk: "−1: на станцію вперед", en: "−1: one station on")
        case "arrived": did = Phrase(uk: "я вийшов: поїздку завершено, прибуття записано", en: "I'm off: trip ended, arrival recorded")
        case "cancel": did = Phrase(uk: "поїздку скасовано", en: "trip cancelled")
        case "buzzStopsRemaining": did = Phrase(uk: "провібровано, скільки зупинок лишилось", en: "the stops remaining buzzed")
        case "calibration_press": did = Phrase(uk: "калібрування: натискання записано", en: "calibration: press recorded")
        case "calibration_end": did = Phrase(uk: "сесію калібрування завершено", en: "calibration session ended")
        default: did = Phrase(uk: "тут нічого не робить: вібрація «не можна»", en: "nothing to do here: the 'cannot' buzz")
        }
        if let refused = outcome.refused.map({ Phrase(uk: $0.uk, en: $0.en)(L) }) {
            return name(L) + ": " + Phrase(uk: "дію «\(attempted(action).uk)» відхилено: \(refused)",
                                           en: "\(attempted(action).en) refused: \(refused)")(L)
        }
        return name(L) + ": " + did(L)
    }

    /// What the gesture tried, for a refusal ("start refused: no route chosen").
    static func attempted(_ action: String) -> Phrase {
        switch action {
        case "start": return Phrase(uk: "почати поїздку", en: "start")
        case "nextPinnedRoute": return Phrase(uk: "наступний маршрут", en: "next route")
        case "buzzRouteStopCount": return Phrase(uk: "кількість зупинок маршруту", en: "route stop count")
        case "trainDeparted": return Phrase(uk: "потяг рушив", en: "train departed")
        case "plusOne": return Phrase(uk: "+1", en: "+1")
        case "minusOne": return Phrase(uk: "−1", en: "−1")
        case "arrived": return Phrase(uk: "я вийшов", en: "I'm off")
        case "cancel": return Phrase(uk: "скасувати", en: "cancel")
        case "calibration_press", "calibration_end": return Phrase(uk: "калібрування", en: "calibration")
        default: return Phrase(uk: "жест", en: "gesture")
        }
    }
}
