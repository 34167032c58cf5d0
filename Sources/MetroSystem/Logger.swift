import Glibc
import Synchronization

/// Where log lines go. The daemon writes to standard error (journald reads the priority prefix);
/// tests record.
public protocol LogSink: Sendable {
    /// Writes one complete line, which ends with "\n".
    func write(line: String)
}

/// Writes each line to standard error with a single `write`, so lines from one process never interleave.
///
/// When standard error has been made non-blocking (`neverBlockOnJournal`), a reader that stopped reading costs
/// log lines, not the daemon's only thread: a line that does not fit is dropped and counted, and the count is
/// reported at warning priority as soon as a line fits again.
public struct StandardErrorSink: LogSink {
    private let dropped = DroppedLines()

    /// A sink on file descriptor 2.
    public init() {}

    /// Under systemd, standard error is a stream socket to journald. If journald stalls, a blocking write would
    /// stop the whole daemon — alerts, the motor's cut-off, requests — until it reads again; non-blocking, the
    /// daemon loses log lines instead. Only a socket is switched: a terminal or a pipe is shared with whoever
    /// started the daemon, and the flag would leak into their descriptor. Returns whether it switched.
    @discardableResult
    public static func neverBlockOnJournal() -> Bool {
        var status = stat()
        guard fstat(2, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return false }
        let flags = fcntl(2, F_GETFL)
        return flags >= 0 && fcntl(2, F_SETFL, flags | O_NONBLOCK) == 0
    }

    /// Writes the line to standard error (or counts it as lost when the reader is not reading).
    public func write(line: String) {
        let lost = dropped.count.load(ordering: .relaxed)
        if lost > 0 {
            let notice = "<4>\(lost) log line\(lost == 1 ? "" : "s") lost: the log reader was not reading\n"
            guard emit(Array(notice.utf8)) == .complete else {
                dropped.count.add(1, ordering: .relaxed)
                return
            }
            dropped.count.subtract(lost, ordering: .relaxed)
        }
        if emit(Array(line.utf8)) == .wouldBlock { dropped.count.add(1, ordering: .relaxed) }
    }

    private enum Outcome { case complete, wouldBlock, failed }

    private func emit(_ bytes: [UInt8]) -> Outcome {
        var offset = 0
        var waits = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
                continue
            }
            let error = Errno.current
            if written < 0 && error == .interrupted { continue }
            guard written < 0 && (error.rawValue == EAGAIN || error.rawValue == EWOULDBLOCK) else { return .failed }
            // Nothing of the line written yet: drop it whole. Part of it written: finish it if the reader frees
            // room within 200 ms, so the next line does not start in the middle of this one.
            if offset == 0 || waits == 4 { return .wouldBlock }
            waits += 1
            var descriptor = pollfd(fd: 2, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, 50)
        }
        return .complete
    }
}

/// Log lines lost to a reader that was not reading, until they are reported.
private final class DroppedLines: Sendable {
    let count = Atomic<Int>(0)
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
