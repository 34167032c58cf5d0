/// The alerts of a trip, in firing order (model §4).
public enum AlertKind: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// "Next stop: change lines here" — ending with the ask to press "train departed" as the next train pulls out.
    case transfer
    /// "Press as your train pulls out": the one reminder of the ask, while the change is not yet confirmed.
    case trainDepartedReminder = "train_departed_reminder"
    /// "Yours is next."
    case nextStop = "next_stop"
    /// "Get off now."
    case arrival

    /// Position in the firing order (transfer, train_departed_reminder, next_stop, arrival).
    public var order: Int { AlertKind.allCases.firstIndex(of: self)! }
    public static func < (lhs: AlertKind, rhs: AlertKind) -> Bool { lhs.order < rhs.order }
}

/// When an alert is due and which station it is about.
public struct AlertPlan: Hashable, Sendable, Codable {
    public var kind: AlertKind
    public var instant: Instant
    /// For `transfer` the exit station (where to get off to change); for `trainDepartedReminder` the station the
    /// next train leaves from; for the others the destination.
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
    /// - `trainDepartedReminder` (only while the change is not confirmed, `changeReminderInstant`): shortly after
    ///   the earliest plausible departure of the train after the change, the ask of "change here" once more. A
    ///   "train departed" press (or any anchor past the change) removes it.
    /// - `arrival`: the arrival at the destination.
    public func alerts() -> [AlertPlan] {
        var plans: [AlertPlan] = []
        if let k = transferIndex {
            let before = k >= 3 ? (1...(k - 2)).last { events[$0].isStop } : nil
            plans.append(AlertPlan(kind: .transfer, instant: before.map { events[$0].arrival } ?? t0,
                                   station: events[k - 1].station))
            if let reminder = changeReminderInstant {
                plans.append(AlertPlan(kind: .trainDepartedReminder, instant: reminder, station: events[k].station))
            }
        }
        let neverLate = earliestPlausibleArrival - ArrivalUncertainty.marginSeconds
        plans.append(AlertPlan(kind: .nextStop, instant: max(min(stopBeforeDestinationArrival, neverLate), t0),
                               station: to))
        plans.append(AlertPlan(kind: .arrival, instant: arrival, station: to))
        return plans
    }
}

extension Trip {
    /// The arrival at the last event before the destination that is a stop or a transfer (index ≥ 1), or t0 if
    /// none: where "yours is next" belongs when nothing is uncertain. Before the never-late bound (model §4) this
    /// alone was the `next_stop` instant; the accuracy lab still scores that rule as the "before" of its figures.
    public var stopBeforeDestinationArrival: Instant {
        let last = events.count - 1
        let penultimate = last >= 2 ? (1...(last - 1)).last { events[$0].isStop || events[$0].isTransfer } : nil
        return penultimate.map { events[$0].arrival } ?? t0
    }

    /// How long after the earliest plausible departure of the train after a change the reminder comes: a train
    /// that left at the earliest is then just pulling out, so a rider who missed the ask presses a few seconds
    /// late at worst; every later train is still to come.
    public static let changeReminderDelaySeconds = 15

    /// When the "train departed" reminder is due (model §4): `changeReminderDelaySeconds` after the earliest
    /// plausible departure of the train after the change, never before the modelled arrival at the exit station
    /// (the rider is on the first train until then). Nil when there is no change, when it is confirmed (the
    /// booked wait is gone: a "train departed" press, or a correction anchored past it), or when the press would
    /// no longer be taken by then.
    public var changeReminderInstant: Instant? {
        guard let k = transferIndex, k + 1 < events.count, events[k].bookedWaitSeconds != nil, (current ?? 0) < k,
            let latest = latestPlausibleChangeDeparture
        else { return nil }
        let instant = max(earliestPlausible(at: k) + Trip.changeReminderDelaySeconds, events[k - 1].arrival)
        return instant < latest ? instant : nil
    }
}
