/// One control connection's share of the daemon's only thread: what it spent in the current loop turn and in its
/// rate window, and until when it is throttled.
///
/// A value with no clock and no loop of its own: the turn number and every instant are arguments, so the rules are
/// tested by stepping a virtual clock (`ConnectionPacingTests`); `ControlServer` keeps one per connection and
/// arms its throttle timer from `throttledUntil`.
struct ConnectionPacing: Equatable {
    /// What charging a piece of work found.
    enum Charge: Equatable {
        /// Charged: the work may be done now.
        case charged
        /// The connection's share of this turn, or the turn's shared budget, is spent: the work waits for a later
        /// turn (a continuation), behind the other connections and the due timers.
        case laterTurn
        /// The connection's rate window is spent: it is throttled (neither read nor served) until `throttledUntil`.
        case throttled
    }

    /// The loop turn `turnSpent` belongs to.
    private(set) var turn: UInt64 = 0
    /// What the connection spent of `ConnectionLimits.connectionBudget` in `turn`.
    private(set) var turnSpent = 0
    /// When (boot time) its rate window began, and what its requests spent of the window's budget.
    private(set) var windowStart: Int64
    private(set) var windowSpent = 0
    /// Its rate budget is spent: it is neither read nor served before this boot time.
    private(set) var throttledUntil: Int64?

    /// A connection accepted at `now`: its first window starts then.
    init(now: Int64) { windowStart = now }

    /// Serving the connection in loop turn `turn` at `now`. A new turn gives it a fresh share (per turn, not per
    /// call: served from its descriptor's handler and from a continuation in one turn, it still gets one share);
    /// a window that is over starts a new one and lifts its throttle. True when a throttle was lifted.
    mutating func begin(turn: UInt64, now: Int64, limits: ConnectionLimits) -> Bool {
        if self.turn != turn {
            self.turn = turn
            turnSpent = 0
        }
        guard now &- windowStart >= limits.rateWindowNanoseconds else { return false }
        windowStart = now
        windowSpent = 0
        defer { throttledUntil = nil }
        return throttledUntil != nil
    }

    /// Charges `cost` units of work against the connection's share of this turn and against `turnBudgetLeft`, the
    /// turn's shared budget; work the client asked for (`fromWindow`) is charged against its rate window too,
    /// the daemon's own streamed output is not (it is paced by the client taking it).
    mutating func charge(_ cost: Int, turnBudgetLeft: Int, fromWindow: Bool, limits: ConnectionLimits) -> Charge {
        guard turnSpent + cost <= limits.connectionBudget, cost <= turnBudgetLeft else { return .laterTurn }
        if fromWindow {
            guard windowSpent + cost <= limits.connectionRateBudget else {
                throttledUntil = windowStart &+ limits.rateWindowNanoseconds
                return .throttled
            }
            windowSpent += cost
        }
        turnSpent += cost
        return .charged
    }

    /// The throttle timer fired at `now`: a throttle that is due is lifted and a new window starts now. True when
    /// it was lifted.
    mutating func liftThrottle(now: Int64) -> Bool {
        guard let until = throttledUntil, now >= until else { return false }
        throttledUntil = nil
        windowStart = now
        windowSpent = 0
        return true
    }
}
