/// What the motor must do now and when the player needs to run again.
public struct HapticOutput: Sendable, Equatable {
    /// Drive the motor on (true) or off.
    public var motorOn: Bool
    /// When to call `tick` next; nil when nothing is pending (an idle daemon sleeps).
    public var nextDeadline: Instant?

    /// An output.
    public init(motorOn: Bool, nextDeadline: Instant?) {
        self.motorOn = motorOn
        self.nextDeadline = nextDeadline
    }
}

/// Plays haptic patterns on an on/off motor (model §12.2): a pure state machine driven by one timer.
///
/// The daemon calls `play`, `acknowledge`, `stop` and, at `nextDeadline`, `tick`, and drives the motor to
/// `motorOn` after each. Steps are scheduled from the previous step's planned end, not from when the timer
/// happened to run, so a late wake-up never stretches a pattern.
///
/// Rules:
/// - **Pre-emption.** A pattern of equal or higher priority than the one playing replaces it at once (the
///   newest answer to the rider is the one that counts). If the motor was on at that moment, the new pattern
///   starts with a 250 ms pause so its first pulse is felt as its own (and no two pulses fuse past 2 s).
///   The same pause comes before a queued alert that follows a pulse cut by `acknowledge`.
///   An alert cut short by a higher alert goes back to the queue; get-off-now clears the queue, since nothing
///   else matters once the rider must get off.
/// - **Lower priority while something plays.** An alert (change here, yours is next) is queued and plays when
///   the current pattern ends — it is news the rider needs; one per kind, highest first. A gesture answer
///   (acknowledged, number, cannot) is dropped — it would be stale by then.
/// - **Arrival alarm.** Get-off-now plays at once and is then *repeated* every 20 s (start to start) up to 3
///   times — four plays in all, reading "repeated … up to 3 times" as three repeats after the first, which
///   errs toward the rider noticing — until `acknowledge`. Playing get-off-now again restarts the count.
/// - **Safety cap.** Beyond the patterns' own 2 s cap, the player itself never leaves the motor on for more than
///   2 s at a stretch: if that ever happened, the pulse is cut and a 250 ms pause follows.
public struct HapticPlayer: Sendable, Equatable {
    /// Time between the starts of two arrival alarm plays, nanoseconds.
    public static let arrivalRepeatInterval: Int64 = 20_000_000_000
    /// Repeats of the arrival alarm after its first play.
    public static let arrivalRepeats = 3

    /// The strength applied to every pattern played from now on.
    public var strength: HapticStrength
    /// Whether the motor is on.
    public private(set) var motorOn = false

    private struct Playing: Sendable, Equatable {
        var pattern: HapticPattern
        var steps: [HapticStep]
        var index: Int
        var stepStartedAt: Instant
        var stepEndsAt: Instant { Instant(nanoseconds: stepStartedAt.nanoseconds + Int64(steps[index].ms) * 1_000_000) }
    }

    private var current: Playing?
    private var queue: [HapticPattern] = []
    private var arrivalPattern: HapticPattern?
    private var arrivalRepeatsLeft = 0
    private var nextArrivalRepeatAt: Instant?
    private var motorOnSince: Instant?

    /// A silent player.
    public init(strength: HapticStrength = .normal) {
        self.strength = strength
    }

    /// The kind of the pattern playing now.
    public var playing: HapticKind? { current?.pattern.kind }

    /// The kinds waiting to play, in order.
    public var queued: [HapticKind] { queue.map(\.kind) }

    /// Arrival alarm repeats still to come.
    public var pendingArrivalRepeats: Int { nextArrivalRepeatAt == nil ? 0 : arrivalRepeatsLeft }

    /// Whether an alert is buzzing or the arrival alarm is waiting to repeat: the "alert buzzing" state of the
    /// gesture table, where a short press acknowledges.
    public var isAlertBuzzing: Bool { current?.pattern.kind.isAlert == true || nextArrivalRepeatAt != nil }

    /// What to do now.
    public var output: HapticOutput { HapticOutput(motorOn: motorOn, nextDeadline: nextDeadline().map(\.at)) }

    /// Starts, queues or drops a pattern by the priority rules.
    public mutating func play(_ pattern: HapticPattern, now: Instant) -> HapticOutput {
        advance(to: now)
        let pattern = pattern.applying(strength)
        if let cur = current, pattern.kind.priority < cur.pattern.kind.priority {
            if pattern.kind.isAlert { enqueue(pattern) }
            return output
        }
        if pattern.kind == .getOffNow {
            queue.removeAll()
            arrivalPattern = pattern
            arrivalRepeatsLeft = HapticPlayer.arrivalRepeats
            nextArrivalRepeatAt = Instant(nanoseconds: now.nanoseconds + HapticPlayer.arrivalRepeatInterval)
        } else if let cur = current, cur.pattern.kind.isAlert, cur.pattern.kind != pattern.kind {
            enqueue(cur.pattern)
        }
        start(pattern, at: now, pauseFirst: motorOn)
        return output
    }

    /// Runs every step due by `now`.
    public mutating func tick(now: Instant) -> HapticOutput {
        advance(to: now)
        return output
    }

    /// The rider acknowledged: the alert playing stops and the arrival alarm repeats no more; a queued alert
    /// (news not yet given) then plays. Nothing happens when no alert is buzzing.
    public mutating func acknowledge(now: Instant) -> HapticOutput {
        advance(to: now)
        guard isAlertBuzzing else { return output }
        nextArrivalRepeatAt = nil
        arrivalRepeatsLeft = 0
        if current?.pattern.kind.isAlert == true {
            let wasOn = motorOn
            current = nil
            setMotor(false, at: now)
            startNextQueued(at: now, pauseFirst: wasOn)
        }
        return output
    }

    /// An alert that no longer holds (a correction moved it back into the future, or its trip ended): it stops if
    /// it is playing, leaves the queue, and for get-off-now the repeats stop. Unlike `acknowledge` it touches only
    /// that alert; a queued alert then plays as after `acknowledge`. Gesture answers cannot be withdrawn.
    public mutating func withdraw(_ kind: HapticKind, now: Instant) -> HapticOutput {
        advance(to: now)
        guard kind.isAlert else { return output }
        queue.removeAll { $0.kind == kind }
        if kind == .getOffNow {
            arrivalPattern = nil
            arrivalRepeatsLeft = 0
            nextArrivalRepeatAt = nil
        }
        if current?.pattern.kind == kind {
            let wasOn = motorOn
            current = nil
            setMotor(false, at: now)
            startNextQueued(at: now, pauseFirst: wasOn)
        }
        return output
    }

    /// Silence: everything stops and is forgotten, motor off (exit and error paths).
    public mutating func stop() -> HapticOutput {
        current = nil
        queue.removeAll()
        arrivalPattern = nil
        arrivalRepeatsLeft = 0
        nextArrivalRepeatAt = nil
        motorOn = false
        motorOnSince = nil
        return output
    }

    // MARK: - Machinery

    private enum Due { case stepEnd, cap, arrivalRepeat }

    private func nextDeadline() -> (at: Instant, kind: Due)? {
        var best: (at: Instant, kind: Due)?
        // Ties resolve in this order: a step that ends exactly at a repeat finishes first.
        func consider(_ at: Instant?, _ kind: Due) {
            guard let at else { return }
            if best == nil || at < best!.at { best = (at, kind) }
        }
        consider(current?.stepEndsAt, .stepEnd)
        if motorOn, let since = motorOnSince {
            consider(Instant(nanoseconds: since.nanoseconds + Int64(HapticPattern.maxContinuousOnMilliseconds) * 1_000_000), .cap)
        }
        consider(nextArrivalRepeatAt, .arrivalRepeat)
        return best
    }

    private mutating func advance(to now: Instant) {
        while let (at, kind) = nextDeadline(), at <= now {
            switch kind {
            case .stepEnd:
                guard var cur = current else { break }
                let end = cur.stepEndsAt
                cur.index += 1
                cur.stepStartedAt = end
                if cur.index < cur.steps.count {
                    current = cur
                    setMotor(cur.steps[cur.index].on, at: end)
                } else {
                    let endedOn = motorOn
                    current = nil
                    setMotor(false, at: end)
                    startNextQueued(at: end, pauseFirst: endedOn)
                }
            case .cap:
                // Cut the pulse and rest; then carry on with the rest of the pattern.
                if var cur = current {
                    cur.steps[cur.index] = .off(HapticPattern.minimumPulseMilliseconds)
                    cur.stepStartedAt = at
                    current = cur
                }
                setMotor(false, at: at)
            case .arrivalRepeat:
                arrivalRepeatsLeft -= 1
                nextArrivalRepeatAt = arrivalRepeatsLeft > 0
                    ? Instant(nanoseconds: at.nanoseconds + HapticPlayer.arrivalRepeatInterval) : nil
                if let pattern = arrivalPattern { start(pattern, at: at, pauseFirst: motorOn) }
            }
        }
    }

    /// Starts a pattern; `pauseFirst` (the motor was just on) puts a 250 ms pause before it so its first pulse
    /// does not fuse with the previous one.
    private mutating func start(_ pattern: HapticPattern, at: Instant, pauseFirst: Bool) {
        var steps = pattern.steps
        if pauseFirst { steps.insert(.off(HapticPattern.minimumPulseMilliseconds), at: 0) }
        guard !steps.isEmpty else {
            current = nil
            setMotor(false, at: at)
            return
        }
        current = Playing(pattern: pattern, steps: steps, index: 0, stepStartedAt: at)
        setMotor(steps[0].on, at: at)
    }

    private mutating func startNextQueued(at: Instant, pauseFirst: Bool) {
        guard !queue.isEmpty else { return }
        start(queue.removeFirst(), at: at, pauseFirst: pauseFirst)
    }

    private mutating func enqueue(_ pattern: HapticPattern) {
        queue.removeAll { $0.kind == pattern.kind }
        let index = queue.firstIndex { $0.kind.priority < pattern.kind.priority } ?? queue.count
        queue.insert(pattern, at: index)
    }

    private mutating func setMotor(_ on: Bool, at: Instant) {
        if on && !motorOn { motorOnSince = at }
        if !on { motorOnSince = nil }
        motorOn = on
    }
}
