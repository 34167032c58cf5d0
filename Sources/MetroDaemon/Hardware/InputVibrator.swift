import MetroInput
import MetroModel
import MetroSystem

/// What the input vibrator adapter drives: the force-feedback effect in the daemon, a recording double in tests.
protocol VibratorDriver: AnyObject {
    /// Plays (true) or stops the effect.
    func set(on: Bool) throws(InputError)
    /// Stops and erases the effect (exit paths); errors are ignored.
    func release()
    /// How the device is named in messages.
    var described: String { get }
}

extension ForceFeedbackVibrator: VibratorDriver {
    var described: String { device.described }
}

/// The motor side on an input device: a phone's vibrator, one force-feedback effect uploaded once and played per
/// pulse (`EV_FF` value 1 on, value 0 off), so every haptic pattern keeps the timing of the haptic player.
///
/// The same 2 s cap as the GPIO motor holds twice: the effect's own length is the cap (the kernel stops it even if
/// a stop is lost), and a timerfd armed only while the motor is on writes the stop at the cap. The magnitude
/// follows `motor_strength`. A device that fails is let go, reported in the status, and opened again (the effect
/// uploaded afresh) with capped back-off; the trip and its alerts live on.
final class InputVibrator: Motor {
    /// The longest continuous on-time allowed at this layer (model §12.2), as for the GPIO motor.
    static let motorOnLimitNanoseconds: Int64 = GPIOBoard.motorOnLimitNanoseconds

    /// The effect's magnitude for `motor_strength`: normal is three quarters of full scale, strong is full scale
    /// (the haptic player lengthens strong pulses as well, as on GPIO).
    static func magnitude(_ strength: DaemonConfig.MotorStrength) -> UInt16 {
        switch strength {
        case .normal: 0xC000
        case .strong: 0xFFFF
        }
    }

    private let log: Logger
    private let deviceSpec: String
    private let openDriver: () throws(InputError) -> VibratorDriver
    private let capNanoseconds: Int64
    private var driver: VibratorDriver?
    private var isOn = false
    private let motorCap: KernelTimer
    private let backoff: ReclaimBackoff
    private weak var loop: EventLoop?
    private var isReleased = false
    private var currentFault: Phrase?

    var fault: String? { currentFault?.en }
    /// `fault` in both languages, for the status's `fault_details`.
    var faultText: Phrase? { currentFault }

    /// Opens `vibrator_device` and uploads the effect. Errors name the key and value, e.g.
    /// `vibrator_device = 'gpio-keys': /dev/input/event0 ('gpio-keys') has no force feedback (no EV_FF)`.
    convenience init(config: DaemonConfig, log: Logger) throws {
        let spec = config.vibratorDevice
        let magnitude = Self.magnitude(config.motorStrength)
        let lengthMs = UInt16(Self.motorOnLimitNanoseconds / 1_000_000)
        try self.init(deviceSpec: spec, log: log, capNanoseconds: Self.motorOnLimitNanoseconds) { () throws(InputError) -> VibratorDriver in
            try ForceFeedbackVibrator(spec: spec, magnitude: magnitude, lengthMs: lengthMs)
        }
    }

    /// The adapter over any driver (tests pass a recording double and a short cap).
    init(deviceSpec: String, log: Logger, capNanoseconds: Int64,
         open: @escaping () throws(InputError) -> VibratorDriver) throws {
        self.log = log
        self.deviceSpec = deviceSpec
        self.openDriver = open
        self.capNanoseconds = capNanoseconds
        do {
            motorCap = try KernelTimer(preferAlarm: false)
            backoff = try ReclaimBackoff()
        } catch {
            throw DaemonStartError("input: cannot create the vibrator's timers: \(error)", exitCode: InputStartError.mayPass)
        }
        do { driver = try open() } catch {
            throw InputStartError.make(key: "vibrator_device", value: deviceSpec, error)
        }
        if let ff = driver as? ForceFeedbackVibrator {
            log.info("input: vibrator \(ff.described), \(ff.effectName) effect \(ff.effectID)")
        }
    }

    deinit { driver?.release() }

    /// Watches the cap and the retry timer on `loop`.
    func register(on loop: EventLoop) throws {
        self.loop = loop
        // Urgent: the cut-off must come at its instant however busy the loop is with input.
        _ = try loop.register(fd: motorCap.fd.rawValue, events: .readable, priority: .urgent) { [weak self] _ in self?.capReached() }
        _ = try loop.register(fd: backoff.timer.fd.rawValue, events: .readable) { [weak self] _ in self?.retryDue() }
    }

    // MARK: Motor

    func set(on: Bool) {
        guard !isReleased, let driver, isOn != on else { return }
        do { try driver.set(on: on) } catch {
            lose(error, while: Phrase(uk: on ? "увімкнення вібратора" : "вимкнення вібратора", en: "driving the vibrator \(on ? "on" : "off")"))
            return
        }
        isOn = on
        // The boot-time stamp of each play/stop, so a test can line the log up with what the device recorded.
        log.debug("input: vibrator \(on ? "on" : "off") (boottime_ns \(Clocks.now(.boottime)))")
        do {
            if on {
                try motorCap.arm(atBoottimeNanoseconds: Clocks.now(.boottime) + capNanoseconds)
            } else {
                try motorCap.disarm()
            }
        } catch {
            // Without its cap the vibrator must not stay on (its effect length would still end it).
            log.error("input: vibrator cap timer: \(error); vibrator off")
            try? driver.set(on: false)
            isOn = false
        }
    }

    /// Vibrator off and its effect erased (exit paths); it stays off from now on.
    func release() {
        isReleased = true
        _ = try? motorCap.disarm()
        driver?.release()
        isOn = false
    }

    /// Off, released, timers disarmed (the last thing before exit).
    func releaseAll() {
        release()
        backoff.reset()
        driver = nil
    }

    private func capReached() {
        _ = try? motorCap.acknowledge()
        guard let driver, isOn else { return }
        log.warning("input: vibrator on for \(capNanoseconds / 1_000_000) ms without a stop: cut off (safety cap)")
        do {
            try driver.set(on: false)
            isOn = false
        } catch {
            lose(error, while: Phrase(uk: "зупинка вібратора на межі безпеки", en: "stopping the vibrator at the safety cap"))
        }
    }

    // MARK: Faults and retries

    private func lose(_ error: InputError, while doing: Phrase) {
        let described = driver?.described ?? deviceSpec
        driver?.release()
        driver = nil
        isOn = false
        _ = try? motorCap.disarm()
        let why = Errno(rawValue: error.errno)
        currentFault = error.isDeviceGone
            ? Phrase(uk: "ввід: вібратор \(described) зник («\(why)»); повторна спроба",
                     en: "input: vibrator \(described) vanished (\(why)); retrying")
            : Phrase(uk: "ввід: \(doing.uk): \(error.ukrainian); повторна спроба", en: "input: \(doing.en): \(error.message); retrying")
        log.error("\(currentFault?.en ?? "") in \(backoff.pendingSeconds) s")
        if !backoff.schedule() { currentFault = retryTimerFailed(currentFault) }
    }

    private func retryDue() {
        backoff.acknowledge()
        guard !isReleased, driver == nil else { return }
        do {
            driver = try openDriver()
            currentFault = nil
            backoff.reset()
            log.notice("input: vibrator back (effect uploaded again)")
        } catch {
            currentFault = Phrase(uk: "ввід: vibrator_device = '\(deviceSpec)': \(error.ukrainian); повторна спроба",
                                  en: "input: vibrator_device = '\(deviceSpec)': \(error.message); retrying")
            log.error("\(currentFault?.en ?? "") in \(backoff.pendingSeconds) s")
            if !backoff.schedule() { currentFault = retryTimerFailed(currentFault) }
        }
    }
}

/// A fault with the note that the retry timer could not be armed (so nothing will retry).
private func retryTimerFailed(_ fault: Phrase?) -> Phrase {
    Phrase(uk: (fault?.uk ?? "") + " (таймер повтору не запущено: перезапустіть службу)",
           en: (fault?.en ?? "") + " (retry timer failed: restart the daemon)")
}
