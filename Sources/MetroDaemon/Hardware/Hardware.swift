import MetroModel
import MetroSystem

/// The board the daemon drives: real GPIO lines through libgpiod, input devices (a phone's keys and its
/// force-feedback vibrator), a mix of the two (each side chosen by `button_hardware`/`motor_hardware`), or the
/// simulated board (presses from `metrotimer press`, motor transitions in the log and the status).
final class Hardware {
    typealias Kind = DaemonConfig.Hardware

    let kind: Kind
    let motor: Motor
    /// Present only on the simulated board.
    let simulatedButtons: SimulatedButtons?
    /// The GPIO side(s), when any side is on GPIO.
    private let gpio: GPIOBoard?
    /// The button side on an input device.
    private let inputKeys: InputKeys?
    /// The motor side on an input device.
    private let inputVibrator: InputVibrator?

    private init(kind: Kind, motor: Motor, simulatedButtons: SimulatedButtons?, gpio: GPIOBoard?,
                 inputKeys: InputKeys? = nil, inputVibrator: InputVibrator? = nil) {
        self.kind = kind
        self.motor = motor
        self.simulatedButtons = simulatedButtons
        self.gpio = gpio
        self.inputKeys = inputKeys
        self.inputVibrator = inputVibrator
    }

    /// Claims the configured hardware. GPIO errors at start are fatal (the rider must fix the wiring or the
    /// config); later faults are kept in the status and retried.
    /// The simulated motor's record, in the runtime directory (see `MotorRecord`).
    static let simulatedMotorRecordName = "simulated-motor.log"

    static func open(config: DaemonConfig, clock: ModelClock, log: Logger) throws -> Hardware {
        switch config.hardware {
        case .simulated:
            let record = try MotorRecord(path: config.runtimeDirectory + "/" + Hardware.simulatedMotorRecordName, log: log)
            let motor = SimulatedMotor(log: log, bootNow: { clock.bootNow() }, record: record)
            let buttons = try SimulatedButtons(hasSecondButton: config.hasSecondButton, log: log, bootNow: { clock.bootNow() })
            return Hardware(kind: .simulated, motor: motor, simulatedButtons: buttons, gpio: nil)
        case .gpio, .input:
            // Each side on its own adapter; a side that fails releases the others (their deinit) and the start
            // error names the key at fault.
            let needsGPIO = config.buttonSide == .gpio || config.motorSide == .gpio
            let board = needsGPIO ? try GPIOBoard(config: config, log: log) : nil
            let keys = config.buttonSide == .input ? try InputKeys(config: config, log: log) : nil
            let vibrator = config.motorSide == .input ? try InputVibrator(config: config, log: log) : nil
            guard let motor: Motor = vibrator ?? board else {
                throw DaemonStartError("hardware: no motor side configured")
            }
            return Hardware(kind: config.hardware, motor: motor, simulatedButtons: nil, gpio: board,
                            inputKeys: keys, inputVibrator: vibrator)
        }
    }

    /// Adds the button fds (and the simulated release timer) to the loop, delivering edges to the device.
    func register(on loop: EventLoop, device: DeviceController) throws {
        try simulatedButtons?.register(on: loop, device: device)
        try gpio?.register(on: loop, device: device)
        try inputKeys?.register(on: loop, sink: device)
        try inputVibrator?.register(on: loop)
    }

    /// Motor off and lines and devices released (every exit path).
    func release() {
        motor.release()
        gpio?.releaseAll()
        inputVibrator?.releaseAll()
        inputKeys?.releaseAll()
    }

    /// Every side's fault, GPIO first.
    var faults: [String] { faultTexts.map(\.en) }
    /// Every side's fault in both languages (the English as `faults`).
    var faultTexts: [Phrase] { [gpio?.faultText, inputVibrator?.faultText, inputKeys?.faultText].compactMap { $0 } }

    /// The simulated motor's recent transitions (empty on GPIO).
    var motorLog: [String] { (motor as? SimulatedMotor)?.transitions ?? [] }
}

/// The simulated board's buttons: `metrotimer press --hold MS` makes a pressing edge now and a releasing edge
/// `MS` later (a timerfd, not a sleep), exactly as a real button would.
final class SimulatedButtons {
    let hasSecondButton: Bool
    private let log: Logger
    private let bootNow: () -> Int64
    private let releaseTimer: KernelTimer
    private var pendingReleases: [(button: Int, at: Int64)] = []
    private weak var device: DeviceController?

    init(hasSecondButton: Bool, log: Logger, bootNow: @escaping () -> Int64) throws {
        self.hasSecondButton = hasSecondButton
        self.log = log
        self.bootNow = bootNow
        self.releaseTimer = try KernelTimer(preferAlarm: false)
    }

    func register(on loop: EventLoop, device: DeviceController) throws {
        self.device = device
        // Urgent like the gesture timer: a release edge that came late would change the gesture.
        _ = try loop.register(fd: releaseTimer.fd.rawValue, events: .readable, priority: .urgent) { [weak self] _ in self?.releaseDue() }
    }

    func press(button: Int, holdMilliseconds: Int) {
        let now = bootNow()
        log.notice("button \(button) pressed (simulated, held \(holdMilliseconds) ms)")
        device?.edge(button: button, pressed: true, boottime: now)
        pendingReleases.append((button, now + Int64(holdMilliseconds) * 1_000_000))
        rearm()
    }

    private func releaseDue() {
        _ = try? releaseTimer.acknowledge()
        let now = bootNow()
        let due = pendingReleases.filter { $0.at <= now }
        pendingReleases.removeAll { $0.at <= now }
        for release in due.sorted(by: { $0.at < $1.at }) {
            device?.edge(button: release.button, pressed: false, boottime: release.at)
        }
        rearm()
    }

    private func rearm() {
        if let next = pendingReleases.map(\.at).min() {
            try? releaseTimer.arm(atBoottimeNanoseconds: next)
        } else {
            try? releaseTimer.disarm()
        }
    }
}
