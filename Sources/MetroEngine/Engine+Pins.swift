import MetroModel

/// Pinning that says what happened: a route already pinned, a route that was not pinned, the oldest pin evicted by
/// a seventh.
extension Engine {
    /// What `pin` did.
    public enum PinResult: Equatable, Sendable {
        /// Pinned as the newest; `evicted` is the oldest pin dropped to keep six.
        case pinned(evicted: RouteChoice?)
        /// It was pinned already; nothing changed.
        case alreadyPinned
    }

    /// Pins a route (never unpins it).
    @discardableResult
    public func pin(_ choice: RouteChoice, now: Instant) throws(EngineError) -> PinResult {
        do { try network.checkRoute(from: choice.from, to: choice.to) } catch { throw .plan(error) }
        guard !routes.isPinned(choice) else { finish(now: now); return .alreadyPinned }
        var book = routes
        let evicted = book.pin(choice)
        let store = self.store, selected = selectedRoute
        try persist { try store.saveRoutes(book, selected: selected) }
        routes = book
        if let evicted { log.info("pinned \(choice.from) → \(choice.to); the oldest pin \(evicted.from) → \(evicted.to) made room") }
        finish(now: now)
        return .pinned(evicted: evicted)
    }

    /// Unpins a route; false (and nothing stored) when it was not pinned.
    @discardableResult
    public func unpinReporting(_ choice: RouteChoice, now: Instant) throws(EngineError) -> Bool {
        guard routes.isPinned(choice) else { finish(now: now); return false }
        try unpin(choice, now: now)
        return true
    }
}
