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
/// happened to run, so a late wake-up never stretches a pattern. The schedule counts from the moment the pattern's
/// first pulse really began (`pulseBegan(at:)`): a start the system delayed moves the whole pattern later instead
/// of cutting its first pulse short, since a pulse's length is what tells the patterns apart (a 250 ms tap from a
/// 600 ms "yours is next" pulse, a strong 375 ms one from a normal 250 ms one).
///
/// Rules:
/// - **Pre-emption.** A pattern of equal or higher priority than the one playing replaces it at once (the
///   newest answer to the rider is the one that counts). If the motor was on at that moment, the new pattern
///   starts with a 250 ms pause so its first pulse is felt as its own (and no two pulses fuse past 2 s). "On" is
///   judged by the motor as the owner last drove it, too: a step that ended by the schedule between two calls
///   never reached the motor, so a pattern started in the same call would otherwise continue that pulse.
///   The same pause comes before a queued alert that follows a pulse cut by `acknowledge`.
///   An alert cut short by a higher alert goes back to the queue; get-off-now clears the queue, since nothing
///   else matters once the rider must get off.
/// - **Lower priority while something plays.** An alert (change here, yours is next) is queued and plays when
///   the current pattern ends — it is news the rider needs; one per kind, highest first. A gesture answer
///   (acknowledged, number, cannot) is dropped — it would be stale by then.
/// - **Arrival alarm.** Get-off-now plays at once and then follows its `ArrivalAlarm` schedule (by default
///   repeating, ever stronger, until `acknowledge`, up to an 8-minute cap that ends with a final pattern). Each
///   repeat is one absolute deadline; playing get-off-now again restarts the schedule, and
///   `resumeArrivalAlarm` picks it up where it stands (a restarted daemon).
/// - **Delivery.** An alert counts as *delivered* — the rider has felt all of it — when its pattern played to its
///   end, when it was acknowledged, or when get-off-now superseded it; the arrival alarm is delivered when
///   acknowledged or when its last play ended. `takeDelivered` hands these over, so the owner can record them:
///   an alert fired but not delivered is replayed after a restart.
/// - **Safety cap.** Beyond the patterns' own 2 s cap, the player itself never leaves the motor on for more than
///   2 s at a stretch: if that ever happened, the pulse is cut and a 250 ms pause follows.
public struct HapticPlayer: Sendable, Equatable {
    /// The strength applied to every pattern played from now on.
    public var strength: HapticStrength
    /// The arrival alarm's schedule.
    public let arrivalAlarm: ArrivalAlarm
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
    /// When the arrival alarm's first play started (nil: no alarm).
    private var alarmStartedAt: Instant?
    /// The index in `arrivalAlarm.plays` of the next repeat.
    private var alarmNextPlay = 0
    private var nextArrivalRepeatAt: Instant?
    private var motorOnSince: Instant?
    /// The motor as the owner drove it after the last call: the model's motor may have gone off by the schedule
    /// since, but the real one stays on until the owner hears so.
    private var drivenOn = false
    private var deliveredKinds: [HapticKind] = []

    /// A silent player.
    public init(strength: HapticStrength = .normal, arrivalAlarm: ArrivalAlarm = ArrivalAlarm(.untilAcknowledged)) {
        self.strength = strength
        self.arrivalAlarm = arrivalAlarm
    }

    /// The kind of the pattern playing now.
    public var playing: HapticKind? { current?.pattern.kind }

    /// The pulse the motor plays now: the pattern's kind, which of its on-pulses (1-based) and how many it has;
    /// nil while the motor is off.
    public var currentPulse: (kind: HapticKind, number: Int, count: Int)? {
        guard motorOn, let cur = current, cur.steps[cur.index].on else { return nil }
        let pulses = cur.steps.indices.filter { cur.steps[$0].on }
        guard let number = pulses.firstIndex(of: cur.index) else { return nil }
        return (cur.pattern.kind, number + 1, pulses.count)
    }

    /// The kinds waiting to play, in order.
    public var queued: [HapticKind] { queue.map(\.kind) }

    /// Arrival alarm repeats still to come.
    public var pendingArrivalRepeats: Int { nextArrivalRepeatAt == nil ? 0 : arrivalAlarm.plays.count - alarmNextPlay }

    /// The alerts delivered since the last `takeDelivered`, in order (see the type's doc).
    public var delivered: [HapticKind] { deliveredKinds }

    /// Hands over (and forgets) the alerts delivered so far.
    public mutating func takeDelivered() -> [HapticKind] {
        defer { deliveredKinds = [] }
        return deliveredKinds
    }

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
            return driven()
        }
        if pattern.kind == .getOffNow {
            supersedeOtherAlerts()
            alarmStartedAt = now
            alarmNextPlay = 1
            nextArrivalRepeatAt = repeatInstant(alarmNextPlay)
        } else if let cur = current, cur.pattern.kind.isAlert, cur.pattern.kind != pattern.kind {
            enqueue(cur.pattern)
        }
        start(pattern, at: now, pauseFirst: motorOn)
        return driven()
    }

    /// Takes up an arrival alarm whose first play started at `startedAt` (before a restart): the play due now by
    /// the schedule starts at once — the one a crash may have cut short or the rider may not have felt — and the
    /// schedule carries on at its own instants. A scheduled play that would follow the resumed one within 2 s of
    /// its end is skipped (two plays fused into one say nothing more), except the final one, which waits.
    public mutating func resumeArrivalAlarm(startedAt: Instant, now: Instant) -> HapticOutput {
        advance(to: now)
        supersedeOtherAlerts()
        // A stored instant is outside input: saturate rather than trap.
        let elapsed = max(now.nanoseconds.saturatingMinus(startedAt.nanoseconds), 0) / 1_000_000
        let index = arrivalAlarm.playIndex(atElapsedMilliseconds: elapsed)
        let pattern = arrivalAlarm.plays[index].pattern.applying(strength)
        alarmStartedAt = startedAt
        let pause = motorOn || drivenOn ? HapticPattern.minimumPulseMilliseconds : 0
        let playEnds = now.nanoseconds.saturatingPlus(Int64(pattern.durationMilliseconds + pause) * 1_000_000)
        var next = index + 1
        while next < arrivalAlarm.plays.count - 1, let at = repeatInstant(next), at.nanoseconds < playEnds.saturatingPlus(2_000_000_000) {
            next += 1
        }
        alarmNextPlay = next
        let earliest = Instant(nanoseconds: playEnds.saturatingPlus(Int64(HapticPattern.minimumPulseMilliseconds) * 1_000_000))
        nextArrivalRepeatAt = repeatInstant(next).map { max($0, earliest) }
        start(pattern, at: now, pauseFirst: motorOn)
        return driven()
    }

    /// The motor came on at `actual` for the pulse playing now (the owner reads the clock once its write to the
    /// motor has returned). For a pattern's first pulse whose start the system delayed — the process held by the
    /// scheduler between reading the clock and driving the motor, or a late timer after a pause — the pattern's
    /// schedule counts from `actual`: the pulse lasts its full length and every step after it moves later by the
    /// delay. A start on time, or a later pulse of the pattern, changes nothing (the pattern keeps its own
    /// schedule, so stalls never add up). The 2 s cap counts from `actual` too.
    public mutating func pulseBegan(at actual: Instant) -> HapticOutput {
        guard motorOn, var cur = current, cur.steps[cur.index].on, actual > cur.stepStartedAt,
              !cur.steps[..<cur.index].contains(where: \.on) else { return driven() }
        if motorOnSince == cur.stepStartedAt { motorOnSince = actual }
        cur.stepStartedAt = actual
        current = cur
        return driven()
    }

    /// Runs every step due by `now`.
    public mutating func tick(now: Instant) -> HapticOutput {
        advance(to: now)
        return driven()
    }

    /// The rider acknowledged: the alert playing stops and the arrival alarm repeats no more; a queued alert
    /// (news not yet given) then plays. Nothing happens when no alert is buzzing.
    public mutating func acknowledge(now: Instant) -> HapticOutput {
        advance(to: now)
        guard isAlertBuzzing else { return driven() }
        if alarmStartedAt != nil { noteDelivered(.getOffNow) }
        endAlarm()
        if let kind = current?.pattern.kind, kind.isAlert {
            noteDelivered(kind)
            let wasOn = motorOn
            current = nil
            setMotor(false, at: now)
            startNextQueued(at: now, pauseFirst: wasOn)
        }
        return driven()
    }

    /// An alert that no longer holds (a correction moved it back into the future, or its trip ended): it stops if
    /// it is playing, leaves the queue, and for get-off-now the repeats stop. Unlike `acknowledge` it touches only
    /// that alert; a queued alert then plays as after `acknowledge`. Gesture answers cannot be withdrawn.
    public mutating func withdraw(_ kind: HapticKind, now: Instant) -> HapticOutput {
        advance(to: now)
        guard kind.isAlert else { return driven() }
        queue.removeAll { $0.kind == kind }
        deliveredKinds.removeAll { $0 == kind }
        if kind == .getOffNow { endAlarm() }
        if current?.pattern.kind == kind {
            let wasOn = motorOn
            current = nil
            setMotor(false, at: now)
            startNextQueued(at: now, pauseFirst: wasOn)
        }
        return driven()
    }

    /// Silence: everything stops and is forgotten, motor off (exit and error paths).
    public mutating func stop() -> HapticOutput {
        current = nil
        queue.removeAll()
        endAlarm()
        motorOn = false
        motorOnSince = nil
        return driven()
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
                    if cur.pattern.kind == .getOffNow {
                        // The alarm is delivered once its last play has ended.
                        if nextArrivalRepeatAt == nil, alarmStartedAt != nil {
                            noteDelivered(.getOffNow)
                            endAlarm()
                        }
                    } else if cur.pattern.kind.isAlert {
                        noteDelivered(cur.pattern.kind)
                    }
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
                let pattern = arrivalAlarm.plays[alarmNextPlay].pattern.applying(strength)
                alarmNextPlay += 1
                nextArrivalRepeatAt = repeatInstant(alarmNextPlay)
                supersedeOtherAlerts()
                start(pattern, at: at, pauseFirst: motorOn)
            }
        }
    }

    /// Starts a pattern; `pauseFirst` (the motor was just on) or a motor the owner still holds on puts a 250 ms
    /// pause before it so its first pulse does not fuse with the previous one.
    private mutating func start(_ pattern: HapticPattern, at: Instant, pauseFirst: Bool) {
        var steps = pattern.steps
        if pauseFirst || drivenOn { steps.insert(.off(HapticPattern.minimumPulseMilliseconds), at: 0) }
        guard !steps.isEmpty else {
            current = nil
            setMotor(false, at: at)
            return
        }
        current = Playing(pattern: pattern, steps: steps, index: 0, stepStartedAt: at)
        setMotor(steps[0].on, at: at)
    }

    /// The start of the alarm's play `index`, or nil past its last play.
    private func repeatInstant(_ index: Int) -> Instant? {
        guard let started = alarmStartedAt, index < arrivalAlarm.plays.count else { return nil }
        return Instant(nanoseconds: started.nanoseconds.saturatingPlus(arrivalAlarm.plays[index].offsetMilliseconds * 1_000_000))
    }

    private mutating func endAlarm() {
        alarmStartedAt = nil
        alarmNextPlay = 0
        nextArrivalRepeatAt = nil
    }

    /// Get-off-now makes every other alert moot: those queued or playing count as delivered and are dropped.
    private mutating func supersedeOtherAlerts() {
        for pattern in queue where pattern.kind.isAlert { noteDelivered(pattern.kind) }
        queue.removeAll()
        if let kind = current?.pattern.kind, kind.isAlert, kind != .getOffNow { noteDelivered(kind) }
    }

    private mutating func noteDelivered(_ kind: HapticKind) {
        if !deliveredKinds.contains(kind) { deliveredKinds.append(kind) }
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

    /// The output of a call, which the owner drives the motor to.
    private mutating func driven() -> HapticOutput {
        drivenOn = motorOn
        return output
    }

    private mutating func setMotor(_ on: Bool, at: Instant) {
        if on && !motorOn { motorOnSince = at }
        if !on { motorOnSince = nil }
        motorOn = on
    }
}
