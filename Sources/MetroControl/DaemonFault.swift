import MetroModel

/// A fault the status reports (a GPIO chip that vanished, a gpsd that went away): the part at fault and its text in
/// both languages. The status's `faults` keeps the English text — the same words as the daemon's log line, so
/// scripts and a journal grep match — and `fault_details` carries both, for a reader in either language (a
/// watcher's pushed status is one document for every watcher, whatever each one reads).
public struct DaemonFault: Equatable, Sendable {
    /// The part at fault, a stable word in the status (`fault_details[].part`).
    public enum Part: String, Sendable {
        case gpio, gps, motor
    }

    public var part: Part
    public var text: Phrase
    public init(part: Part, text: Phrase) {
        self.part = part
        self.text = text
    }

    /// A fault worded in English by a part that keeps to it (the GPIO board's own texts name the errno and
    /// libgpiod's detail): the Ukrainian text frames those words, quoted as they are.
    public static func quoting(_ part: Part, _ english: String) -> DaemonFault {
        let prefix = "\(part.rawValue): "
        let body = english.hasPrefix(prefix) ? String(english.dropFirst(prefix.count)) : english
        let retrying = body.hasSuffix("; retrying")
        let detail = retrying ? String(body.dropLast("; retrying".count)) : body
        let name: String
        switch part {
        case .gpio: name = "GPIO"
        case .gps: name = "GPS"
        case .motor: name = "мотор"
        }
        return DaemonFault(part: part, text: Phrase(uk: "\(name): несправність «\(detail)»" + (retrying ? "; повторна спроба" : ""),
                                                    en: english))
    }
}
