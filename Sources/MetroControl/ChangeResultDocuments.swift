/// `{"unpin": {...}}` and `{"suspend": {...}}`: which way a change request went (`unpinned` or `not_pinned`,
/// `suspended` or `already_suspended`), so the rider hears when nothing changed.
public struct ChangeResultDocument: Codable, Equatable, Sendable {
    public var result: String
    public init(result: String) { self.result = result }
}

/// `{"pin": {"result", "evicted"}}`: `pinned` or `already_pinned`, and the oldest pinned route it unpinned to make
/// room (`null` when none was).
public struct PinResultDocument: Codable, Equatable, Sendable {
    public var result: String
    @ExplicitNull public var evicted: RoutesDocument.Route?
    public init(result: String, evicted: RoutesDocument.Route?) {
        self.result = result
        self.evicted = evicted
    }
}
