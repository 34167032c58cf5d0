import MetroSystem

/// The board the daemon drives: real GPIO lines through libgpiod, or the simulated board (presses from
/// `metrotimer press`, motor transitions in the log and the status).
final class Hardware {
    enum Kind: String { case gpio, simulated }

    let kind: Kind
    let motor: Motor
    /// Present only on the simulated board.
    let simulatedButtons: SimulatedButtons?
    private let gpio: GPIOBoard?

    private init(kind: Kind, motor: Motor, simulatedButtons: SimulatedButtons?, gpio: GPIOBoard?) {
        self.kind = kind
        self.motor = motor
        self.simulatedButtons = simulatedButtons
        self.gpio = gpio
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
            let buttons = try SimulatedButtons(hasSecondButton: config.button2Line != nil, log: log, bootNow: { clock.bootNow() })
            return Hardware(kind: .simulated, motor: motor, simulatedButtons: buttons, gpio: nil)
        case .gpio:
            let board = try GPIOBoard(config: config, log: log)
            return Hardware(kind: .gpio, motor: board, simulatedButtons: nil, gpio: board)
        }
    }

    /// Adds the button fds (and the simulated release timer) to the loop, delivering edges to the device.
    func register(on loop: EventLoop, device: DeviceController) throws {
        try simulatedButtons?.register(on: loop, device: device)
        try gpio?.register(on: loop, device: device)
    }

    /// Motor off and lines released (every exit path).
    func release() {
        motor.release()
        gpio?.releaseAll()
    }

    var faults: [String] { motor.fault.map { [$0] } ?? [] }

    /// The simulated motor's recent transitions (empty on GPIO).
    var motorLog: [String] { (motor as? SimulatedMotor)?.transitions ?? [] }
}

/// The simulated board's buttons: `metrotimer press --hold MS` makes a pressing edge now and a releasing edge
/// `MS` later (a timerfd, not a sleep), exactly as a real button would.
final class SimulatedButtons {
    let hasSecondButton: Bool
    private let log: Logger
    private let bootNow: () -> Int64
    private let releaseTimer: AlarmTimer
    private var pendingReleases: [(button: Int, at: Int64)] = []
    private weak var device: DeviceController?

    init(hasSecondButton: Bool, log: Logger, bootNow: @escaping () -> Int64) throws {
        self.hasSecondButton = hasSecondButton
        self.log = log
        self.bootNow = bootNow
        self.releaseTimer = try AlarmTimer(preferAlarm: false)
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
