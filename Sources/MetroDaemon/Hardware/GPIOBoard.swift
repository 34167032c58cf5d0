import Glibc
import MetroGPIO
import MetroModel
import MetroSystem

/// The real board: the button(s) and the vibration motor on GPIO lines, through libgpiod (`MetroGPIO`).
///
/// Button edges come with the kernel's timestamp (CLOCK_MONOTONIC in libgpiod 1.6) and go to the device
/// converted to the boot-time clock, so a start's t0 is the pressing edge itself, not the moment the daemon got
/// round to reading it. Debouncing is the gesture decoder's job; only edges that repeat the previous level (two
/// kernel edges merged into one level) are dropped here.
///
/// Faults after start never stop the daemon: the trip and its alerts live on, the fault is shown in the status,
/// and the lines are claimed again with capped exponential back-off on a timerfd (no sleep, and no tick at all
/// while healthy). Belt and braces, the motor is never left on for more than 2 s at a stretch whatever the
/// haptic player asks, with a timerfd of its own armed only while the motor is on.
final class GPIOBoard: Motor {
    /// The longest continuous on-time allowed at this layer (model §12.2).
    static let motorOnLimitNanoseconds: Int64 = 2_000_000_000
    /// The first and the longest pause between attempts to claim the lines again after a fault.
    static let firstRetryNanoseconds: Int64 = 1_000_000_000
    static let longestRetryNanoseconds: Int64 = 60_000_000_000

    private let config: DaemonConfig
    private let log: Logger
    /// The claimed lines; nil while faulted (and after `releaseAll`).
    private var lines: GPIOBoardLines?
    /// The logical level last delivered per button number, to drop merged edges.
    private var lastLevel: [Int: Bool] = [:]
    /// Fires when the motor has been on for `motorOnLimitNanoseconds`.
    private let motorCap: KernelTimer
    /// Fires when the next attempt to claim the lines is due.
    private let retryTimer: KernelTimer
    private var nextRetryDelay = GPIOBoard.firstRetryNanoseconds
    private var buttonTokens: [EventLoop.Token] = []
    private weak var loop: EventLoop?
    private weak var device: DeviceController?
    /// Set by `release()`: the process is on its way out, the motor must stay off.
    private var isReleased = false
    /// Why the board does not work right now, in both languages (the English as logged); nil when all is well.
    private var currentFault: Phrase?

    /// Why the board does not work right now, for the status; nil when all is well.
    ///
    /// Reading it also asks the kernel whether the lines are still there: a chip that vanishes while the
    /// button is idle may wake nobody (6.1 kernels need not wake pollers of a removed chip's event fd), so the
    /// status request is where an idle board's loss is noticed — on demand, without any periodic check.
    var fault: String? { faultText?.en }

    /// `fault` in both languages, for the status's `fault_details`.
    var faultText: Phrase? {
        if let button = lines?.buttons.first {
            do { _ = try button.line.value } catch {
                lose(error, while: Phrase(uk: "перевірка кнопки \(button.number)", en: "checking button \(button.number)"))
            }
        }
        return currentFault
    }

    /// Claims the configured chip and lines. Errors name the configuration key and the chip/line, e.g.
    /// `button_line = 'buton': no line named 'buton' on gpiochip0`, or
    /// `button_line = 'button': line 0 ('button') on gpiochip1 is busy (used by 'metrotimer')`.
    init(config: DaemonConfig, log: Logger) throws {
        self.config = config
        self.log = log
        do {
            motorCap = try KernelTimer(preferAlarm: false)
            retryTimer = try KernelTimer(preferAlarm: false)
        } catch {
            throw DaemonStartError("gpio: cannot create the motor and retry timers: \(error)", exitCode: Self.mayPass)
        }
        let claimed: GPIOBoardLines
        do { claimed = try GPIOBoardLines.claim(config: config) } catch {
            let hint = Self.isPermissionProblem(error.underlying) ? Self.permissionHint : ""
            throw DaemonStartError("\(error)\(hint)", exitCode: Self.exitCode(for: error.underlying))
        }
        do { try rememberLevels(of: claimed) } catch {
            claimed.release()
            throw DaemonStartError("button_line = '\(config.buttonLine)': \(error)", exitCode: Self.mayPass)
        }
        lines = claimed
        log.info("gpio: \(describe(claimed))")
    }

    deinit {
        lines?.release()
    }

    /// EX_UNAVAILABLE: the problem may pass (a busy line, a driver still probing), so a restart is worth it.
    static let mayPass: Int32 = 69

    /// 78 (the configuration names something that is not there, or the daemon's user may not use it:
    /// restarting will not help, so systemd's `RestartPreventExitStatus=78` stops) or 69.
    static func exitCode(for error: GPIOError) -> Int32 {
        switch error.kind {
        case .noSuchChip, .noSuchLine, .invalidSpec: 78
        case .system where isPermissionProblem(error): 78
        case .busy, .system: mayPass
        }
    }

    /// Whether the kernel refused the daemon's user (EACCES, EPERM): a device permission, group or
    /// `DeviceAllow=` problem of the set-up, which no restart fixes.
    static func isPermissionProblem(_ error: GPIOError) -> Bool {
        error.kind == .system && (error.errno == EACCES || error.errno == EPERM)
    }

    /// What to fix, appended to a permission error's one log line.
    static let permissionHint = "; the daemon's user may not use the GPIO chip: give it the chip's group "
        + "(SupplementaryGroups= in the unit) and allow the device (DeviceAllow=), see docs/hardware.md"


    /// Watches the button event fds, the motor cap and the retry timer on `loop`; edges go to `device`.
    func register(on loop: EventLoop, device: DeviceController) throws {
        self.loop = loop
        self.device = device
        // Urgent: the cut-off must come at its instant however busy the loop is with input.
        _ = try loop.register(fd: motorCap.fd.rawValue, events: .readable, priority: .urgent) { [weak self] _ in self?.motorCapReached() }
        _ = try loop.register(fd: retryTimer.fd.rawValue, events: .readable) { [weak self] _ in self?.retryDue() }
        if let lines { try registerButtons(of: lines) }
    }

    // MARK: Motor

    /// Drives the motor; a failure becomes a fault (reported, retried), never an error for the caller.
    func set(on: Bool) {
        guard !isReleased, let motor = lines?.motor, motor.isOn != on else { return }
        do {
            try motor.set(on: on)
        } catch {
            lose(error, while: Phrase(uk: on ? "увімкнення мотора" : "вимкнення мотора", en: "driving the motor \(on ? "on" : "off")"))
            return
        }
        log.debug("gpio: motor \(on ? "on" : "off")")
        do {
            if on {
                try motorCap.arm(atBoottimeNanoseconds: Clocks.now(.boottime) + Self.motorOnLimitNanoseconds)
            } else {
                try motorCap.disarm()
            }
        } catch {
            // Without its cap the motor must not stay on.
            log.error("gpio: motor cap timer: \(error); motor off")
            try? motor.set(on: false)
        }
    }

    /// Motor off and its line released (exit paths); the motor stays off from now on.
    func release() {
        isReleased = true
        _ = try? motorCap.disarm()
        lines?.motor?.release()
    }

    /// Motor off and every line released, timers disarmed, fds off the loop (the last thing before exit).
    func releaseAll() {
        release()
        _ = try? retryTimer.disarm()
        dropLines()
    }

    private func motorCapReached() {
        _ = try? motorCap.acknowledge()
        guard let motor = lines?.motor, motor.isOn else { return }
        let limit = Self.motorOnLimitNanoseconds / 1_000_000
        log.warning("gpio: motor on for \(limit) ms without a stop: cut off (safety cap)")
        do { try motor.set(on: false) } catch { lose(error, while: Phrase(uk: "вимкнення мотора на межі безпеки", en: "driving the motor off at the safety cap")) }
    }

    // MARK: Buttons

    private func registerButtons(of lines: GPIOBoardLines) throws {
        guard let loop else { return }
        for button in lines.buttons {
            let token = try loop.register(fd: button.line.fd, events: .readable) { [weak self] events in
                self?.buttonReadable(button, events: events)
            }
            buttonTokens.append(token)
        }
    }

    private func rememberLevels(of lines: GPIOBoardLines) throws(GPIOError) {
        lastLevel = [:]
        for button in lines.buttons { lastLevel[button.number] = try button.line.value }
    }

    private func buttonReadable(_ button: GPIOButton, events: IOEvents) {
        let edges: [ButtonEdge]
        do { edges = try button.line.readEvents() } catch {
            lose(error, while: Phrase(uk: "читання кнопки \(button.number)", en: "reading button \(button.number)"))
            return
        }
        // Sampled right after the read: only a suspend inside this window could skew the conversion.
        let toBoottime = MonotonicToBoottime.sampleNow()
        for edge in edges {
            // Delivering an edge can drive the motor, and a failing board is let go there: stop with the lines.
            guard lines != nil else { break }
            if lastLevel[button.number] == edge.pressed {
                let level = edge.pressed ? "pressed" : "released"
                log.debug("gpio: button \(button.number): edge repeats the level \(level) (edges merged); dropped")
                continue
            }
            lastLevel[button.number] = edge.pressed
            device?.edge(button: button.number, pressed: edge.pressed,
                         boottime: toBoottime.boottime(fromMonotonic: edge.kernelTimestampNs))
        }
        // A hang-up with nothing left to read: the chip went away under the fd (level-triggered, it would spin).
        let stillClaimed = lines?.buttons.contains { $0.line === button.line } == true
        if edges.isEmpty, !events.intersection([.hangup, .error]).isEmpty, stillClaimed {
            lose(GPIOError(kind: .system, errno: ENODEV, message: "button \(button.number) event fd hung up",
                           ukrainian: "дескриптор подій кнопки \(button.number) закрився"),
                 while: Phrase(uk: "читання кнопки \(button.number)", en: "reading button \(button.number)"))
        }
    }

    // MARK: Faults and retries

    /// A run-time failure: let go of everything, report it, and try again later.
    private func lose(_ error: GPIOError, while doing: Phrase) {
        let chipName = lines?.chip.name ?? config.gpioChip
        let buttons = lines?.buttons.map(\.number) ?? []
        dropLines()
        // A press in progress will never see its release: the device forgets it, and the levels are read afresh
        // when the lines are claimed again.
        for number in buttons { device?.buttonLost(number) }
        if [ENODEV, ENXIO, EIO].contains(error.errno) {
            let why = Errno(rawValue: error.errno)
            currentFault = Phrase(uk: "GPIO: \(chipName) зникла («\(why)»); повторна спроба", en: "gpio: \(chipName) vanished (\(why)); retrying")
        } else {
            currentFault = Phrase(uk: "GPIO: \(doing.uk): \(error.ukrainian); повторна спроба",
                                  en: "gpio: \(doing.en): \(error.message); retrying")
        }
        log.error("\(currentFault?.en ?? "") in \(nextRetryDelay / 1_000_000_000) s (\(error.message))")
        scheduleRetry()
    }

    private func dropLines() {
        for token in buttonTokens { loop?.unregister(token) }
        buttonTokens = []
        _ = try? motorCap.disarm()
        lines?.release()
        lines = nil
    }

    private func scheduleRetry() {
        do {
            try retryTimer.arm(atBoottimeNanoseconds: Clocks.now(.boottime) + nextRetryDelay)
        } catch {
            log.error("gpio: cannot arm the retry timer: \(error); the board stays off until restart")
            let fault = currentFault ?? Phrase(uk: "GPIO: несправність", en: "gpio: fault")
            currentFault = Phrase(uk: fault.uk + " (таймер повтору не запущено: перезапустіть службу)",
                                  en: fault.en + " (retry timer failed: restart the daemon)")
        }
        nextRetryDelay = min(nextRetryDelay * 2, Self.longestRetryNanoseconds)
    }

    private func retryDue() {
        _ = try? retryTimer.acknowledge()
        guard !isReleased, lines == nil else { return }
        do {
            let claimed = try GPIOBoardLines.claim(config: config)
            do { try rememberLevels(of: claimed) } catch {
                claimed.release()
                throw GPIOClaimError(key: "button_line", value: config.buttonLine, underlying: error)
            }
            lines = claimed
            do { try registerButtons(of: claimed) } catch {
                dropLines()
                currentFault = Phrase(uk: "GPIO: не вдається стежити за кнопками: «\(error)»; повторна спроба",
                                      en: "gpio: cannot watch the buttons: \(error); retrying")
                log.error("\(currentFault?.en ?? "")")
                scheduleRetry()
                return
            }
            currentFault = nil
            nextRetryDelay = Self.firstRetryNanoseconds
            log.notice("gpio: back: \(describe(claimed))")
        } catch {
            currentFault = Phrase(uk: "GPIO: \(claimUkrainian(error)); повторна спроба", en: "gpio: \(error); retrying")
            log.error("\(currentFault?.en ?? "") in \(nextRetryDelay / 1_000_000_000) s")
            scheduleRetry()
        }
    }

    private func describe(_ lines: GPIOBoardLines) -> String {
        let buttons = lines.buttons.map { "button \($0.number) on line \($0.line.offset)" }.joined(separator: ", ")
        let motor = lines.motor.map { "motor on line \($0.offset)" } ?? "motor on the input side"
        return "\(lines.chip.name) [\(lines.chip.label)]: \(buttons.isEmpty ? "buttons on the input side" : buttons), \(motor),"
            + " as '\(GPIOBoardLines.consumer)'"
    }
}

/// A claim failure in Ukrainian: the GPIO texts have their own; anything else is quoted as it is.
private func claimUkrainian(_ error: any Error) -> String {
    switch error {
    case let claim as GPIOClaimError: claim.ukrainian
    case let gpio as GPIOError: gpio.ukrainian
    default: "«\(error)»"
    }
}
