import MetroModel

extension ControlRequest {
    /// The request as the one JSON line a client sends (without the newline).
    public var line: String { line(language: nil) }

    /// The request line asking for replies in `language` (nil: the daemon's language).
    public func line(language: Language?) -> String {
        var fields: [String: JSONValue] = [:]
        func set(_ cmd: String, _ extra: [String: JSONValue] = [:]) {
            fields = extra
            fields["cmd"] = .string(cmd)
        }
        switch self {
        case .status: set("status")
        case .watch: set("watch")
        case .chooseRoute(let from, let to): set("route", ["from": .string(from), "to": .string(to)])
        case .showRoute: set("route")
        case .pin(let from, let to): set("pin", ["from": .string(from), "to": .string(to)])
        case .unpin(let from, let to): set("unpin", ["from": .string(from), "to": .string(to)])
        case .routes: set("routes")
        case .start: set("start")
        case .plus: set("plus")
        case .minus: set("minus")
        case .departed: set("departed")
        case .arrived: set("arrived")
        case .cancel: set("cancel")
        case .acknowledge: set("ack")
        case .journal(let limit): set("journal", ["limit": .number(Double(limit))])
        case .stats: set("stats")
        case .calibration: set("calibration")
        case .resetCalibration: set("calibration_reset")
        case .calibrate(let line, let direction, let from):
            set("calibrate", ["line": .string(line.rawValue), "direction": .string(direction.rawValue), "from": .string(from)])
        case .endCalibration: set("calibrate_end")
        case .press(let hold, let button):
            set("press", ["hold_ms": .number(Double(hold)), "button": .number(Double(button))])
        case .suspend(let from, let to): set("suspend", ["from": .string(from), "to": .string(to)])
        case .resume(let from?, let to?): set("resume", ["from": .string(from), "to": .string(to)])
        case .resume: set("resume")
        case .suspensions: set("suspensions")
        case .remindAdd(let hour, let minute, let days, let from, let to):
            let time = (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
            set("remind_add", ["time": .string(time), "days": .string(days.text()), "from": .string(from), "to": .string(to)])
        case .reminders: set("reminders")
        case .remindRemove(let number): set("remind_remove", ["number": .number(Double(number))])
        case .year(let year): set("year", ["year": .number(Double(year))])
        case .recordStart(let label): set("record_start", label.map { ["label": .string($0)] } ?? [:])
        case .recordStop: set("record_stop")
        case .recordings: set("recordings")
        case .recordExport(let id, let after): set("record_export", ["id": .number(Double(id)), "after": .number(Double(after))])
        case .recordDelete(let id): set("record_delete", ["id": .number(Double(id))])
        }
        if let language { fields["lang"] = .string(language.rawValue) }
        return jsonLine(JSONValue.object(fields))
    }
}
