#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes: standard output for results, standard error for diagnostics. Injectable so tests can
/// capture both.
public protocol OutputWriter: AnyObject {
    /// Writes text to the result stream.
    func write(_ text: String)
    /// Writes text to the diagnostic stream.
    func writeError(_ text: String)
}

extension OutputWriter {
    /// Writes a line to the result stream.
    public func line(_ text: String = "") { write(text + "\n") }
    /// Writes a line to the diagnostic stream.
    public func errorLine(_ text: String) { writeError(text + "\n") }
}

/// The process's own standard output and standard error.
public final class StandardStreams: OutputWriter {
    public init() {}
    public func write(_ text: String) { writeAll(1, text) }
    public func writeError(_ text: String) { writeAll(2, text) }

    /// Writes every byte, retrying on short writes and EINTR; a closed pipe ends the attempt quietly.
    private func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}

/// Collects everything written, for tests.
public final class CapturedOutput: OutputWriter {
    public private(set) var standardOutput = ""
    public private(set) var standardError = ""
    public init() {}
    public func write(_ text: String) { standardOutput += text }
    public func writeError(_ text: String) { standardError += text }
}
