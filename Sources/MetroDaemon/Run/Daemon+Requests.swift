import MetroControl
import MetroEngine
import MetroModel

/// The control requests: each is routed to the engine or the daemon part that owns it, and answered with a
/// reply in the sender's language.
extension Daemon {
    /// The replies produced piece by piece: `journal` (up to 10 000 entries, up to about 3 MB). A storage error on the
    /// first page is answered by `dispatch` as an ordinary error reply.
    func streamingReply(_ envelope: ControlEnvelope) -> ReplyStream? {
        guard case .journal(let limit) = envelope.request else { return nil }
        return try? JournalReplyStream(limit: limit) { [store] before, count in try store.journal(limit: count, before: before) }
    }

    func dispatch(_ envelope: ControlEnvelope, peer: ControlServer.Peer) -> (reply: String, watch: Bool) {
        let request = envelope.request
        let now = clock.now()
        // Refusals read in the sender's language when it names one (`metrotimer --lang`), else the daemon's.
        let language = envelope.language ?? hub.language
        func run(_ body: () throws(EngineError) -> Void) -> String {
            do {
                try body()
                return ControlReply.ok("status", statusDocument())
            } catch {
                return ControlReply.error(error.message(language, names: network), code: error.code)
            }
        }
        // Named in the asker's language when the refusal is worded (EngineError.message(_:names:)).
        func resolve(_ query: String) throws(EngineError) -> StationID {
            do { return try network.station(named: query) } catch { throw .plan(error) }
        }
        switch request {
        case .status:
            return (ControlReply.ok("status", statusDocument()), false)
        case .watch:
            return (ControlReply.ok("status", statusDocument()), true)
        case .chooseRoute(let from, let to):
            return (run { () throws(EngineError) in try engine.chooseRoute(from: try resolve(from), to: try resolve(to), now: now) }, false)
        case .showRoute:
            return (ControlReply.ok("status", statusDocument()), false)
        case .pin, .unpin, .suspend, .resume, .suspensions, .remindAdd, .reminders, .remindRemove, .year:
            return (dispatchFeature(request, language: language, resolve: resolve), false)
        case .routes:
            return (ControlReply.ok(["routes": JSONValue(encoding: RoutesDocument(engine: engine))]), false)
        case .start:
            // t0 = the request's receipt (the closest a CLI gets to the button edge).
            return (run { () throws(EngineError) in _ = try engine.start(t0: now, wall: clock.wallMapping(), now: now) }, false)
        case .plus: return (run { () throws(EngineError) in try engine.step(+1, now: now) }, false)
        case .minus: return (run { () throws(EngineError) in try engine.step(-1, now: now) }, false)
        case .departed: return (run { () throws(EngineError) in try engine.trainDeparted(now: now) }, false)
        case .arrived: return (run { () throws(EngineError) in try engine.arrived(now: now) }, false)
        case .cancel: return (run { () throws(EngineError) in try engine.cancel(now: now) }, false)
        case .acknowledge:
            // Says whether anything was buzzing, so `metrotimer ack` can tell the rider what happened.
            let wasBuzzing = device.isAlertBuzzing
            device.acknowledgeAlert()
            return (ControlReply.ok(["status": JSONValue(encoding: statusDocument()),
                                     "acknowledged": .bool(wasBuzzing)]), false)
        case .journal(let limit):
            do {
                let entries = try store.journal(limit: limit)
                return (ControlReply.ok(["journal": JSONValue(encoding: entries.map(JournalDocument.init))]), false)
            } catch {
                return (DaemonRefusal.journalUnreadable("\(error)").reply(language), false)
            }
        case .stats:
            // From the tally the engine keeps as trips are journaled: no journal is read per request.
            if let journalUnreadable { return (DaemonRefusal.journalUnreadable(journalUnreadable).reply(language), false) }
            let tally = engine.journalTally
            return (ControlReply.ok(["stats": JSONValue(encoding: StatsDocument(tally.statisticsFigures)),
                                     "accuracy": JSONValue(encoding: AccuracyDocument(tally.accuracy))]), false)
        case .calibration:
            return (ControlReply.ok(["calibration": JSONValue(encoding: CalibrationDocument(engine.calibration))]), false)
        case .resetCalibration:
            return (run { () throws(EngineError) in try engine.resetCalibration(now: now) }, false)
        case .calibrate(let line, let direction, let from):
            return (run { () throws(EngineError) in
                guard let dir = Direction(rawValue: direction) else {
                    throw .invalidCalibration(Phrase(uk: "напрямок має бути forward або backward, а не '\(direction)'",
                                                     en: "direction must be forward or backward, not '\(direction)'"))
                }
                // Line ids as `stations` prints them: M1, м1 (Cyrillic) or m1 all mean m1.
                let id = String(line.lowercased().map { $0 == "м" ? "m" : $0 })
                try engine.beginCalibration(line: LineID(id), direction: dir, from: try resolve(from), now: now)
            }, false)
        case .endCalibration:
            return (run { () throws(EngineError) in try engine.endCalibration(now: now) }, false)
        case .press(let hold, let button):
            guard let simulated = hardware.simulatedButtons else {
                return (DaemonRefusal.notSimulated.reply(language), false)
            }
            if button == 2 && !simulated.hasSecondButton {
                return (DaemonRefusal.noSecondButton.reply(language), false)
            }
            simulated.press(button: button, holdMilliseconds: hold)
            return (ControlReply.ok(["pressed": .object(["button": .number(Double(button)), "hold_ms": .number(Double(hold))])]), false)
        }
    }
}
