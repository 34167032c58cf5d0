import MetroEngine
import MetroSystem

/// Adapts the daemon's logger to the engine's logging seam.
final class EngineLog: EngineLogging {
    let log: Logger
    init(_ log: Logger) { self.log = log }
    func info(_ message: String) { log.info(message) }
    func warning(_ message: String) { log.warning(message) }
    func error(_ message: String) { log.error(message) }
    func debug(_ message: String) { log.debug(message) }
}
