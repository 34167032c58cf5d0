import Foundation
import Glibc

/// One `sd_notify` datagram, read the way systemd reads it: newline-separated `KEY=VALUE` assignments.
struct NotifyMessage: CustomStringConvertible {
    /// The datagram as text.
    let raw: String
    /// The assignments in the order they were sent.
    let assignments: [(key: String, value: String)]
    /// Non-empty lines without a `=` (systemd ignores them; our daemon must never send any).
    let malformedLines: [String]
    /// The sender's pid from `SCM_CREDENTIALS` — what systemd compares with the main pid (`NotifyAccess=main`).
    let senderPID: pid_t?
    /// `CLOCK_MONOTONIC` in microseconds when the datagram was taken off the socket.
    let receivedMonotonicMicroseconds: UInt64
    /// Whether the datagram was larger than the receive buffer (systemd's is 4096 bytes too).
    let truncated: Bool

    init(bytes: [UInt8], senderPID: pid_t?, receivedMonotonicMicroseconds: UInt64, truncated: Bool) {
        raw = String(decoding: bytes, as: UTF8.self)
        var assignments: [(key: String, value: String)] = []
        var malformed: [String] = []
        for line in raw.split(separator: "\n", omittingEmptySubsequences: true) {
            if let equals = line.firstIndex(of: "=") {
                assignments.append((String(line[..<equals]), String(line[line.index(after: equals)...])))
            } else {
                malformed.append(String(line))
            }
        }
        self.assignments = assignments
        self.malformedLines = malformed
        self.senderPID = senderPID
        self.receivedMonotonicMicroseconds = receivedMonotonicMicroseconds
        self.truncated = truncated
    }

    /// The last value given for `key` in this datagram.
    subscript(key: String) -> String? { assignments.last { $0.key == key }?.value }

    var description: String { "[\(senderPID.map(String.init) ?? "?")] " + raw.replacingOccurrences(of: "\n", with: " | ") }
}

/// A real notification socket, as a service manager binds it: `AF_UNIX`, `SOCK_DGRAM`, `SO_PASSCRED`, bound to a
/// path in a private temporary directory or to a name in the abstract namespace. Every datagram received is
/// kept in `messages`, in order.
final class NotifySocket {
    /// The value to pass as `$NOTIFY_SOCKET` (a path, or `@name` for the abstract namespace).
    let notifyAddress: String
    private(set) var messages: [NotifyMessage] = []
    private let fd: Int32
    private let directory: URL?
    private let sunPath: [UInt8]

    /// Binds a socket file `notify.sock` in a fresh temporary directory.
    convenience init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-notify-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("notify.sock").path
        try self.init(address: path, sunPath: Array(path.utf8) + [0], directory: directory)
    }

    /// Binds the abstract name `name` (no file; `$NOTIFY_SOCKET` is `@name`).
    convenience init(abstractName name: String) throws {
        try self.init(address: "@" + name, sunPath: [0] + Array(name.utf8), directory: nil)
    }

    private init(address: String, sunPath: [UInt8], directory: URL?) throws {
        self.notifyAddress = address
        self.directory = directory
        self.sunPath = sunPath
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw NotifySocketError("socket(AF_UNIX, SOCK_DGRAM)", errno) }
        var one: Int32 = 1
        guard setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            // Closed by deinit, which runs on this throw (`self` is whole): closing here too would close another
            // test's descriptor that took the number in between.
            throw NotifySocketError("setsockopt SO_PASSCRED", errno)
        }
        guard NotifySocket.bind(fd, sunPath: sunPath) == 0 else {
            throw NotifySocketError("bind \(address)", errno)
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private static func bind(_ fd: Int32, sunPath: [UInt8]) -> Int32 {
        withAddress(sunPath) { Glibc.bind(fd, $0, $1) }
    }

    /// The only place that builds a `sockaddr_un`: `sunPath` is copied as is (a leading NUL makes it abstract;
    /// the length passed is exact, so an abstract name carries no trailing NUL).
    private static func withAddress(_ sunPath: [UInt8], _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard sunPath.count <= capacity else {
            errno = ENAMETOOLONG
            return -1
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: sunPath) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + sunPath.count)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Sends filler datagrams to this socket until the kernel refuses more (its queue holds
    /// `net.unix.max_dgram_qlen` of them): the state of a service manager that has stopped reading.
    /// Returns how many were queued.
    func fillQueue() throws -> Int {
        let sender = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard sender >= 0 else { throw NotifySocketError("socket for the filler", errno) }
        defer { close(sender) }
        let filler = Array("X_FILLER=1".utf8)
        var queued = 0
        while queued < 100_000 {
            let sent = NotifySocket.withAddress(sunPath) { address, length in
                Int32(filler.withUnsafeBytes { sendto(sender, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT), address, length) })
            }
            if sent < 0 {
                guard errno == EAGAIN else { throw NotifySocketError("sendto \(notifyAddress)", errno) }
                return queued
            }
            queued += 1
        }
        return queued
    }

    /// Waits up to `timeout` seconds for one datagram; nil when none came.
    func receive(timeout: Double) -> NotifyMessage? {
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, timeout) * 1000)
        let ready = poll(&pollfd, 1, milliseconds)
        guard ready > 0 else { return nil }
        guard let message = receiveOne() else { return nil }
        messages.append(message)
        return message
    }

    /// Receives until a datagram satisfies `predicate` or `timeout` seconds pass; returns that datagram.
    func waitFor(timeout: Double = 15, _ predicate: (NotifyMessage) -> Bool) -> NotifyMessage? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            if let message = receive(timeout: left), predicate(message) { return message }
        }
    }

    /// Receives for `seconds` seconds and returns what came in that window.
    func collect(for seconds: Double) -> [NotifyMessage] {
        let deadline = Date().addingTimeInterval(seconds)
        var window: [NotifyMessage] = []
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return window }
            if let message = receive(timeout: left) { window.append(message) }
        }
    }

    /// `recvmsg` with room for the sender's credentials; descriptors passed along (systemd-notify's
    /// `BARRIER=1` sends one) are closed at once, which is what tells the sender the message was seen.
    private func receiveOne() -> NotifyMessage? {
        var data = [UInt8](repeating: 0, count: 4096)
        var control = [UInt64](repeating: 0, count: 64)
        let header = MemoryLayout<cmsghdr>.size
        return data.withUnsafeMutableBytes { dataBytes -> NotifyMessage? in
            control.withUnsafeMutableBytes { controlBytes -> NotifyMessage? in
                var vector = iovec(iov_base: dataBytes.baseAddress, iov_len: dataBytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer -> NotifyMessage? in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    let count = recvmsg(fd, &message, Int32(MSG_CMSG_CLOEXEC) | Int32(MSG_DONTWAIT))
                    guard count >= 0 else { return nil }
                    let received = UInt64(NotifySocket.monotonicMicroseconds())
                    var sender: pid_t?
                    var offset = 0
                    while offset + header <= message.msg_controllen {
                        let cmsg = controlBytes.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self)
                        guard cmsg.cmsg_len >= header else { break }
                        let payload = cmsg.cmsg_len - header
                        if cmsg.cmsg_level == SOL_SOCKET && cmsg.cmsg_type == NotifySocket.credentialsMessageType && payload >= 12 {
                            sender = controlBytes.loadUnaligned(fromByteOffset: offset + header, as: pid_t.self)
                        } else if cmsg.cmsg_level == SOL_SOCKET && cmsg.cmsg_type == Int32(SCM_RIGHTS) {
                            for index in 0..<(payload / 4) {
                                close(controlBytes.loadUnaligned(fromByteOffset: offset + header + index * 4, as: Int32.self))
                            }
                        }
                        offset += (cmsg.cmsg_len + 7) & ~7
                    }
                    return NotifyMessage(bytes: Array(dataBytes[0..<count]), senderPID: sender,
                                         receivedMonotonicMicroseconds: received,
                                         truncated: message.msg_flags & Int32(MSG_TRUNC) != 0)
                }
            }
        }
    }

    /// `SCM_CREDENTIALS` (glibc declares it only under _GNU_SOURCE, so Swift does not see it); fixed at 2 in the
    /// Linux ABI (include/linux/socket.h).
    static let credentialsMessageType: Int32 = 2

    /// `CLOCK_MONOTONIC` in microseconds, the clock of `MONOTONIC_USEC`.
    static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }
}

struct NotifySocketError: Error, CustomStringConvertible {
    let description: String
    init(_ what: String, _ code: Int32) { description = "\(what): \(String(cString: strerror(code))) (errno \(code))" }
}
