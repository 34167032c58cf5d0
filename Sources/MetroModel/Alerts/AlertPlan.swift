/// The three alerts of a trip, in firing order (model §4).
public enum AlertKind: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// "Next stop: change lines here."
    case transfer
    /// "Yours is next."
    case nextStop = "next_stop"
    /// "Get off now."
    case arrival

    /// Position in the firing order (transfer, next_stop, arrival).
    public var order: Int { AlertKind.allCases.firstIndex(of: self)! }
    public static func < (lhs: AlertKind, rhs: AlertKind) -> Bool { lhs.order < rhs.order }
}

/// When an alert is due and which station it is about.
public struct AlertPlan: Hashable, Sendable, Codable {
    public var kind: AlertKind
    public var instant: Instant
    /// For `transfer` the exit station (where to get off to change); for the others the destination.
    public var station: StationID
    public init(kind: AlertKind, instant: Instant, station: StationID) {
        self.kind = kind
        self.instant = instant
        self.station = station
    }
}

extension Trip {
    /// The alert instants of the trip in firing order (model §4 table).
    ///
    /// - `transfer` (only for a change whose boarding station is not the destination): the arrival at the last
    ///   stop among events 1 … k−2 (k = transfer index), or t0 if there is none — so a change at the first stop
    ///   after the departure still gets its warning, at once.
    /// - `next_stop`: the arrival at the last event before the destination that is a stop or a transfer
    ///   (index ≥ 1), or t0 if none — but never later than the earliest plausible arrival at the destination less
    ///   a margin (`earliestPlausibleArrival`, `ArrivalUncertainty.marginSeconds`), and never before t0. On one
    ///   line the stop before yours usually comes first; after a change not yet confirmed the wait may have been
    ///   none, and the warning comes early enough for that.
    /// - `arrival`: the arrival at the destination.
    public func alerts() -> [AlertPlan] {
        var plans: [AlertPlan] = []
        let last = events.count - 1
        if let k = transferIndex {
            let before = k >= 3 ? (1...(k - 2)).last { events[$0].isStop } : nil
            plans.append(AlertPlan(kind: .transfer, instant: before.map { events[$0].arrival } ?? t0,
                                   station: events[k - 1].station))
        }
        let penultimate = last >= 2 ? (1...(last - 1)).last { events[$0].isStop || events[$0].isTransfer } : nil
        let atPenultimate = penultimate.map { events[$0].arrival } ?? t0
        let neverLate = earliestPlausibleArrival - ArrivalUncertainty.marginSeconds
        plans.append(AlertPlan(kind: .nextStop, instant: max(min(atPenultimate, neverLate), t0), station: to))
        plans.append(AlertPlan(kind: .arrival, instant: arrival, station: to))
        return plans
    }
}
