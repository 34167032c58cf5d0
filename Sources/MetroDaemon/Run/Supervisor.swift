import MetroSystem

/// The daemon's side of the systemd notify protocol: sends through `SystemdNotifier` and says in the log when
/// messages are being lost, once per outage, so a manager that stopped reading is visible in the journal
/// without one line per status change.
final class Supervisor {
    let notifier: SystemdNotifier
    private let log: Logger
    private var failing = false

    init(notifier: SystemdNotifier, log: Logger) {
        self.notifier = notifier
        self.log = log
    }

    /// Sends `assignments`; never waits and never throws (a lost notification must not stop the daemon).
    func tell(_ assignments: String) {
        do {
            try notifier.send(assignments)
            if failing {
                failing = false
                log.notice("service manager notifications are delivered again")
            }
        } catch {
            if !failing {
                failing = true
                let what = assignments.split(separator: "\n").first.map(String.init) ?? assignments
                log.warning("service manager notification lost (\(what)): \(error); further losses are not logged until one is delivered")
            }
        }
    }
}
