import MetroEngine

/// The engine's log lines, kept with their levels.
public final class RecordingLog: EngineLogging {
    public init() {}

    /// A log level.
    public enum Level: Equatable { case info, warning, error, debug }

    public private(set) var lines: [(level: Level, message: String)] = []

    public func info(_ message: String) { lines.append((.info, message)) }
    public func warning(_ message: String) { lines.append((.warning, message)) }
    public func error(_ message: String) { lines.append((.error, message)) }
    public func debug(_ message: String) { lines.append((.debug, message)) }

    /// Messages of one level.
    public func messages(_ level: Level) -> [String] { lines.filter { $0.level == level }.map(\.message) }
}
