/// The envelope of every line the daemon sends, read back (`ControlReply` writes it): a reply, `ok` with its
/// payload, or a refusal with `error` and `code`; or a pushed event, named by `event`. The payload is read into its
/// own document; only these few fields are common to every line.
public struct ControlReplyHead: Equatable, Sendable {
    /// `true` for an answer, `false` for a refusal, nil for an event.
    public var ok: Bool?
    /// A refusal's message, in the language the request asked for.
    public var error: String?
    /// A refusal's code (`ReplyCode`), as sent: a newer daemon's code this one does not know is kept as text.
    public var code: String?
    /// An event's kind (`status`, `gesture`), nil for a reply.
    public var event: String?

    public init(ok: Bool? = nil, error: String? = nil, code: String? = nil, event: String? = nil) {
        self.ok = ok
        self.error = error
        self.code = code
        self.event = event
    }

    /// The head of one line as parsed; a field of the wrong type reads as absent, as a line that is not an object
    /// has no head at all.
    public init(_ line: JSONValue) {
        self.init(ok: line["ok"]?.boolValue, error: line["error"]?.stringValue, code: line["code"]?.stringValue,
                  event: line["event"]?.stringValue)
    }

    /// A refusal (`"ok": false`).
    public var isRefusal: Bool { ok == false }
    /// A pushed event rather than the reply to a request.
    public var isEvent: Bool { event != nil }
}
