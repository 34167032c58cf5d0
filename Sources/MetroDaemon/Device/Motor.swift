import MetroSystem

/// The vibration motor: on or off. Production: a GPIO output line; demos and tests: the simulated board.
protocol Motor: AnyObject {
    /// Drives the motor. Errors are reported, never thrown: a motor fault must not stop the trip.
    func set(on: Bool)
    /// Drives it off and lets the line go (exit paths).
    func release()
    /// A fault to show in the status, or nil.
    var fault: String? { get }
}

/// The simulated board's motor: every transition is logged and kept (the status shows the last ones).
final class SimulatedMotor: Motor {
    private let log: Logger
    private let bootNow: () -> Int64
    private(set) var isOn = false
    private(set) var transitions: [String] = []
    private var onSince: Int64 = 0
    var fault: String? { nil }

    init(log: Logger, bootNow: @escaping () -> Int64) {
        self.log = log
        self.bootNow = bootNow
    }

    func set(on: Bool) {
        guard on != isOn else { return }
        isOn = on
        let now = bootNow()
        let entry: String
        if on {
            onSince = now
            entry = "on"
        } else {
            entry = "off after \((now - onSince + 500_000) / 1_000_000) ms"
        }
        transitions.append(entry)
        if transitions.count > 32 { transitions.removeFirst(transitions.count - 32) }
        // The boot-time stamp of each edge, so a test can measure how long the motor really stayed on.
        log.notice("motor \(entry) (boottime_ns \(now))")
    }

    func release() { set(on: false) }
}
