/// Turns the stop detector's events into the one fact the engine takes from motion (model §5.5): the train after a
/// change pulled out at this instant.
///
/// A change is where the rider walks: a departure counts only as the **first** start of running after a walk,
/// with the pull-away felt. Anything that breaks the chain — a stop (the rider was on a train again, so its
/// departure was missed), a gap in the samples, a start without a pull-away — forgets the walk, so a later
/// departure (from the next station) can never be taken for the one after the change: that would put the
/// countdown a station behind the train. A value; it keeps one instant.
public struct ChangeDepartureWatch: Sendable, Equatable {
    /// The end of the last walk, while nothing has moved since.
    public private(set) var walkEnded: Instant?

    public init() {}

    /// Notes one event; returns the instant of a departure after a walk, if this event is one.
    public mutating func note(_ event: MotionEvent) -> Instant? {
        switch event {
        case .walk(_, let until):
            walkEnded = until
            return nil
        case .departure(let at, let pulledAway):
            defer { walkEnded = nil }
            guard let ended = walkEnded, pulledAway, at >= ended - MotionThresholds.confirmWindows else { return nil }
            return at
        case .stop, .gap:
            walkEnded = nil
            return nil
        }
    }
}
