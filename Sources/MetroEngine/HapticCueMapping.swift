import MetroModel

// The one table between the engine's haptic cues, the model's patterns and the alerts they deliver
// (model §12.2). The daemon's device and the engine tests' player both play through it, so a new cue is added
// here once: its pattern, and whether feeling it delivers an alert.

extension HapticCue {
    /// The pattern the rider feels for this cue.
    public var pattern: HapticPattern {
        switch self {
        case .acknowledged: return .acknowledged
        case .number(let n): return .number(n)
        case .yoursIsNext: return .yoursIsNext
        case .changeHere: return .changeHere
        case .trainDepartedReminder: return .trainDepartedReminder
        case .getOffNow: return .getOffNow
        case .cannot: return .cannot
        case .timeToGo: return .timeToGo
        }
    }
}

extension AlertKind {
    /// The alert that a finished buzz of `kind` delivers (nil for gesture answers and reminders).
    public init?(delivering kind: HapticKind) {
        switch kind {
        case .changeHere: self = .transfer
        case .trainDepartedReminder: self = .trainDepartedReminder
        case .yoursIsNext: self = .nextStop
        case .getOffNow: self = .arrival
        case .acknowledged, .number, .cannot, .timeToGo: return nil
        }
    }
}

/// Which alert each pattern in a `HapticPlayer` announces, for a sink that plays the engine's alerts on it. The
/// player knows kinds only and holds at most one pattern of a kind (a newer one replaces it), so the alert played
/// last of a kind is the one a delivery of that kind belongs to — provided the deliveries are collected after
/// every call into the player, before the next alert of that kind is noted. The daemon's motor and the engine
/// tests' player both keep one.
public struct AlertPlayback: Sendable {
    /// The alert each kind's pattern announces.
    private var announced: [HapticKind: AlertID] = [:]
    /// Alerts delivered and not yet taken, in order.
    private var delivered: [AlertID] = []

    /// Nothing played yet.
    public init() {}

    /// Moves what `player` has delivered since the last call here into the alerts delivered. Call after every call
    /// into the player.
    public mutating func collect(from player: inout HapticPlayer) {
        for kind in player.takeDelivered() {
            guard let alert = AlertKind(delivering: kind) else { continue }
            // A pattern no alert was noted for (an alert cue played as a plain cue) is the first change's.
            let id = announced[kind] ?? AlertID(kind: alert)
            if !delivered.contains(id) { delivered.append(id) }
        }
    }

    /// The pattern just started (or resumed) for `id` announces it from now on. Call after `collect`.
    public mutating func announces(_ id: AlertID) { announced[HapticCue(alert: id.kind).pattern.kind] = id }

    /// Whether withdrawing `id` concerns the player's pattern of its kind: it announces `id`, or nothing was noted.
    /// Another change's alert of that kind is not stopped for this one.
    public func holds(_ id: AlertID) -> Bool {
        let noted = announced[HapticCue(alert: id.kind).pattern.kind]
        return noted == nil || noted == id
    }

    /// `id` was withdrawn: a delivery of it not yet taken no longer counts, as the player forgets a withdrawn
    /// kind's.
    public mutating func withdrew(_ id: AlertID) { delivered.removeAll { $0 == id } }

    /// Hands over (and forgets) the alerts delivered so far, in order.
    public mutating func take() -> [AlertID] {
        defer { delivered = [] }
        return delivered
    }
}
