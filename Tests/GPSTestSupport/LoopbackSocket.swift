import Glibc

/// Small loopback (127.0.0.1) socket functions for the gpsd harness.
package enum Loopback {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(_ what: String, errno code: Int32 = errno) {
            description = "\(what): \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    /// 127.0.0.1:port as a sockaddr_in.
    package static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }

    /// A port the kernel just picked as free for `type` (SOCK_STREAM or SOCK_DGRAM) on loopback. Another
    /// process may take it before it is used; callers retry on a failed start. Never gpsd's 2947.
    package static func freePort(type: Int32) throws -> UInt16 {
        while true {
            let fd = socket(AF_INET, type, 0)
            guard fd >= 0 else { throw Failure("socket") }
            defer { close(fd) }
            var address = address(port: 0)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw Failure("bind 127.0.0.1:0") }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { throw Failure("getsockname") }
            let port = UInt16(bigEndian: address.sin_port)
            if port != 2947 { return port }
        }
    }

    /// A TCP connection to 127.0.0.1:port, or nil when refused.
    package static func connectTCP(port: UInt16) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = address(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result == 0 { return fd }
        close(fd)
        return nil
    }

    /// Sends `text` as one datagram from `fd` to 127.0.0.1:port.
    package static func sendDatagram(_ text: String, from fd: Int32, to port: UInt16) throws {
        var address = address(port: port)
        let bytes = Array(text.utf8)
        let sent = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, bytes, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard sent == bytes.count else { throw Failure("sendto 127.0.0.1:\(port)") }
    }

    /// Writes all of `text` to a connected socket (blocking or not: a full one is waited on, 30 s at most a wait).
    package static func write(_ text: String, to fd: Int32) throws {
        guard sendAll(Array(text.utf8), to: fd, waitingAtMostMs: 30_000) else { throw Failure("send") }
    }

    /// Sends all of `bytes` on a nonblocking connected socket, waiting for room while the socket stays full, but
    /// never longer than `waitingAtMostMs` in one wait; false when it stayed full that long (or the send failed).
    package static func sendAll(_ bytes: [UInt8], to fd: Int32, waitingAtMostMs: Int32) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                rest = rest.dropFirst(written)
                continue
            }
            if written < 0, errno == EINTR { continue }
            guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&entry, 1, waitingAtMostMs) > 0 else { return false }
        }
        return true
    }

    /// Waits until `fd` is readable or `timeoutMs` passes; true when readable.
    package static func waitReadable(_ fd: Int32, timeoutMs: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, timeoutMs) > 0
    }
}

/// A listening TCP socket on 127.0.0.1 standing in for gpsd: on a given port, or (port 0) on one the kernel picks,
/// read back into `port` so no other process can take it in between.
package final class LoopbackListener {
    package let fd: Int32
    package let port: UInt16

    package init(port requested: UInt16 = 0, nonblocking: Bool = false) throws {
        let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonblocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | flags, 0)
        guard socketFD >= 0 else { throw Loopback.Failure("socket") }
        var reuse: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = Loopback.address(port: requested)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, length) == 0 && listen(socketFD, 8) == 0 && getsockname(socketFD, $0, &length) == 0
            }
        }
        guard listening else {
            let failure = Loopback.Failure("listen on 127.0.0.1:\(requested)")
            close(socketFD)
            throw failure
        }
        fd = socketFD
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }

    /// The next connection, or a failure after `timeoutMs`.
    package func accept(timeoutMs: Int32) throws -> Int32 {
        guard Loopback.waitReadable(fd, timeoutMs: timeoutMs) else { throw Loopback.Failure("no connection", errno: ETIMEDOUT) }
        let peer = Glibc.accept(fd, nil, nil)
        guard peer >= 0 else { throw Loopback.Failure("accept") }
        return peer
    }
}
