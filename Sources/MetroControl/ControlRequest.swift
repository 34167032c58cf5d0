import FoundationEssentials
import MetroModel

/// A control-socket command: one newline-terminated JSON object `{"cmd": "...", ...}` per request.
///
/// Parsing is strict: the line must be one JSON object, `cmd` must be known, every field must be one the command
/// takes with the right type and range; anything else is a `ControlRequestError` naming the field. A bad request
/// gets an error reply and never disturbs the trip.
public enum ControlRequest: Equatable, Sendable {
    case status
    /// Subscribe: the current status now and a new one whenever it changes.
    case watch
    case chooseRoute(from: String, to: String)
    case showRoute
    case pin(from: String, to: String)
    case unpin(from: String, to: String)
    case routes
    case start
    case plus
    case minus
    case departed
    case arrived
    case cancel
    case acknowledge
    case journal(limit: Int)
    case stats
    case calibration
    case resetCalibration
    /// A calibration session on `line` (as `stations` prints it: M1, м1 or m1 all read as m1) toward `direction`,
    /// from the station `from` names.
    case calibrate(line: LineID, direction: Direction, from: String)
    case endCalibration
    /// Simulated board only: a button press held for `holdMilliseconds`.
    case press(holdMilliseconds: Int, button: Int)
    /// Suspend the stretch between two stations of one line (no service there for now).
    case suspend(from: String, to: String)
    /// Lift one suspended stretch, or (both nil) every one.
    case resume(from: String?, to: String?)
    case suspensions
    /// A schedule reminder at `time` (`HH:MM`) on `days` (nil: every day).
    /// A reminder at `hour`:`minute` on the wall clock, on `days`, for the route `from` → `to`.
    case remindAdd(hour: Int, minute: Int, days: ReminderDays, from: String, to: String)
    case reminders
    case remindRemove(number: Int)
    /// The year on the metro (`metrotimer stats --year`).
    case year(Int)
    /// Start recording the accelerometer (`metrotimer record-motion start`), with an optional label.
    case recordStart(label: String?)
    case recordStop
    case recordings
    /// A page of a recording's samples: those stored after the cursor `after` (0: from the start).
    case recordExport(id: Int, after: Int)
    case recordDelete(id: Int)

    /// The longest label of a recording, in characters.
    public static let maximumRecordingLabel = 80

    /// The largest request line accepted, in bytes.
    public static let maximumLineLength = 4096

    /// Parses one request line.
    public static func parse(_ line: String) throws(ControlRequestError) -> ControlRequest {
        try parseEnvelope(line).request
    }

    /// Parses one request line with the optional `"lang"` field every command takes: the language the sender
    /// reads, in which the daemon words its refusal (else the daemon's own `language`).
    public static func parseEnvelope(_ line: String) throws(ControlRequestError) -> ControlEnvelope {
        if let refusal = JSONNesting.refusal(of: line.utf8) {
            throw ControlRequestError(uk: "запит відхилено: \(refusal.uk)", en: "request refused: \(refusal.en)")
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        } catch {
            throw ControlRequestError(uk: "запит — не коректний JSON", en: "request is not valid JSON")
        }
        guard case .object(let fields) = value else { throw ControlRequestError(uk: "запит має бути обʼєктом JSON", en: "request must be a JSON object") }
        if let repeated = DuplicateKeys.first(in: line) {
            throw ControlRequestError(uk: "поле '\(repeated.prefix(40))' задано двічі", en: "field '\(repeated.prefix(40))' is given twice")
        }
        guard let cmdValue = fields["cmd"] else { throw ControlRequestError(uk: "бракує поля 'cmd'", en: "missing field 'cmd'") }
        guard let cmd = cmdValue.stringValue else { throw ControlRequestError(uk: "поле 'cmd' має бути рядком", en: "field 'cmd' must be a string") }
        var reader = FieldReader(cmd: cmd, fields: fields)
        let language = try reader.language()
        do { return try parseRequest(cmd: cmd, fields: fields, reader: &reader, language: language) } catch {
            var refusal = error
            refusal.language = language
            throw refusal
        }
    }

    private static func parseRequest(cmd: String, fields: [String: JSONValue], reader: inout FieldReader,
                                     language: Language?) throws(ControlRequestError) -> ControlEnvelope {
        let request: ControlRequest
        switch cmd {
        case "status": request = .status
        case "watch": request = .watch
        case "route":
            if fields["from"] == nil && fields["to"] == nil {
                request = .showRoute
            } else {
                request = .chooseRoute(from: try reader.station("from"), to: try reader.station("to"))
            }
        case "pin": request = .pin(from: try reader.station("from"), to: try reader.station("to"))
        case "unpin": request = .unpin(from: try reader.station("from"), to: try reader.station("to"))
        case "routes": request = .routes
        case "start": request = .start
        case "plus": request = .plus
        case "minus": request = .minus
        case "departed": request = .departed
        case "arrived": request = .arrived
        case "cancel": request = .cancel
        case "ack": request = .acknowledge
        case "journal": request = .journal(limit: try reader.integer("limit", in: 1...10_000, default: 100))
        case "stats": request = .stats
        case "calibration": request = .calibration
        case "calibration_reset": request = .resetCalibration
        case "calibrate":
            let line = try reader.string("line", maxLength: 16)
            let direction = try reader.string("direction", maxLength: 16)
            guard let travel = Direction(rawValue: direction) else {
                throw ControlRequestError(uk: "напрямок має бути forward або backward, а не '\(direction)'",
                                          en: "direction must be forward or backward, not '\(direction)'")
            }
            request = .calibrate(line: LineID(rawValue: String(line.lowercased().map { $0 == "м" ? "m" : $0 })),
                                 direction: travel, from: try reader.station("from"))
        case "calibrate_end": request = .endCalibration
        case "press":
            request = .press(holdMilliseconds: try reader.integer("hold_ms", in: 1...10_000, default: 100),
                             button: try reader.integer("button", in: 1...2, default: 1))
        case "suspend": request = .suspend(from: try reader.station("from"), to: try reader.station("to"))
        case "resume":
            if fields["from"] == nil && fields["to"] == nil {
                request = .resume(from: nil, to: nil)
            } else {
                request = .resume(from: try reader.station("from"), to: try reader.station("to"))
            }
        case "suspensions": request = .suspensions
        case "remind_add":
            let time = try reader.string("time", maxLength: 5)
            let days = fields["days"] == nil ? nil : try reader.string("days", maxLength: 40)
            let (from, to) = (try reader.station("from"), try reader.station("to"))
            // Read here, so the daemon is handed a time and days, never text to check.
            do throws(ReminderError) {
                let (hour, minute) = try Reminder.parseTime(time)
                request = .remindAdd(hour: hour, minute: minute, days: try days.map(ReminderDays.parse) ?? .daily, from: from, to: to)
            } catch {
                throw ControlRequestError(uk: error.message(.uk), en: error.message(.en))
            }
        case "reminders": request = .reminders
        case "remind_remove": request = .remindRemove(number: try reader.requiredInteger("number", in: 1...1000))
        case "year": request = .year(try reader.requiredInteger("year", in: 2000...2100))
        case "record_start":
            let label = fields["label"] == nil ? nil : try reader.string("label", maxLength: maximumRecordingLabel)
            if let label, label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw ControlRequestError(uk: "поле 'label' не може містити керівних символів (нового рядка, табуляції)",
                                          en: "field 'label' must not contain control characters (a newline, a tab)")
            }
            request = .recordStart(label: label)
        case "record_stop": request = .recordStop
        case "recordings": request = .recordings
        case "record_export":
            request = .recordExport(id: try reader.requiredInteger("id", in: 1...Int(Int32.max)),
                                    after: try reader.integer("after", in: 0...Int(Int64.max / 2), default: 0))
        case "record_delete": request = .recordDelete(id: try reader.requiredInteger("id", in: 1...Int(Int32.max)))
        default:
            throw ControlRequestError(uk: "невідома команда '\(cmd.prefix(40))'", en: "unknown command '\(cmd.prefix(40))'")
        }
        try reader.rejectUnread()
        return ControlEnvelope(request: request, language: language)
    }
}

/// A parsed request and the language its sender asked for (nil: the daemon's).
public struct ControlEnvelope: Equatable, Sendable {
    public var request: ControlRequest
    public var language: Language?
    public init(request: ControlRequest, language: Language? = nil) {
        self.request = request
        self.language = language
    }
}

/// Why a request was refused, naming the field.
public struct ControlRequestError: Error, Equatable, CustomStringConvertible {
    /// The problem in both languages.
    public let phrase: Phrase
    /// The language the request asked for, when it got as far as naming one (the reply is worded in it).
    public var language: Language?
    public init(uk: String, en: String) { phrase = Phrase(uk: uk, en: en) }
    /// The problem in English (the words scripts and tests match).
    public var message: String { phrase.en }
    /// The problem in a language.
    public func text(_ language: Language) -> String { phrase(language) }
    public var description: String { message }
}

/// Reads typed fields and remembers which were read, so unknown ones can be refused.
private struct FieldReader {
    let cmd: String
    let fields: [String: JSONValue]
    var read: Set<String> = ["cmd"]

    init(cmd: String, fields: [String: JSONValue]) {
        self.cmd = cmd
        self.fields = fields
    }

    mutating func string(_ name: String, maxLength: Int) throws(ControlRequestError) -> String {
        read.insert(name)
        guard let value = fields[name] else { throw ControlRequestError(uk: "'\(cmd)' потребує поля '\(name)'", en: "'\(cmd)' needs field '\(name)'") }
        guard let text = value.stringValue else { throw ControlRequestError(uk: "поле '\(name)' має бути рядком", en: "field '\(name)' must be a string") }
        guard !text.isEmpty, text.count <= maxLength else {
            throw ControlRequestError(uk: "поле '\(name)' має містити від 1 до \(maxLength) символів", en: "field '\(name)' must be 1 to \(maxLength) characters")
        }
        return text
    }

    mutating func station(_ name: String) throws(ControlRequestError) -> String {
        try string(name, maxLength: 80)
    }

    mutating func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(ControlRequestError) -> Int {
        read.insert(name)
        guard let value = fields[name] else { return fallback }
        guard case .number(let raw) = value, raw.rounded() == raw else {
            throw ControlRequestError(uk: "поле '\(name)' має бути цілим числом", en: "field '\(name)' must be a whole number")
        }
        // A whole number too large for `intValue` is out of range, not "not a whole number".
        guard let number = value.intValue, range.contains(number) else {
            throw ControlRequestError(uk: "поле '\(name)' має бути від \(range.lowerBound) до \(range.upperBound)", en: "field '\(name)' must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// An integer field the command cannot do without.
    mutating func requiredInteger(_ name: String, in range: ClosedRange<Int>) throws(ControlRequestError) -> Int {
        guard fields[name] != nil else { throw ControlRequestError(uk: "'\(cmd)' потребує поля '\(name)'", en: "'\(cmd)' needs field '\(name)'") }
        return try integer(name, in: range, default: range.lowerBound)
    }

    /// The optional `"lang"`: `uk` or `en`.
    mutating func language() throws(ControlRequestError) -> Language? {
        read.insert("lang")
        guard let value = fields["lang"] else { return nil }
        guard let text = value.stringValue, let language = Language(rawValue: text) else {
            throw ControlRequestError(uk: "поле 'lang' має бути \"uk\" або \"en\"", en: "field 'lang' must be \"uk\" or \"en\"")
        }
        return language
    }

    func rejectUnread() throws(ControlRequestError) {
        let unknown = fields.keys.filter { !read.contains($0) }.sorted()
        if let first = unknown.first {
            throw ControlRequestError(uk: "'\(cmd)' не приймає поля '\(first.prefix(40))'", en: "'\(cmd)' does not take field '\(first.prefix(40))'")
        }
    }
}
