/// The firing rules of model §4 as a pure function: given the plans, what has fired and the time, what to fire
/// now, what to arm, and what to re-arm.
public enum AlertFiring {
    /// A `next_stop` alert due when the arrival is at most this many seconds away is swallowed: it would land
    /// together with `arrival`.
    public static let nextStopSuppressionSeconds = 30

    /// What to do with a trip's alerts at one moment.
    public struct Decision: Equatable, Sendable {
        /// Alerts to fire at once, in trip order.
        public var fireNow: [AlertID] = []
        /// Alerts to arm, with their instants (all in the future).
        public var arm: [AlertID: Instant] = [:]
        /// Alerts that had fired but a correction moved into the future: forget they fired (they are in `arm`).
        public var unfire: Set<AlertID> = []
        /// `next_stop` alerts swallowed because the arrival is ≤ 30 s away. They are not marked fired (see
        /// docs/decisions.md): they stay quiet while the arrival is that close, and fire if a correction moves the
        /// arrival further away.
        public var suppressed: [AlertID] = []
        public init() {}
    }

    /// Applies the firing rules.
    ///
    /// - `plans`: the trip's current alert plans (`Trip.alerts()`).
    /// - `fired`: each alert that already fired, with the instant it fired.
    /// - `previousPlans`: the plans before the correction being applied, or nil when nothing was corrected
    ///   (start, restore after a restart, an alarm going off).
    ///
    /// An alert in the future is armed. A due alert that has not fired fires now, except `next_stop` when the
    /// arrival is ≤ 30 s away. A fired alert stays fired unless a correction moved its instant (so it differs
    /// from the previous plan) into the future, past the moment it fired: then it is un-fired and armed again.
    public static func evaluate(plans: [AlertPlan], fired: [AlertID: Instant], previousPlans: [AlertPlan]?,
                                now: Instant) -> Decision
    {
        var decision = Decision()
        let arrival = plans.first { $0.kind == .arrival }?.instant
        for plan in plans.sorted(by: { $0.id < $1.id }) {
            let id = plan.id
            if let firedAt = fired[id] {
                guard let previousPlans, plan.instant > now, plan.instant > firedAt else { continue }
                let previous = previousPlans.first { $0.id == id }?.instant
                if previous != plan.instant {
                    decision.unfire.insert(id)
                    decision.arm[id] = plan.instant
                }
                continue
            }
            if plan.instant > now {
                decision.arm[id] = plan.instant
            } else if plan.kind == .nextStop, let arrival,
                arrival.nanoseconds - now.nanoseconds <= Int64(nextStopSuppressionSeconds) * 1_000_000_000
            {
                decision.suppressed.append(id)
            } else {
                decision.fireNow.append(id)
            }
        }
        return decision
    }
}
