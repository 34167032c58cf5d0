import MetroEngine
import MetroModel
import MetroSystem

/// The motor side of the rider's interface: the engine's cues become motor patterns through the haptic player of
/// model §12.2, in real time (never scaled), on a timerfd armed only while a pattern plays.
///
/// It never calls the engine: the alerts it finishes playing wait in `takeDelivered()` for the device controller,
/// which reports them once the call that played them has returned.
final class HapticMotor: HapticSink {
    private let motor: Motor
    private let clock: ModelClock
    private let log: Logger
    private var player: HapticPlayer
    /// The alert each pattern announces, and those delivered until the device controller takes them.
    private var playback = AlertPlayback()
    private let timer: KernelTimer
    /// Whether the motor was last driven on (so a pulse's real start can be told to the player).
    private var motorIsOn = false

    init(motor: Motor, clock: ModelClock, log: Logger, strength: HapticStrength,
         arrivalAlarm: ArrivalAlarm.Style = .untilAcknowledged) throws
    {
        self.motor = motor
        self.clock = clock
        self.log = log
        self.player = HapticPlayer(strength: strength, arrivalAlarm: ArrivalAlarm(arrivalAlarm))
        self.timer = try KernelTimer(preferAlarm: true)
    }

    var timerFD: Int32 { timer.fd.rawValue }
    var isAlertBuzzing: Bool { player.isAlertBuzzing }

    // MARK: HapticSink

    func play(_ cue: HapticCue) {
        log.notice("buzz: \(cue.label)")
        apply(player.play(cue.pattern, now: realNow()))
    }

    func play(alert id: AlertID) {
        let cue = HapticCue(alert: id.kind)
        log.notice("buzz: \(cue.label)")
        apply(player.play(cue.pattern, now: realNow()))
        playback.announces(id)
    }

    func withdraw(_ id: AlertID) {
        if playback.holds(id) {
            log.notice("buzz withdrawn: \(id)")
            apply(player.withdraw(HapticCue(alert: id.kind).pattern.kind, now: realNow()))
        }
        playback.withdrew(id)
    }

    func replay(_ id: AlertID, firedAt: Instant) {
        defer { playback.announces(id) }
        let cue = HapticCue(alert: id.kind)
        if id.kind == .arrival {
            let startedAt = Instant(nanoseconds: clock.boottime(of: firedAt))
            let (elapsed, overflow) = realNow().nanoseconds.subtractingReportingOverflow(startedAt.nanoseconds)
            log.notice("buzz resumed: \(cue.label), \(overflow ? 0 : max(elapsed, 0) / 1_000_000_000) s into the alarm")
            apply(player.resumeArrivalAlarm(startedAt: startedAt, now: realNow()))
        } else {
            log.notice("buzz again: \(cue.label)")
            apply(player.play(cue.pattern, now: realNow()))
        }
    }

    // MARK: The device controller's

    /// The timer fired: advance the pattern.
    func timerFired() {
        _ = try? timer.acknowledge()
        tick()
    }

    /// Brings the pattern up to now (before a press is judged: was an alert buzzing?).
    func tick() { apply(player.tick(now: realNow())) }

    /// The rider acknowledged a buzzing alert (stops the arrival alarm's repeats).
    func acknowledge() { apply(player.acknowledge(now: realNow())) }

    /// Stops any pattern and drives the motor off.
    func silence() {
        apply(player.stop())
        motor.release()
    }

    /// The alerts whose patterns have finished playing since the last call.
    func takeDelivered() -> [AlertID] { playback.take() }

    /// Drives the motor and the timer after a call into the player, and collects what it delivered (before the
    /// next alert of a kind is noted, so each delivery is credited to the alert that played). When the motor turns
    /// on, the player hears when its write returned: a pattern whose start the system delayed then plays whole from
    /// there instead of losing the delay from its first pulse.
    private func apply(_ output: HapticOutput) {
        playback.collect(from: &player)
        var output = output
        let turnsOn = output.motorOn && !motorIsOn
        motor.set(on: output.motorOn, playing: player.currentPulse.map { MotorPulse(kind: $0.kind, number: $0.number, count: $0.count) })
        motorIsOn = output.motorOn
        if turnsOn { output = player.pulseBegan(at: realNow()) }
        do {
            if let deadline = output.nextDeadline {
                try timer.arm(atBoottimeNanoseconds: deadline.nanoseconds)
            } else {
                try timer.disarm()
            }
        } catch {
            log.error("haptic timer: \(error); motor off")
            motor.set(on: false)
        }
    }

    private func realNow() -> Instant { Instant(nanoseconds: clock.bootNow()) }
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
