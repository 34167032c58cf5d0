import Glibc
import MetroModel
import MetroSystem

/// What the motor is playing when it turns on: the pattern's kind and which of its pulses this is (1-based), so a
/// record of the motor can tell a whole play from one cut short.
struct MotorPulse: Equatable {
    var kind: HapticKind
    var number: Int
    var count: Int
}

/// The vibration motor: on or off. Production: a GPIO output line; demos and tests: the simulated board.
protocol Motor: AnyObject {
    /// Drives the motor. Errors are reported, never thrown: a motor fault must not stop the trip.
    func set(on: Bool)
    /// Drives the motor, saying what it plays (only the simulated board records it).
    func set(on: Bool, playing: MotorPulse?)
    /// Drives it off and lets the line go (exit paths).
    func release()
    /// A fault to show in the status, or nil.
    var fault: String? { get }
}

extension Motor {
    func set(on: Bool, playing: MotorPulse?) { set(on: on) }
}

/// The simulated board's motor: every transition is logged for people and kept (the status shows the last ones),
/// and, when given a record file, appended to it as it happens (see `MotorRecord`) — the one record tests read.
final class SimulatedMotor: Motor {
    private let log: Logger
    private let bootNow: () -> Int64
    private let record: MotorRecord?
    private(set) var isOn = false
    private(set) var transitions: [String] = []
    private var onSince: Int64 = 0
    var fault: String? { nil }

    init(log: Logger, bootNow: @escaping () -> Int64, record: MotorRecord? = nil) {
        self.log = log
        self.bootNow = bootNow
        self.record = record
        record?.append("start pid=\(getpid())", at: bootNow())
    }

    func set(on: Bool) { set(on: on, playing: nil) }

    func set(on: Bool, playing: MotorPulse?) {
        guard on != isOn else { return }
        // Recorded before the (simulated) motor turns on: a record that says "on" may belong to a buzz a crash cut
        // short, but a buzz that started is never missing from it.
        if on {
            record?.append("on " + (playing.map { "\($0.kind.recordName) \($0.number)/\($0.count)" } ?? "-"), at: bootNow())
        } else {
            record?.append("off", at: bootNow())
        }
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
        // For whoever watches the daemon run (the demo shows its log): what a rider would feel. Tests read the
        // motor record instead, which has the boot-time stamps and survives a crash.
        log.notice("motor \(entry)")
    }

    func release() { set(on: false) }
}

/// The simulated board's motor record: one line per event, `<CLOCK_BOOTTIME ns> start pid=<pid>` when a daemon
/// opens it, `<ns> on <kind> <pulse>/<pulses>` and `<ns> off`, each line one `write` on an `O_APPEND` descriptor.
/// It is written at the moment of each transition, so it survives a SIGKILL intact: tests read it to check that
/// every alert buzzed (and how often) across crashes, and how long the motor stayed on.
final class MotorRecord {
    let path: String
    private let fd: FileDescriptor
    private let log: Logger
    private var failed = false

    init(path: String, log: Logger) throws {
        self.path = path
        self.log = log
        fd = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, mode: 0o644)
    }

    func append(_ text: String, at boottime: Int64) {
        do {
            try fd.writeAll(Array("\(boottime) \(text)\n".utf8))
        } catch {
            // The record is for tests and demos; the motor itself must go on.
            if !failed { log.warning("motor record \(path): \(error)") }
            failed = true
        }
    }
}

extension HapticKind {
    /// The kind as the motor record spells it.
    var recordName: String {
        switch self {
        case .acknowledged: return "acknowledged"
        case .number: return "number"
        case .cannot: return "cannot"
        case .changeHere: return "change_here"
        case .trainDepartedReminder: return "train_departed_reminder"
        case .yoursIsNext: return "yours_is_next"
        case .getOffNow: return "get_off_now"
        case .timeToGo: return "time_to_go"
        }
    }
}
