import MetroControl
import MetroEngine
import MetroModel
import MetroSystem

/// Publishes the status: to the control socket's watchers (only when the document changed), to systemd's
/// `STATUS=` line, and to the simulated board's log. The engine calls `publish` after every mutation.
final class StatusHub: StatusPublishing {
    weak var daemon: Daemon?
    var language: Language = .uk
    private let log: Logger
    private let supervisor: Supervisor
    private var lastDocument: StatusDocument?
    private(set) var summary = "starting"

    init(log: Logger, supervisor: Supervisor) {
        self.log = log
        self.supervisor = supervisor
    }

    func publish(_ status: EngineStatus) { republish(force: false) }

    /// Recomputes the document; pushes it to watchers and systemd if anything changed.
    func republish(force: Bool) {
        guard let daemon else { return }
        let document = daemon.statusDocument()
        daemon.statusChanged()
        // "now" always moves; the snapshot changed only if something else did (model §11 stability).
        var comparable = document
        comparable.now = ""
        guard force || comparable != lastDocument else { return }
        lastDocument = comparable
        daemon.control.broadcast(ControlReply.statusEvent(document))
        let line = StatusSummary.line(document, network: daemon.network, language: .en)
        if line != summary {
            summary = line
            supervisor.tell("STATUS=\(line)")
        }
    }
}

/// The one-line human status used for `systemctl status` and the simulated board's log. It shows only what stays
/// true until the next published change.
enum StatusSummary {
    static func line(_ document: StatusDocument, network: Network, language: Language) -> String {
        func name(_ id: String) -> String { network.station(StationID(id))?.name(language) ?? id }
        func clock(_ iso: String) -> String {
            // "2026-08-17T22:41:15.250+03:00" → "22:41"
            let parts = iso.split(separator: "T")
            return parts.count == 2 ? String(parts[1].prefix(5)) : iso
        }
        if let trip = document.trip {
            let destination = name(trip.events.last?.station ?? "")
            if document.state == "arrived" {
                return Phrase(uk: "прибуття: \(destination)", en: "arrived: \(destination)")(language)
            }
            // No stop count: it changes at every arrival, which publishes nothing (an idle loop must not wake
            // for it), so it would go stale. The destination and the arrival time change only with a mutation.
            return Phrase(uk: "у дорозі до станції \(destination), прибуття \(clock(trip.arrival))",
                          en: "riding to \(destination), arrival \(clock(trip.arrival))")(language)
        }
        if let route = document.route {
            return Phrase(uk: "очікування, маршрут \(name(route.from)) → \(name(route.to))",
                          en: "idle, route \(name(route.from)) → \(name(route.to))")(language)
        }
        return Phrase(uk: "очікування, маршрут не вибрано", en: "idle, no route chosen")(language)
    }
}
