import FoundationEssentials
import MetroModel

/// Replies on the control socket: one JSON object per line, `{"ok": true, ...}` or
/// `{"ok": false, "error": "message", "code": "..."}`. Subscribers (`watch`) also receive
/// `{"event": "status", "status": {...}}` lines whenever the status changes.
public enum ControlReply {
    /// A success reply carrying named payloads.
    public static func ok(_ payload: [String: JSONValue] = [:]) -> String {
        var fields = payload
        fields["ok"] = .bool(true)
        return jsonLine(JSONValue.object(fields))
    }

    /// A success reply with `payload`'s fields.
    public static func ok(_ payload: [ReplyField: JSONValue]) -> String {
        ok(Dictionary(uniqueKeysWithValues: payload.map { ($0.key.rawValue, $0.value) }))
    }

    /// A success reply with one encodable payload under `field`.
    public static func ok<T: Encodable>(_ field: ReplyField, _ value: T) -> String {
        ok([field: JSONValue(encoding: value)])
    }

    /// A success reply with one encodable payload under `key`.
    public static func ok<T: Encodable>(_ key: String, _ value: T) -> String {
        ok([key: JSONValue(encoding: value)])
    }

    /// An error reply. `code` is a stable machine-readable word (one of `ReplyCode`'s table); `message` is for people.
    public static func error(_ message: String, code: ReplyCode) -> String {
        jsonLine(JSONValue.object(["ok": .bool(false), "error": .string(message), "code": .string(code.rawValue)]))
    }

    /// A pushed status for subscribers.
    public static func statusEvent<T: Encodable>(_ status: T) -> String {
        jsonLine(JSONValue.object(["event": .string("status"), ReplyField.status.rawValue: JSONValue(encoding: status)]))
    }
}

extension JSONValue {
    /// The JSON value of any encodable (round-trips through the encoder; `null` if it cannot be encoded).
    public init<T: Encodable>(encoding value: T) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value),
            let decoded = try? JSONDecoder().decode(JSONValue.self, from: data)
        else {
            self = .null
            return
        }
        self = decoded
    }

    /// Parses one JSON text.
    public static func parse(_ text: String) -> JSONValue? {
        guard JSONNesting.refusal(of: text.utf8) == nil else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }
}
