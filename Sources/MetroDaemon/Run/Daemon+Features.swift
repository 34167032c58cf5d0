import MetroControl
import MetroEngine
import MetroModel

/// The control requests of pinning, suspended stretches, reminders and the year on the metro: each reply says what
/// happened (pinned, already pinned, the pin evicted, not pinned, …) so the command line can tell the rider.
extension Daemon {
    func dispatchFeature(_ request: ControlRequest, language: Language,
                         resolve: (String) throws(EngineError) -> StationID) -> String
    {
        let now = clock.now()
        let wallNow = Daemon.wallNowUnixSeconds()
        func suspensionsValue() -> JSONValue { JSONValue(encoding: SuspensionsDocument(engine.suspensions)) }
        func remindersValue() -> JSONValue {
            JSONValue(encoding: RemindersDocument(engine.reminders, wallNowUnixSeconds: wallNow))
        }
        func reply(_ body: () throws(EngineError) -> [String: JSONValue]) -> String {
            do {
                var fields = try body()
                if fields["status"] == nil { fields["status"] = JSONValue(encoding: statusDocument()) }
                return ControlReply.ok(fields)
            } catch {
                return ControlReply.error(error.message(language, names: network), code: error.code)
            }
        }
        func reminderTime(_ text: String) throws(EngineError) -> (hour: Int, minute: Int) {
            do { return try Reminder.parseTime(text) } catch { throw .reminder(error) }
        }
        func reminderDays(_ text: String?) throws(EngineError) -> ReminderDays {
            guard let text else { return .daily }
            do { return try ReminderDays.parse(text) } catch { throw .reminder(error) }
        }
        switch request {
        case .pin(let from, let to):
            return reply { () throws(EngineError) in
                let result = try engine.pin(RouteChoice(from: try resolve(from), to: try resolve(to)), now: now)
                switch result {
                case .alreadyPinned: return ["pin": JSONValue(encoding: PinResultDocument(result: "already_pinned", evicted: nil))]
                case .pinned(let evicted):
                    let route = evicted.map { RoutesDocument.Route(from: $0.from.rawValue, to: $0.to.rawValue) }
                    return ["pin": JSONValue(encoding: PinResultDocument(result: "pinned", evicted: route))]
                }
            }
        case .unpin(let from, let to):
            return reply { () throws(EngineError) in
                let was = try engine.unpinReporting(RouteChoice(from: try resolve(from), to: try resolve(to)), now: now)
                return ["unpin": JSONValue(encoding: ChangeResultDocument(result: was ? "unpinned" : "not_pinned"))]
            }
        case .suspend(let from, let to):
            return reply { () throws(EngineError) in
                let stretch = SuspendedStretch(from: try resolve(from), to: try resolve(to))
                let added = try engine.suspend(stretch, now: now)
                return ["suspend": JSONValue(encoding: ChangeResultDocument(result: added ? "suspended" : "already_suspended")),
                        "suspensions": suspensionsValue()]
            }
        case .resume(let from, let to):
            return reply { () throws(EngineError) in
                var stretch: SuspendedStretch?
                if let from, let to { stretch = SuspendedStretch(from: try resolve(from), to: try resolve(to)) }
                let lifted = try engine.resume(stretch, now: now)
                return ["resumed": JSONValue(encoding: SuspensionsDocument(lifted)), "suspensions": suspensionsValue()]
            }
        case .suspensions:
            return ControlReply.ok(["suspensions": suspensionsValue()])
        case .remindAdd(let time, let days, let from, let to):
            return reply { () throws(EngineError) in
                let (hour, minute) = try reminderTime(time)
                let number = try engine.addReminder(
                    hour: hour, minute: minute, days: try reminderDays(days),
                    route: RouteChoice(from: try resolve(from), to: try resolve(to)), wallNowUnixSeconds: wallNow, now: now)
                return ["added": .number(Double(number)), "reminders": remindersValue()]
            }
        case .reminders:
            return ControlReply.ok(["reminders": remindersValue()])
        case .remindRemove(let number):
            return reply { () throws(EngineError) in
                let before = RemindersDocument(engine.reminders, wallNowUnixSeconds: wallNow).reminders
                try engine.removeReminder(number: number, wallNowUnixSeconds: wallNow, now: now)
                return ["removed": JSONValue(encoding: before[number - 1]), "reminders": remindersValue()]
            }
        case .year(let year):
            // From the tally the engine keeps as trips are journaled: no journal is read per request.
            if let journalUnreadable { return DaemonRefusal.journalUnreadable(journalUnreadable).reply(language) }
            return ControlReply.ok(["year": JSONValue(encoding: YearDocument(engine.journalTally.year(year)))])
        // Named one by one, not `default:`: a request added to the contract must be placed here or in
        // `dispatch`, and the compiler says so.
        case .status, .watch, .chooseRoute, .showRoute, .routes, .start, .plus, .minus, .departed, .arrived, .cancel,
             .acknowledge, .journal, .stats, .calibration, .resetCalibration, .calibrate, .endCalibration, .press:
            return DaemonRefusal.notAFeatureRequest.reply(language)
        }
    }
}
