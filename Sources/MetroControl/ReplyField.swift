/// The top-level fields of a reply (beside `ok`, `error` and `code`) and of a pushed event (beside `event`): named
/// once here, for the daemon that writes them and the command line that reads them.
public enum ReplyField: String, Sendable, CaseIterable {
    case status, routes, journal, stats, accuracy, calibration, year, reminders, added, removed
    case suspensions, suspend, resumed, pin, unpin, acknowledged, pressed, gesture
    case recording, recordings, samples, stops, next, deleted
}

extension JSONValue {
    /// A top-level field of a reply or event; nil when it is not there (or this is not an object).
    public subscript(field field: ReplyField) -> JSONValue? { self[field.rawValue] }
}
