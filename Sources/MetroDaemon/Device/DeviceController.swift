import MetroControl
import MetroEngine
import MetroModel
import MetroSystem

/// The rider's whole interface: one (or two) buttons in, one motor out.
///
/// Button edges (kernel timestamps on the boot-time clock) go through the gesture decoder of model §12.1; gestures
/// become engine commands by the state table; engine cues become motor patterns through the haptic player of
/// model §12.2. Gesture decoding and motor patterns run in real time (never scaled): each has its own timerfd, armed
/// only while something is pending, so nothing ticks for nothing.
final class DeviceController: HapticSink {
    private let motor: Motor
    private let clock: ModelClock
    private let log: Logger
    private var player: HapticPlayer
    /// True while the engine is calling in (play, withdraw, replay): deliveries are reported only once it has
    /// returned, so the engine is never re-entered in the middle of a mutation.
    private var insideEngineCall = false
    private var decoders: [Int: GestureDecoder]
    /// Per button, its last pressing edges (boot time) and whether an alert was buzzing at each.
    private var alertBuzzingAtPress: [Int: [(boottime: Int64, buzzing: Bool)]] = [:]
    private let hapticTimer: KernelTimer
    private let gestureTimer: KernelTimer
    /// Set after construction (the engine needs this controller as its haptic sink).
    weak var engine: Engine?
    /// Told each decided gesture and what it did (for `metrotimer press`, which waits for the decision).
    var onGesture: ((GestureOutcome) -> Void)?
    var onMotorChange: (() -> Void)?

    init(motor: Motor, clock: ModelClock, log: Logger, debounceMilliseconds: Int, strength: HapticStrength,
         arrivalAlarm: ArrivalAlarm.Style = .untilAcknowledged) throws
    {
        self.motor = motor
        self.clock = clock
        self.log = log
        self.player = HapticPlayer(strength: strength, arrivalAlarm: ArrivalAlarm(arrivalAlarm))
        let timings = GestureTimings(debounce: Int64(debounceMilliseconds) * 1_000_000)
        self.decoders = [1: GestureDecoder(timings: timings), 2: GestureDecoder(timings: timings)]
        self.hapticTimer = try KernelTimer(preferAlarm: true)
        self.gestureTimer = try KernelTimer(preferAlarm: true)
    }

    var hapticTimerFD: Int32 { hapticTimer.fd.rawValue }
    var gestureTimerFD: Int32 { gestureTimer.fd.rawValue }
    var isAlertBuzzing: Bool { player.isAlertBuzzing }

    // MARK: HapticSink

    func play(_ cue: HapticCue) {
        log.notice("buzz: \(cue.label)")
        fromEngine { apply(player.play(cue.pattern, now: realNow())) }
    }

    func withdraw(_ kind: AlertKind) {
        log.notice("buzz withdrawn: \(kind.rawValue)")
        fromEngine { apply(player.withdraw(HapticCue(alert: kind).pattern.kind, now: realNow())) }
    }

    func replay(_ kind: AlertKind, firedAt: Instant) {
        let cue = HapticCue(alert: kind)
        if kind == .arrival {
            let startedAt = Instant(nanoseconds: clock.boottime(of: firedAt))
            let (elapsed, overflow) = realNow().nanoseconds.subtractingReportingOverflow(startedAt.nanoseconds)
            log.notice("buzz resumed: \(cue.label), \(overflow ? 0 : max(elapsed, 0) / 1_000_000_000) s into the alarm")
            fromEngine { apply(player.resumeArrivalAlarm(startedAt: startedAt, now: realNow())) }
        } else {
            log.notice("buzz again: \(cue.label)")
            fromEngine { apply(player.play(cue.pattern, now: realNow())) }
        }
    }

    private func fromEngine(_ body: () -> Void) {
        let outer = insideEngineCall
        insideEngineCall = true
        body()
        insideEngineCall = outer
    }

    /// The haptic timer fired: advance the pattern.
    func hapticTimerFired() {
        _ = try? hapticTimer.acknowledge()
        apply(player.tick(now: realNow()))
    }

    /// The rider acknowledged a buzzing alert (stops the arrival alarm's repeats).
    func acknowledgeAlert() { apply(player.acknowledge(now: realNow())) }

    /// Stops any pattern and drives the motor off (exit and error paths).
    func silence() {
        apply(player.stop())
        motor.release()
    }

    private func apply(_ output: HapticOutput) {
        motor.set(on: output.motorOn, playing: player.currentPulse.map { MotorPulse(kind: $0.kind, number: $0.number, count: $0.count) })
        onMotorChange?()
        if !insideEngineCall, let engine {
            for kind in player.takeDelivered() {
                guard let alert = AlertKind(delivering: kind) else { continue }
                engine.alertDelivered(alert, now: clock.now())
            }
        }
        do {
            if let deadline = output.nextDeadline {
                try hapticTimer.arm(atBoottimeNanoseconds: deadline.nanoseconds)
            } else {
                try hapticTimer.disarm()
            }
        } catch {
            log.error("haptic timer: \(error); motor off")
            motor.set(on: false)
        }
    }

    private func realNow() -> Instant { Instant(nanoseconds: clock.bootNow()) }

    // MARK: Buttons

    /// One debounced-or-not edge from a button, stamped on the boot-time clock.
    func edge(button: Int, pressed: Bool, boottime: Int64) {
        guard decoders[button] != nil else { return }
        if pressed {
            // Whether an alert buzzes is remembered at each pressing edge: the gesture is known only later (a
            // short 400 ms after its release), and by then the alert may have ended, or begun.
            apply(player.tick(now: realNow()))
            var presses = alertBuzzingAtPress[button, default: []]
            presses.append((boottime, player.isAlertBuzzing))
            alertBuzzingAtPress[button] = Array(presses.suffix(4))
        }
        // Read after the tick: driving the motor can find the board gone, which resets the decoder.
        guard var decoder = decoders[button] else { return }
        let events = decoder.feed(ButtonEdgeInput(pressed: pressed, at: Instant(nanoseconds: boottime)))
        decoders[button] = decoder
        handle(events, button: button)
        rearmGestureTimer()
    }

    /// The button's line was lost (the GPIO chip vanished): a press in progress will never see its release, so
    /// the decoder forgets it (no gesture) instead of reading the next press after the line is back as its end.
    func buttonLost(_ button: Int) {
        guard var decoder = decoders[button] else { return }
        decoder.forgetPress()
        decoders[button] = decoder
        rearmGestureTimer()
    }

    /// The gesture timer fired: a pending single press or a hold threshold is due.
    func gestureTimerFired() {
        _ = try? gestureTimer.acknowledge()
        let now = realNow()
        for button in decoders.keys.sorted() {
            guard var decoder = decoders[button] else { continue }
            let events = decoder.timeout(at: now)
            decoders[button] = decoder
            handle(events, button: button)
        }
        rearmGestureTimer()
    }

    private func rearmGestureTimer() {
        let next = decoders.values.compactMap(\.nextDeadline).min()
        do {
            if let next { try gestureTimer.arm(atBoottimeNanoseconds: next.nanoseconds) } else { try gestureTimer.disarm() }
        } catch {
            log.error("gesture timer: \(error)")
        }
    }

    private func handle(_ events: [GestureEvent], button: Int) {
        for event in events { perform(event, button: button) }
    }

    /// The state column of the gesture table for a gesture pressed at `pressedAt` (model time), whether an alert was
    /// buzzing at that press or not: the rider answers what they felt and where they were when they pressed, not
    /// what holds when the gesture is finally known (model §12.1: a press's instant is its pressing edge).
    func deviceState(pressedAt: Instant, alertBuzzing: Bool) -> DeviceState {
        guard let engine else { return .idleNoRoute }
        if engine.active != nil {
            if alertBuzzing { return .alertBuzzing }
            return engine.isChangingLines(now: pressedAt) ? .changingLines : .riding
        }
        if alertBuzzing { return .reminderBuzzing }  // with no trip, only a reminder's "time to go" is an alert
        return engine.selectedRoute == nil ? .idleNoRoute : .idleWithRoute
    }

    /// Whether an alert was buzzing at the pressing edge `boottime` of `button` (as remembered then; now if unknown).
    private func wasAlertBuzzing(button: Int, pressedAtBoottime boottime: Int64) -> Bool {
        alertBuzzingAtPress[button]?.last { $0.boottime == boottime }?.buzzing ?? player.isAlertBuzzing
    }

    private func perform(_ event: GestureEvent, button: Int) {
        guard let engine else { return }
        let modelNow = clock.now()
        let gesture: Gesture
        switch event {
        case .thresholdCrossed:
            // The rider is holding on: a short tick says "letting go now means this".
            play(.acknowledged)
            return
        case .unrecognised:
            onGesture?(GestureOutcome(button: button, gesture: nil, action: nil, refusal: nil))
            play(.cannot)
            return
        case .gesture(let g, _):
            gesture = g
        }
        if engine.calibrationSession != nil {
            performCalibration(gesture, button: button, pressedAt: event.pressedAt, engine: engine, modelNow: modelNow)
            return
        }
        let pressedAt = clock.model(boottime: event.pressedAt.nanoseconds)
        let state = deviceState(pressedAt: pressedAt,
                                alertBuzzing: wasAlertBuzzing(button: button, pressedAtBoottime: event.pressedAt.nanoseconds))
        let action = GestureTable.action(for: gesture, state: state, button: button)
        log.info("button \(button): \(gesture.rawValue) in state \(state.rawValue) → \(action.rawValue)")
        var refusal: EngineError?
        defer { onGesture?(GestureOutcome(button: button, gesture: gesture, action: action.rawValue, refusal: refusal)) }
        // Trip commands take the press instant as their "now": "train departed" anchors the next station at
        // press + one running time (model §5.3), ±1 says where the train was at the press, and "I'm off" is the
        // rider's arrival instant the journal keeps (model §8) — not the release up to 4 s later.
        do {
            switch action {
            case .start:
                try engine.start(t0: pressedAt, wall: clock.wallMapping(), now: modelNow)
            case .nextPinnedRoute:
                let number = try engine.selectNextPinned(now: modelNow)
                // A reminder's "time to go" outranks a number, which would be dropped unheard: the rider choosing
                // another route has noticed the reminder, so it is acknowledged first.
                if state == .reminderBuzzing { apply(player.acknowledge(now: realNow())) }
                play(.number(number))
            case .buzzRouteStopCount:
                guard let route = engine.selectedRoute, let events = try? engine.network.route(from: route.from, to: route.to)
                else { throw EngineError.noRouteChosen }
                play(.number(events.dropFirst().filter(\.isStop).count))
            case .acknowledge:
                apply(player.acknowledge(now: realNow()))
            case .trainDeparted:
                try engine.trainDeparted(now: pressedAt)
            case .plusOne:
                try engine.step(+1, now: pressedAt)
            case .minusOne:
                try engine.step(-1, now: pressedAt)
            case .arrived:
                try engine.arrived(now: pressedAt)
            case .cancel:
                try engine.cancel(now: pressedAt)
            case .buzzStopsRemaining:
                let remaining = engine.status(now: pressedAt).snapshot?.stopsRemaining ?? 0
                play(.number(remaining))
            case .cannot:
                play(.cannot)
            }
        } catch let error as EngineError {
            log.notice("button \(button): \(action.rawValue) refused: \(error.message(.en))")
            refusal = error
            play(.cannot)
        } catch {
            log.notice("button \(button): \(action.rawValue) refused: \(error)")
            play(.cannot)
        }
    }

    private func performCalibration(_ gesture: Gesture, button: Int, pressedAt: Instant, engine: Engine, modelNow: Instant) {
        var action = "cannot"
        var refusal: EngineError?
        defer { onGesture?(GestureOutcome(button: button, gesture: gesture, action: action, refusal: refusal)) }
        do {
            switch gesture {
            case .veryLong:
                action = "calibration_end"
                try engine.endCalibration(now: modelNow)
            case .short:
                action = "calibration_press"
                try engine.calibrationPress(at: clock.model(boottime: pressedAt.nanoseconds), now: modelNow)
            default: play(.cannot)
            }
        } catch {
            log.notice("calibration press refused: \(error.message(.en))")
            refusal = error
            play(.cannot)
        }
    }
}

/// A decided gesture and what it did: the gesture (nil when the press meant nothing), the action's name
/// (`DeviceAction`'s raw value, or `calibration_press` / `calibration_end`), and the engine's refusal if any.
struct GestureOutcome {
    var button: Int
    var gesture: Gesture?
    var action: String?
    var refusal: EngineError?
}

extension HapticCue {
    /// What the rider should feel, for the log.
    var label: String {
        switch self {
        case .acknowledged: return "acknowledged (250)"
        case .number(let n): return "number \(n)"
        case .yoursIsNext: return "YOURS IS NEXT (600/300 ×3)"
        case .changeHere: return "CHANGE LINES HERE (600/300/250/300/600, then the press ask 250/200/250)"
        case .trainDepartedReminder: return "PRESS AS YOUR TRAIN PULLS OUT (250/200/250 twice)"
        case .getOffNow: return "GET OFF NOW (1000/400 ×2, repeated by the arrival alarm)"
        case .cannot: return "cannot (250/250/250/250/800)"
        case .timeToGo: return "TIME TO GO (250/500/1000 rising, twice)"
        }
    }
}

extension ControlReply {
    /// A pushed gesture for subscribers: `{"event": "gesture", "gesture": {"button", "gesture", "action",
    /// "refused": {"uk", "en"} | null, "code"}}`; `gesture` and `action` are null for a press that meant nothing.
    static func gestureEvent(_ outcome: GestureOutcome) -> String {
        let document = GestureDocument(
            button: outcome.button, gesture: outcome.gesture?.rawValue, action: outcome.action,
            refused: outcome.refusal.map { GestureDocument.Refusal(uk: $0.message(.uk), en: $0.message(.en)) },
            code: outcome.refusal?.code.rawValue)
        return jsonLine(JSONValue.object(["event": .string("gesture"), "gesture": JSONValue(encoding: document)]))
    }
}
