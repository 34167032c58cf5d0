import Foundation
import Glibc
import Testing

/// Under systemd, standard error is a stream socket to journald. A journald that stops reading must cost log
/// lines, never the daemon's only thread: requests are still answered, and the loss is reported once the reader
/// is back.
@Suite struct StalledLogReaderTests {
    @Test func aLogSocketNobodyReadsCostsLinesNotTheDaemon() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        let (reader, daemonEnd) = (pair[0], pair[1])
        defer { close(reader) }
        // A small buffer on the daemon's side, so a few kilobytes of log fill it.
        var size: Int32 = 4096
        setsockopt(daemonEnd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(reader, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))

        let daemon = try DaemonProcess(extra: ["log_level = debug"])
        defer { daemon.stop(); daemon.remove() }
        try daemon.start(standardError: FileHandle(fileDescriptor: daemonEnd, closeOnDealloc: true))

        // Nobody reads the log while 300 route changes are logged (tens of kilobytes): each is still answered.
        let connection = try RawControlConnection(path: daemon.socketPath, timeout: 5)
        for i in 0..<300 {
            let to = i % 2 == 0 ? "teremky" : "darnytsia"
            let reply = try connection.request("{\"cmd\": \"route\", \"from\": \"lisova\", \"to\": \"\(to)\"}")
            try #require(reply["ok"] as? Bool == true, "request \(i): \(reply)")
        }

        // The reader comes back: the next line that fits says how many were lost.
        var log = ""
        var buffer = [UInt8](repeating: 0, count: 65536)
        func drain() {
            while true {
                let n = recv(reader, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n <= 0 { return }
                log += String(decoding: buffer[..<n], as: UTF8.self)
            }
        }
        drain()
        _ = try connection.request("{\"cmd\": \"route\", \"from\": \"lisova\", \"to\": \"teremky\"}")
        #expect(eventually { drain(); return log.contains("log lines lost") })
        let notice = log.split(separator: "\n").first { $0.contains("log lines lost") } ?? ""
        #expect(notice.hasPrefix("<4>"), "\(notice)")
        let lost = Int(notice.dropFirst(3).prefix { $0.isNumber }) ?? 0
        #expect(lost > 0, "\(notice)")
    }
}
