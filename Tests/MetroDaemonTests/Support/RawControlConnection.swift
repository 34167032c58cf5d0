import Foundation
import Glibc

/// A bare client of the control socket that sends arbitrary bytes (malformed JSON, oversized lines, non-UTF-8)
/// and reads reply lines, with a receive timeout so a daemon that never answers fails the test instead of
/// hanging it.
final class RawControlConnection {
    let fd: Int32
    private var pending: [UInt8] = []

    /// Connects to `path`; `timeout` bounds every read.
    init(path: String, timeout: Double = 5) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw DaemonProcessError("socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw DaemonProcessError("socket path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            // Not closed here: `self` is whole, so its deinit runs on the throw and closes `fd`. Closing it twice
            // would close whatever descriptor another test opened with that number in between.
            throw DaemonProcessError("connect \(path): errno \(errno)")
        }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Sends raw bytes (the caller adds the newline). Returns false when the daemon already closed.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Sends a text line (a newline is added).
    @discardableResult
    func send(line: String) -> Bool { send(Array((line + "\n").utf8)) }

    /// The next reply line, or nil when the daemon closed the connection (or the timeout passed).
    func readLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return String(decoding: line, as: UTF8.self)
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            pending += buffer[..<n]
        }
    }

    /// The next reply parsed as a JSON object.
    func readObject() throws -> [String: Any] {
        guard let line = readLine() else { throw DaemonProcessError("no reply (connection closed or timed out)") }
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw DaemonProcessError("reply is not a JSON object: \(line)")
        }
        return object
    }

    /// Sends one line and returns the parsed reply.
    func request(_ line: String) throws -> [String: Any] {
        send(line: line)
        return try readObject()
    }

    /// Whether the daemon closed its side: a read returns end of file (not a timeout) within `timeout` seconds.
    func isClosedByPeer(timeout: Double = mustHappenWithin) -> Bool {
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pollfd, 1, Int32(timeout * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        return Glibc.recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    /// Whether a line arrives within `timeout` seconds (for "nothing is pushed" checks: a loaded machine can only
    /// make such a check miss a push, never fail one that was right).
    func hasData(within timeout: Double) -> Bool {
        if pending.contains(0x0A) { return true }
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pollfd, 1, Int32(timeout * 1000)) == 1
    }
}
