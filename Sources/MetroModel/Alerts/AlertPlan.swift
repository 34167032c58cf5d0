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

/// One alert of a trip: its kind and, for the alerts of a change, which change (0 for the first, and for
/// `next_stop` and `arrival`). A ride with one change — every Kyiv ride — has exactly one alert of each kind.
///
/// Stored and compared as text: the kind's name for change 0 (`transfer`), with `#N` for the N-th change after it
/// (`transfer#2`), so a trip stored before later changes had alerts of their own reads back unchanged.
public struct AlertID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var kind: AlertKind
    /// 0 for the first change and for the alerts that belong to no change; 1 for the second change, and so on.
    public var change: Int

    public init(kind: AlertKind, change: Int = 0) {
        self.kind = kind
        self.change = max(change, 0)
    }

    public static let transfer = AlertID(kind: .transfer)
    public static let trainDepartedReminder = AlertID(kind: .trainDepartedReminder)
    public static let nextStop = AlertID(kind: .nextStop)
    public static let arrival = AlertID(kind: .arrival)

    /// `transfer`, `transfer#2`, …
    public var description: String { change == 0 ? kind.rawValue : "\(kind.rawValue)#\(change + 1)" }

    /// The text form back; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard let kind = AlertKind(rawValue: String(parts[0])) else { return nil }
        if parts.count == 1 { self.init(kind: kind); return }
        guard let ordinal = Int(parts[1]), ordinal >= 2, ordinal <= 1000, String(ordinal) == parts[1] else { return nil }
        self.init(kind: kind, change: ordinal - 1)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = AlertID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an alert: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The firing order: by kind (transfer, reminder, next stop, arrival), then by change.
    public static func < (a: AlertID, b: AlertID) -> Bool { (a.kind.order, a.change) < (b.kind.order, b.change) }
}

/// When an alert is due and which station it is about.
public struct AlertPlan: Hashable, Sendable, Codable {
    public var kind: AlertKind
    public var instant: Instant
    /// For `transfer` the exit station (where to get off to change); for `trainDepartedReminder` the station the
    /// next train leaves from; for the others the destination.
    public var station: StationID
    /// Which change a `transfer` or `trainDepartedReminder` is about (0: the first); 0 for the others.
    public var change: Int

    public init(kind: AlertKind, instant: Instant, station: StationID, change: Int = 0) {
        self.kind = kind
        self.instant = instant
        self.station = station
        self.change = change
    }

    /// The alert this plan is for.
    public var id: AlertID { AlertID(kind: kind, change: change) }

    private enum CodingKeys: String, CodingKey { case kind, instant, station, change }

    /// A plan stored before changes were numbered has none: it is about the first change.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(AlertKind.self, forKey: .kind)
        instant = try c.decode(Instant.self, forKey: .instant)
        station = try c.decode(StationID.self, forKey: .station)
        change = max(try c.decodeIfPresent(Int.self, forKey: .change) ?? 0, 0)
    }

    /// Written as before for the first change (no `change` key), so older readers of a stored trip read it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(instant, forKey: .instant)
        try c.encode(station, forKey: .station)
        if change != 0 { try c.encode(change, forKey: .change) }
    }
}

extension Trip {
    /// The alert instants of the trip in firing order (model §4 table).
    ///
    /// - `transfer`, for each change whose boarding station is not the destination: for the first, the arrival at
    ///   the last stop among events 1 … k−2 (k = its transfer event), or t0 if there is none — so a change at the
    ///   first stop after the departure still gets its warning, at once; for a later one, the arrival at the last
    ///   stop after the previous change and before its exit station, or as the previous change's train leaves.
    /// - `trainDepartedReminder`, for each change not yet confirmed (`changeReminderInstant(change:)`): shortly
    ///   after the earliest plausible departure of the train after it, the ask of "change here" once more. A "train
    ///   departed" press (or any anchor past the change) removes it.
    /// - `next_stop`: the arrival at the last event before the destination that is a stop or a transfer
    ///   (index ≥ 1), or t0 if none — but never later than the earliest plausible arrival at the destination less
    ///   a margin (`earliestPlausibleArrival`, `ArrivalUncertainty.marginSeconds`), and never before t0. On one
    ///   line the stop before yours usually comes first; after a change not yet confirmed the wait may have been
    ///   none, and the warning comes early enough for that.
    /// - `arrival`: the arrival at the destination.
    ///
    /// In order: each change's `transfer` then its reminder, change by change, then `next_stop` and `arrival`.
    public func alerts() -> [AlertPlan] {
        var plans: [AlertPlan] = []
        let changes = changeIndices
        for (change, k) in changes.enumerated() {
            let instant: Instant
            if change == 0 {
                let before = k >= 3 ? (1...(k - 2)).last { events[$0].isStop } : nil
                instant = before.map { events[$0].arrival } ?? t0
            } else {
                let previous = changes[change - 1]
                let before = k - 2 > previous ? ((previous + 1)...(k - 2)).last { events[$0].isStop } : nil
                instant = events[before ?? previous].arrival
            }
            plans.append(AlertPlan(kind: .transfer, instant: instant, station: events[k - 1].station, change: change))
            if let reminder = changeReminderInstant(change: k) {
                plans.append(AlertPlan(kind: .trainDepartedReminder, instant: reminder, station: events[k].station,
                                       change: change))
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
    public var changeReminderInstant: Instant? { transferIndex.flatMap { changeReminderInstant(change: $0) } }

    /// The reminder of the change whose transfer event is `k`, by the same rule.
    public func changeReminderInstant(change k: Int) -> Instant? {
        guard k >= 1, k + 1 < events.count, events[k].isTransfer, events[k].bookedWaitSeconds != nil, (current ?? 0) < k,
            let latest = latestPlausibleDeparture(change: k)
        else { return nil }
        let instant = max(earliestPlausible(at: k) + Trip.changeReminderDelaySeconds, events[k - 1].arrival)
        return instant < latest ? instant : nil
    }
}
