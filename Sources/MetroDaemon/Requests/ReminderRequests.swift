import MetroControl
import MetroEngine
import MetroModel

/// Reminders to leave for the metro: times on the wall clock (never scaled), numbered as `reminders` lists them.
struct ReminderRequests {
    let engine: Engine

    private func list(_ wallNow: Int64) -> JSONValue {
        JSONValue(encoding: RemindersDocument(engine.reminders, wallNowUnixSeconds: wallNow))
    }

    func add(hour: Int, minute: Int, days: ReminderDays, from: String, to: String, _ context: RequestContext) -> String {
        let wallNow = Daemon.wallNowUnixSeconds()
        return context.reply { () throws(EngineError) in
            let number = try engine.addReminder(
                hour: hour, minute: minute, days: days,
                route: RouteChoice(from: try context.resolve(from), to: try context.resolve(to)),
                wallNowUnixSeconds: wallNow, now: context.now)
            return [.added: .number(Double(number)), .reminders: list(wallNow)]
        }
    }

    func show() -> String { ControlReply.ok([.reminders: list(Daemon.wallNowUnixSeconds())]) }

    func remove(number: Int, _ context: RequestContext) -> String {
        let wallNow = Daemon.wallNowUnixSeconds()
        return context.reply { () throws(EngineError) in
            let before = RemindersDocument(engine.reminders, wallNowUnixSeconds: wallNow).reminders
            try engine.removeReminder(number: number, wallNowUnixSeconds: wallNow, now: context.now)
            return [.removed: JSONValue(encoding: before[number - 1]), .reminders: list(wallNow)]
        }
    }
}
