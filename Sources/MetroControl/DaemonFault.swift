import MetroModel

/// A fault the status reports (a GPIO chip that vanished, a gpsd that went away): the part at fault and its text in
/// both languages. The status's `faults` keeps the English text — the same words as the daemon's log line, so
/// scripts and a journal grep match — and `fault_details` carries both, for a reader in either language (a
/// watcher's pushed status is one document for every watcher, whatever each one reads).
public struct DaemonFault: Equatable, Sendable {
    /// The part at fault, a stable word in the status (`fault_details[].part`).
    public enum Part: String, Sendable {
        case gpio, gps, motor, motion
    }

    public var part: Part
    public var text: Phrase
    public init(part: Part, text: Phrase) {
        self.part = part
        self.text = text
    }
}
