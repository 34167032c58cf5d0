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
