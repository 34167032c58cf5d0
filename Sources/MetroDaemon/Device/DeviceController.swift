import MetroControl
import MetroEngine
import MetroModel
import MetroSystem

/// The rider's buttons: edges (kernel timestamps on the boot-time clock) go through the gesture decoder of
/// model §12.1 and gestures become engine commands by the state table. What the rider feels goes through the
/// `HapticMotor`, which the engine plays its cues on directly; the alerts it finishes playing are handed to the
/// engine here, after each entry point, so the engine is never re-entered in the middle of a mutation.
///
/// Gesture decoding runs in real time (never scaled) on its own timerfd, armed only while a gesture is pending.
final class DeviceController {
    private let haptics: HapticMotor
    private let engine: Engine
    private let clock: ModelClock
    private let log: Logger
    private var decoders: [Int: GestureDecoder]
    /// Per button, its last pressing edges (boot time) and whether an alert was buzzing at each.
    private var alertBuzzingAtPress: [Int: [(boottime: Int64, buzzing: Bool)]] = [:]
    private let gestureTimer: KernelTimer
    /// Told each decided gesture and what it did (for `metrotimer press`, which waits for the decision).
    private let onGesture: (GestureOutcome) -> Void
    /// A motion recording: while one is open and no trip rides, a short press is "stopped at a station" (§12.1).
    private let recorder: MotionRecorder?

    init(haptics: HapticMotor, engine: Engine, clock: ModelClock, log: Logger, debounceMilliseconds: Int,
         recorder: MotionRecorder? = nil, onGesture: @escaping (GestureOutcome) -> Void = { _ in }) throws
    {
        self.recorder = recorder
        self.haptics = haptics
        self.engine = engine
        self.clock = clock
        self.log = log
        self.onGesture = onGesture
        let timings = GestureTimings(debounce: Int64(debounceMilliseconds) * 1_000_000)
        self.decoders = [1: GestureDecoder(timings: timings), 2: GestureDecoder(timings: timings)]
        self.gestureTimer = try KernelTimer(preferAlarm: true)
    }

    var hapticTimerFD: Int32 { haptics.timerFD }
    var gestureTimerFD: Int32 { gestureTimer.fd.rawValue }
    var isAlertBuzzing: Bool { haptics.isAlertBuzzing }

    // MARK: Haptics

    /// The haptic timer fired: advance the pattern.
    func hapticTimerFired() {
        haptics.timerFired()
        reportDelivered()
    }

    /// The rider acknowledged a buzzing alert (stops the arrival alarm's repeats).
    func acknowledgeAlert() {
        haptics.acknowledge()
        reportDelivered()
    }

    /// Stops any pattern and drives the motor off (exit and error paths).
    func silence() {
        haptics.silence()
        reportDelivered()
    }

    /// Tells the engine which alerts the motor has finished playing (journaled as delivered).
    private func reportDelivered() {
        for alert in haptics.takeDelivered() { engine.alertDelivered(alert, now: clock.now()) }
    }

    private func play(_ cue: HapticCue) { haptics.play(cue) }

    // MARK: Buttons

    /// One debounced-or-not edge from a button, stamped on the boot-time clock.
    func edge(button: Int, pressed: Bool, boottime: Int64) {
        guard decoders[button] != nil else { return }
        if pressed {
            // Whether an alert buzzes is remembered at each pressing edge: the gesture is known only later (a
            // short 400 ms after its release), and by then the alert may have ended, or begun.
            haptics.tick()
            reportDelivered()
            var presses = alertBuzzingAtPress[button, default: []]
            presses.append((boottime, haptics.isAlertBuzzing))
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
        let now = Instant(nanoseconds: clock.bootNow())
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
        let tripActive = engine.active != nil
        return DeviceSituation(tripActive: tripActive,
                               changingLines: tripActive && engine.isChangingLines(now: pressedAt),
                               alertBuzzing: alertBuzzing,
                               recording: recorder?.isRecording == true,
                               routeChosen: engine.selectedRoute != nil).state
    }

    /// Whether an alert was buzzing at the pressing edge `boottime` of `button` (as remembered then; now if unknown).
    private func wasAlertBuzzing(button: Int, pressedAtBoottime boottime: Int64) -> Bool {
        alertBuzzingAtPress[button]?.last { $0.boottime == boottime }?.buzzing ?? haptics.isAlertBuzzing
    }

    private func perform(_ event: GestureEvent, button: Int) {
        let modelNow = clock.now()
        let gesture: Gesture
        switch event {
        case .thresholdCrossed:
            // The rider is holding on: a short tick says "letting go now means this".
            play(.acknowledged)
            return
        case .unrecognised:
            onGesture(GestureOutcome(button: button, gesture: nil, action: nil, refusal: nil))
            play(.cannot)
            return
        case .gesture(let g, _):
            gesture = g
        }
        if engine.calibrationSession != nil {
            performCalibration(gesture, button: button, pressedAt: event.pressedAt, modelNow: modelNow)
            return
        }
        let alertBuzzing = wasAlertBuzzing(button: button, pressedAtBoottime: event.pressedAt.nanoseconds)
        let pressedAt = clock.model(boottime: event.pressedAt.nanoseconds)
        let state = deviceState(pressedAt: pressedAt, alertBuzzing: alertBuzzing)
        let action = GestureTable.action(for: gesture, state: state, button: button)
        log.info("button \(button): \(gesture.rawValue) in state \(state.rawValue) → \(action.rawValue)")
        var refusal: EngineError?
        defer { onGesture(GestureOutcome(button: button, gesture: gesture, action: action.rawValue, refusal: refusal)) }
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
                if state == .reminderBuzzing { acknowledgeAlert() }
                play(.number(number))
            case .buzzRouteStopCount:
                // The route a press now would ride (on an imported network the planner's choice may change with the hour).
                guard let route = engine.selectedRoute,
                      let events = try? engine.network.route(from: route.from, to: route.to,
                                                             leavingAtUnixSeconds: clock.wallMapping().unixSeconds(at: modelNow))
                else { throw EngineError.noRouteChosen }
                play(.number(events.dropFirst().filter(\.isStop).count))
            case .acknowledge:
                acknowledgeAlert()
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
            case .recordingStop:
                // At the press's kernel time; the recorder says why when the stop could not be stored.
                let taken = recorder?.stopPressed(atBoottime: event.pressedAt.nanoseconds) == true
                play(taken ? .acknowledged : .cannot)
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

    private func performCalibration(_ gesture: Gesture, button: Int, pressedAt: Instant, modelNow: Instant) {
        var action = "cannot"
        var refusal: EngineError?
        defer { onGesture(GestureOutcome(button: button, gesture: gesture, action: action, refusal: refusal)) }
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

extension ControlReply {
    /// A pushed gesture for subscribers: `{"event": "gesture", "gesture": {"button", "gesture", "action",
    /// "refused": {"uk", "en"} | null, "code"}}`; `gesture` and `action` are null for a press that meant nothing.
    static func gestureEvent(_ outcome: GestureOutcome) -> String {
        let document = GestureDocument(
            button: outcome.button, gesture: outcome.gesture?.rawValue, action: outcome.action,
            refused: outcome.refusal.map { GestureDocument.Refusal(uk: $0.message(.uk), en: $0.message(.en)) },
            code: outcome.refusal?.code.rawValue)
        return jsonLine(JSONValue.object(["event": .string("gesture"), ReplyField.gesture.rawValue: JSONValue(encoding: document)]))
    }
}
