import MetroEngine

/// The engine's log lines, kept with their levels.
final class RecordingLog: EngineLogging {
    /// A log level.
    enum Level: Equatable { case info, warning, error, debug }

    private(set) var lines: [(level: Level, message: String)] = []

    func info(_ message: String) { lines.append((.info, message)) }
    func warning(_ message: String) { lines.append((.warning, message)) }
    func error(_ message: String) { lines.append((.error, message)) }
    func debug(_ message: String) { lines.append((.debug, message)) }

    /// Messages of one level.
    func messages(_ level: Level) -> [String] { lines.filter { $0.level == level }.map(\.message) }
}
