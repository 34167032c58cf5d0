import Glibc
import MetroSystem

/// The service manager's side of `sd_notify`, as much as the bench needs: an `AF_UNIX` datagram socket bound to
/// a path, read with `poll` so that waiting for the daemon costs the daemon nothing.
final class NotifyReceiver {
    /// The value for `$NOTIFY_SOCKET`.
    let path: String
    private let socket: FileDescriptor

    /// Binds `path` (which must not exist yet).
    init(path: String) throws {
        self.path = path
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket AF_UNIX SOCK_DGRAM: \(String(cString: strerror(errno)))") }
        socket = FileDescriptor(owning: fd)
        // The only sockaddr_un the bench builds.
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8) + [0]
        guard bytes.count <= MemoryLayout.size(ofValue: address.sun_path) else { throw BenchError("socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, length) }
        }
        guard bound == 0 else { throw BenchError("bind \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { unlink(path) }

    /// One datagram's assignments, or nil if none arrives within `timeoutNanoseconds`.
    func receive(timeoutNanoseconds: Int64) -> [String: String]? {
        var request = pollfd(fd: socket.rawValue, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: max(0, (timeoutNanoseconds + 999_999) / 1_000_000))
        guard poll(&request, 1, milliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(socket.rawValue, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        guard count >= 0 else { return nil }
        var assignments: [String: String] = [:]
        for line in String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n") {
            if let equals = line.firstIndex(of: "=") {
                assignments[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return assignments
    }

    /// Waits until a datagram holds `key`; returns the monotonic instant it was received. Every datagram seen
    /// on the way is appended to `seen`.
    func waitFor(_ key: String, timeoutSeconds: Int64 = 30, seen: inout [[String: String]]) throws -> Int64 {
        let deadline = Clocks.now(.monotonic) + timeoutSeconds * 1_000_000_000
        while true {
            let left = deadline - Clocks.now(.monotonic)
            guard left > 0 else { throw BenchError("no \(key) from the daemon within \(timeoutSeconds) s") }
            if let message = receive(timeoutNanoseconds: left) {
                let now = Clocks.now(.monotonic)
                seen.append(message)
                if message[key] != nil { return now }
            }
        }
    }

    /// Listens for `seconds` (a measurement window) and returns every datagram that came.
    func listen(seconds: Double) -> [[String: String]] {
        let deadline = Clocks.now(.monotonic) + Int64(seconds * 1e9)
        var seen: [[String: String]] = []
        while true {
            let left = deadline - Clocks.now(.monotonic)
            guard left > 0 else { return seen }
            if let message = receive(timeoutNanoseconds: left) { seen.append(message) }
        }
    }
}
