import Foundation
import Glibc
import MetroControl
import Testing
@testable import MetroCLI

/// `busy` is the one refusal the daemon sends without having read the request (docs/control-protocol.md), so the
/// command line sends the request again on a new connection, three times at most. A stand-in daemon on a real Unix
/// socket answers the first `busyAnswers` connections `busy` and closes them unread, then answers every request.
@Suite struct BusyRetryTests {
    /// A listening socket served by a thread: the first `busyAnswers` connections get a `busy` line and are closed
    /// unread; later ones get `{"ok": true, "connection": N}` for each request line.
    final class StandInDaemon: @unchecked Sendable {
        let path: String
        private let listener: Int32
        private let lock = NSLock()
        private var accepted = 0
        private var requests: [String] = []

        init(busyAnswers: Int) throws {
            let directory = NSTemporaryDirectory() + "metrotimer-busy-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            let path = directory + "/control.sock"
            let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            self.path = path
            self.listener = listener
            try #require(listener >= 0 && bound == 0 && listen(listener, 8) == 0)
            Thread.detachNewThread { [self] in
                while true {
                    let connection = accept(listener, nil, nil)
                    guard connection >= 0 else { return }
                    let number = lock.withLock { accepted += 1; return accepted }
                    if number <= busyAnswers {
                        send(connection, "{\"ok\": false, \"code\": \"busy\", \"error\": \"too many connections\"}\n")
                    } else {
                        var line: [UInt8] = []
                        var byte: UInt8 = 0
                        while read(connection, &byte, 1) == 1 {
                            guard byte == UInt8(ascii: "\n") else { line.append(byte); continue }
                            lock.withLock { requests.append(String(decoding: line, as: UTF8.self)) }
                            send(connection, "{\"ok\": true, \"connection\": \(number)}\n")
                            line = []
                        }
                    }
                    close(connection)
                }
            }
        }

        private func send(_ connection: Int32, _ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count - 1) }
        }

        /// How many connections were accepted, and the request lines read on them.
        var seen: (connections: Int, requests: [String]) { lock.withLock { (accepted, requests) } }

        deinit {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
            unlink(path)
            rmdir((path as NSString).deletingLastPathComponent)
        }
    }

    @Test func aBusyRefusalIsSentAgainOnANewConnection() throws {
        let daemon = try StandInDaemon(busyAnswers: 2)
        let client = try DaemonClient(path: daemon.path)
        let reply = try client.request(.status)
        #expect(reply["connection"]?.intValue == 3, "answered on the wrong connection: \(reply)")
        let seen = daemon.seen
        #expect(seen.connections == 3)
        #expect(seen.requests.count == 1, "the request was not sent exactly once where it was read: \(seen.requests)")
    }

    @Test func aDaemonBusyAtEveryTryIsReportedBusyAfterThreeResends() throws {
        let daemon = try StandInDaemon(busyAnswers: 100)
        let client = try DaemonClient(path: daemon.path)
        do {
            _ = try client.request(.status)
            Issue.record("a daemon busy at every try was taken for an answer")
        } catch {
            #expect(error.exitCode == ReplyCode.exitStatus(forCode: "busy"))
            #expect(error.message.contains("too many connections"), "\(error.message)")
        }
        // The first connection and three more, none read.
        #expect(daemon.seen.connections == 1 + DaemonClient.busyRetryPauses.count)
        #expect(daemon.seen.requests.isEmpty)
    }
}
