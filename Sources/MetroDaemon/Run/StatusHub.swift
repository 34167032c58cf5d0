import MetroControl
import MetroEngine
import MetroModel
import MetroSystem

/// Publishes the status: to the control socket's watchers (only when the document changed), to systemd's
/// `STATUS=` line, to the gpsd link (which watches only while GPS can help) and to the accelerometer (read only
/// while riding). The engine calls `publish` after
/// every mutation with its new status; the daemon calls `publish(_:force:)` with a fresh one at start, on reload and
/// when the GPS link asks to look again.
final class StatusHub: StatusPublishing {
    var language: Language
    private let log: Logger
    private let supervisor: Supervisor
    private let watchers: Watchers
    private let network: any RideNetwork
    private let clock: ModelClock
    private let facts: DaemonFactsReader
    private var lastDocument: StatusDocument?
    private(set) var summary = "starting"

    init(language: Language, log: Logger, supervisor: Supervisor, watchers: Watchers, network: any RideNetwork, clock: ModelClock,
         facts: DaemonFactsReader)
    {
        self.language = language
        self.log = log
        self.supervisor = supervisor
        self.watchers = watchers
        self.network = network
        self.clock = clock
        self.facts = facts
    }

    func publish(_ status: EngineStatus) { publish(status, force: false) }

    /// The status as the control contract's document.
    func document(for status: EngineStatus) -> StatusDocument {
        StatusDocument(status: status, facts: facts.read(language: language), wall: clock.wallMapping(), network: network)
    }

    /// Pushes `status` to watchers and systemd if anything changed (always when `force`), and tells the GPS link
    /// whether to watch.
    func publish(_ status: EngineStatus, force: Bool) {
        // Seen now: a command taken at its press instant publishes the status of that instant (model §12.1).
        let status = status.seen(at: clock.now(), network: network)
        // The links first: starting one can fail, and the document must show that fault (the watchers would
        // otherwise learn of it only at the next change).
        facts.gps?.setWatching(GPSWatchPolicy.canHelp(status, network: network),
                               reconsiderAtBoottime: GPSWatchPolicy.helpEnds(status, network: network).map { clock.boottime(of: $0) })
        // Read while riding only: an arrived trip or an idle daemon reads nothing (after the arrival the rule of
        // motion has nothing left to take, §5.5).
        facts.motion?.setReading(forTrip: status.state == .riding ? status.active?.trip.t0 : nil)
        let document = self.document(for: status)
        // "now" always moves; the snapshot changed only if something else did (model §11 stability).
        var comparable = document
        comparable.now = ""
        guard force || comparable != lastDocument else { return }
        lastDocument = comparable
        watchers.broadcast(ControlReply.statusEvent(document))
        let line = StatusSummary.line(document, network: network, language: .en)
        if line != summary {
            summary = line
            supervisor.tell("STATUS=\(line)")
        }
    }
}

/// The one-line human status used for `systemctl status` and the simulated board's log. It shows only what stays
/// true until the next published change.
enum StatusSummary {
    static func line(_ document: StatusDocument, network: any RideNetwork, language: Language) -> String {
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
