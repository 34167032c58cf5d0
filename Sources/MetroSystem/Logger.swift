import Glibc

/// Where log lines go. The daemon writes to standard error (journald reads the priority prefix);
/// tests record.
public protocol LogSink: Sendable {
    /// Writes one complete line, which ends with "\n".
    func write(line: String)
}

/// Writes each line to standard error with a single `write`, so lines from one process never interleave.
public struct StandardErrorSink: LogSink {
    /// A sink on file descriptor 2.
    public init() {}

    /// Writes the line to standard error.
    public func write(line: String) {
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && Errno.current == .interrupted { continue }
            if written <= 0 { return }  // nowhere left to complain to
            offset += written
        }
    }
}

/// The severity of a log line, as syslog and journald number them.
public enum LogLevel: Int32, Sendable, Comparable, CaseIterable {
    /// Something failed.
    case error = 3
    /// Something is wrong but work goes on.
    case warning = 4
    /// A normal but significant event.
    case notice = 5
    /// Ordinary information.
    case info = 6
    /// Detail for finding faults; only written when verbose.
    case debug = 7

    /// The journald priority prefix, e.g. `<3>`.
    public var prefix: String { "<\(rawValue)>" }

    /// Lower numbers are more severe.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Writes one line per event with a journald priority prefix: `<3>` error … `<7>` debug.
public struct Logger: Sendable {
    /// Where the lines go.
    public let sink: any LogSink
    /// Whether debug lines are written.
    public let verbose: Bool

    /// A logger writing to `sink`; debug lines only when `verbose`.
    public init(sink: any LogSink = StandardErrorSink(), verbose: Bool = false) {
        self.sink = sink
        self.verbose = verbose
    }

    /// Writes `message` at `level`. Line breaks inside the message become spaces: one event, one line.
    public func log(_ level: LogLevel, _ message: String) {
        guard level != .debug || verbose else { return }
        let flat = message.contains(where: \.isNewline)
            ? String(message.map { $0.isNewline ? " " : $0 })
            : message
        sink.write(line: level.prefix + flat + "\n")
    }

    /// Logs at `<3>`.
    public func error(_ message: String) { log(.error, message) }
    /// Logs at `<4>`.
    public func warning(_ message: String) { log(.warning, message) }
    /// Logs at `<5>`.
    public func notice(_ message: String) { log(.notice, message) }
    /// Logs at `<6>`.
    public func info(_ message: String) { log(.info, message) }
    /// Logs at `<7>`, only when verbose.
    public func debug(_ message: String) { log(.debug, message) }
}
