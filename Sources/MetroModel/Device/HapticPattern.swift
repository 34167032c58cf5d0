/// What a buzz means (model §12.2), which decides its priority.
public enum HapticKind: String, Sendable, Codable, CaseIterable {
    /// A gesture was taken.
    case acknowledged
    /// A number: stops remaining, a route's stop count or a pinned route's position.
    case number
    /// A gesture was refused (no route, out of hours, nothing to do).
    case cannot
    /// "Next stop: change lines here" (ending with the ask to press "train departed").
    case changeHere
    /// "Press as your train pulls out": the reminder of that ask after a change.
    case trainDepartedReminder
    /// "Yours is next."
    case yoursIsNext
    /// "Get off now" — the arrival alarm.
    case getOffNow
    /// "Time to go" — a schedule reminder (no trip is running when it plays).
    case timeToGo

    /// Higher pre-empts lower: arrival > yours is next > change > number/acknowledged. "Cannot" is an answer
    /// to a gesture like "acknowledged", so it ranks with them: a refused press never hides an alert.
    public var priority: Int {
        switch self {
        case .acknowledged, .number, .cannot: return 0
        case .changeHere, .trainDepartedReminder, .timeToGo: return 1
        case .yoursIsNext: return 2
        case .getOffNow: return 3
        }
    }

    /// Alerts carry news about the ride (they are queued rather than lost, and a short press acknowledges
    /// them); the others answer a gesture and are worthless once stale.
    public var isAlert: Bool { priority > 0 }
}

/// How hard the rider wants to be buzzed.
public enum HapticStrength: String, Sendable, Codable, CaseIterable {
    /// The model's pulse lengths.
    case normal
    /// On-pulses half as long again (for a thick coat), still capped at 2 s.
    case strong
}

/// One step of a pattern: the motor on or off for some milliseconds.
public struct HapticStep: Sendable, Equatable, Codable {
    /// Motor on.
    public var on: Bool
    /// Length, milliseconds.
    public var ms: Int

    /// A step.
    public init(on: Bool, ms: Int) {
        self.on = on
        self.ms = ms
    }

    /// Motor on for `ms`.
    public static func on(_ ms: Int) -> HapticStep { HapticStep(on: true, ms: ms) }
    /// Motor off for `ms`.
    public static func off(_ ms: Int) -> HapticStep { HapticStep(on: false, ms: ms) }
}

/// A buzz: a kind and its on/off steps (model §12.2).
///
/// The steps are normalised on construction so that the motor is never on for more than 2 s at a stretch:
/// empty steps are dropped, adjacent steps of the same level merged, and on-steps cut to 2 s.
public struct HapticPattern: Sendable, Equatable {
    /// The longest the motor may stay on at a stretch, milliseconds.
    public static let maxContinuousOnMilliseconds = 2000
    /// The shortest pulse a coin motor reliably makes felt, milliseconds.
    public static let minimumPulseMilliseconds = 250
    /// The largest number buzzed as such; larger numbers are buzzed as this (no ride has that many stops).
    public static let maxNumber = 40

    /// What it means.
    public let kind: HapticKind
    /// The steps, normalised.
    public let steps: [HapticStep]

    /// A pattern from steps (normalised, see the type's doc).
    public init(kind: HapticKind, steps: [HapticStep]) {
        self.kind = kind
        var normalised: [HapticStep] = []
        for step in steps where step.ms > 0 {
            if let last = normalised.last, last.on == step.on {
                normalised[normalised.count - 1].ms += step.ms
            } else {
                normalised.append(step)
            }
        }
        self.steps = normalised.map { $0.on ? .on(min($0.ms, HapticPattern.maxContinuousOnMilliseconds)) : $0 }
    }

    /// Total length, milliseconds.
    public var durationMilliseconds: Int { steps.reduce(0) { $0 + $1.ms } }

    /// "Acknowledged": one 250 ms pulse.
    public static let acknowledged = HapticPattern(kind: .acknowledged, steps: [.on(250)])

    /// "Yours is next": 600 on / 300 off, three times.
    public static let yoursIsNext = HapticPattern(
        kind: .yoursIsNext, steps: Array(repeating: [.on(600), .off(300)], count: 3).flatMap { $0 })

    /// The ask to press "train departed": two quick taps (250 on, 200 off, 250 on) — the one motif played with a
    /// 200 ms gap, felt as "tap-tap: your turn to press".
    public static let pressAsk: [HapticStep] = [.on(250), .off(200), .on(250)]

    /// "Change lines here": 600/300/250/300/600, then a second's rest and the ask to press "train departed" as
    /// the next train pulls out (`pressAsk`).
    public static let changeHere = HapticPattern(
        kind: .changeHere, steps: [.on(600), .off(300), .on(250), .off(300), .on(600), .off(1000)] + pressAsk)

    /// "Press as your train pulls out", the reminder after a change: the ask alone, twice, a second apart
    /// (250/200/250, 1000 off, 250/200/250).
    public static let trainDepartedReminder = HapticPattern(
        kind: .trainDepartedReminder, steps: pressAsk + [.off(1000)] + pressAsk)

    /// "Get off now": 1000 on / 400 off, twice (the player repeats it, see `HapticPlayer`).
    public static let getOffNow = HapticPattern(
        kind: .getOffNow, steps: [.on(1000), .off(400), .on(1000), .off(400)])

    /// "Time to go": three rising pulses (250, 500, 1000, 300 off between), a second's rest, and again — unlike
    /// any ride alert, which all start with a 600 or 1000 ms pulse.
    public static let timeToGo = HapticPattern(
        kind: .timeToGo,
        steps: [.on(250), .off(300), .on(500), .off(300), .on(1000), .off(1000),
                .on(250), .off(300), .on(500), .off(300), .on(1000)])

    /// "Cannot": 250/250/250/250/800.
    public static let cannot = HapticPattern(
        kind: .cannot, steps: [.on(250), .off(250), .on(250), .off(250), .on(800)])

    /// A number: a long 800 ms pulse per five, then a 250 ms pulse per one, 400 ms off between
    /// (7 = long, short, short). Zero, which has no pulses, is one steady 1600 ms pulse (felt as "nothing
    /// left", unlike any count); negative numbers count as zero and numbers above `maxNumber` as `maxNumber`.
    public static func number(_ n: Int) -> HapticPattern {
        let value = min(max(n, 0), maxNumber)
        guard value > 0 else { return HapticPattern(kind: .number, steps: [.on(1600)]) }
        let pulses = Array(repeating: 800, count: value / 5) + Array(repeating: 250, count: value % 5)
        var steps: [HapticStep] = []
        for (i, pulse) in pulses.enumerated() {
            if i > 0 { steps.append(.off(400)) }
            steps.append(.on(pulse))
        }
        return HapticPattern(kind: .number, steps: steps)
    }

    /// The pattern at a strength: strong makes every on-pulse half as long again (rounded half away from
    /// zero), still capped at 2 s; pauses are unchanged.
    public func applying(_ strength: HapticStrength) -> HapticPattern {
        guard strength == .strong else { return self }
        return HapticPattern(kind: kind, steps: steps.map { $0.on ? .on(rha(Double($0.ms) * 1.5)) : $0 })
    }
}
