import CLinuxShim
import Glibc
import Testing
@testable import MetroSystem

@Suite struct UnixSocketTests {
    /// Accepts the connection a client just made (connect returns once it is queued, so it is there).
    private func acceptOne(_ listener: UnixListener) throws -> UnixConnection {
        var request = pollfd(fd: listener.fd.rawValue, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, 5_000)
        return try #require(try listener.accept())
    }

    @Test func linesRoundTripThroughTheEventLoop() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixListener(path: directory.file("control.sock"))
        #expect(try permissions(of: listener.path) == 0o660)
        #expect(try listener.accept() == nil)  // nonblocking: nobody yet

        let client = try UnixConnection.connect(path: listener.path)
        let server = try acceptOne(listener)
        #expect(try server.fd.isNonblocking())

        let loop = try EventLoop()
        var lines = LineBuffer(maximumLineLength: 64)
        var received: [String] = []
        var outgoing = OutgoingBuffer()
        _ = try loop.register(fd: server.fd.rawValue) { _ in
            guard let bytes = try? server.read() else { return }
            for item in lines.append(bytes) {
                received.append(item.text ?? "<oversized>")
                _ = outgoing.enqueue(Array("echo \(item.text ?? "")\n".utf8))
            }
            _ = try? outgoing.flush(to: server)
        }
        try client.writeAll(Array("status\r\nstart 3\npart".utf8))
        try runLoop(loop) { received.count == 2 }
        #expect(received == ["status", "start 3"])
        #expect(lines.pendingByteCount == 4)

        try client.fd.setNonblocking(false)
        var reply = LineBuffer(maximumLineLength: 64)
        var replies: [String] = []
        while replies.count < 2, let bytes = try client.read(), !bytes.isEmpty {
            replies += reply.append(bytes).compactMap(\.text)
        }
        #expect(replies == ["echo status", "echo start 3"])
    }

    @Test func anOversizedLineIsReportedAndDropped() {
        var buffer = LineBuffer(maximumLineLength: 8)
        var items = buffer.append(Array("12345678\n".utf8))
        #expect(items == [.line(Array("12345678".utf8))])
        items = buffer.append(Array(repeating: UInt8(ascii: "x"), count: 1000))
        #expect(items == [.oversized])
        #expect(buffer.pendingByteCount == 0)  // not buffered
        items = buffer.append(Array(repeating: UInt8(ascii: "x"), count: 1000) + Array("\nok\n".utf8))
        #expect(items == [.line(Array("ok".utf8))])
    }

    @Test func peerCredentialsAreOurOwn() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixListener(path: directory.file("peer.sock"))
        let client = try UnixConnection.connect(path: listener.path)
        let server = try acceptOne(listener)
        let peer = try server.peerCredentials()
        #expect(peer.pid == getpid())
        #expect(peer.uid == getuid())
        #expect(peer.gid == getgid())
        let other = try client.peerCredentials()
        #expect(other.pid == getpid())
    }

    @Test func connectingToAMissingSocketSaysSo() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("absent.sock")
        let error = thrownError(SystemError.self) { _ = try UnixConnection.connect(path: missing) }
        #expect(error?.errno == .noSuchFile)
        #expect(error?.description == "connect \(missing): No such file or directory (errno 2)")

        // A socket file with nobody behind it: refused.
        let stale = directory.file("stale.sock")
        try makeStaleSocketFile(at: stale)
        let refused = thrownError(SystemError.self) { _ = try UnixConnection.connect(path: stale) }
        #expect(refused?.errno == .connectionRefused)
        #expect(refused?.description.hasPrefix("connect \(stale): Connection refused") == true)
    }

    @Test func aStaleSocketIsReplacedButALiveOneIsNot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("daemon.sock")
        try makeStaleSocketFile(at: path)
        let listener = try UnixListener(path: path, mode: 0o600)
        #expect(try permissions(of: path) == 0o600)

        let error = thrownError(UnixListenerError.self) { _ = try UnixListener(path: path) }
        #expect(error == .alreadyListening(path: path))
        // The live listener still works.
        let client = try UnixConnection.connect(path: path)
        _ = try acceptOne(listener)
        try client.close()

        let regular = directory.file("not-a-socket")
        try FileDescriptor.open(regular, flags: O_CREAT | O_WRONLY).close()
        #expect(throws: UnixListenerError.notASocket(path: regular)) { _ = try UnixListener(path: regular) }

        try listener.close()
        #expect(access(path, F_OK) != 0)
    }

    @Test func pathsTooLongAreRefusedClearly() {
        let path = "/tmp/" + String(repeating: "p", count: 200)
        let error = thrownError(SystemError.self) { _ = try UnixListener(path: path) }
        #expect(error?.errno == Errno(rawValue: ENAMETOOLONG))
    }

    @Test func membershipRule() throws {
        #expect(try Membership.groupID(named: "root") == 0)
        #expect(try Membership.groupID(named: "no-such-group-metrotimer") == nil)
        #expect(try Membership.groups(ofUID: 0).contains(0))
        #expect(try Membership.isAllowed(peerUID: 0, peerGID: 0, ownUID: 1234, group: nil))
        #expect(try Membership.isAllowed(peerUID: 1234, peerGID: 99, ownUID: 1234, group: nil))
        #expect(try !Membership.isAllowed(peerUID: 4321, peerGID: 99, ownUID: 1234, group: nil))
        #expect(try Membership.isAllowed(peerUID: 4321, peerGID: 77, ownUID: 1234, group: 77))
        // root's supplementary groups include group 0, so with group 0 a uid whose user is root passes by
        // membership too; an unknown uid belongs to nothing.
        #expect(try Membership.groups(ofUID: 4_000_000).isEmpty)
        #expect(try !Membership.isAllowed(peerUID: 4_000_000, peerGID: 5, ownUID: 1234, group: 0))
    }

    /// Leaves a socket file with no listener behind, as a crashed daemon would.
    private func makeStaleSocketFile(at path: String) throws {
        let address = try UnixAddress(path: path)
        let socket = try makeUnixSocket(type: clinux_sock_stream(), nonblocking: false, purpose: "test")
        let result = address.withSockaddr { bind(socket.rawValue, $0, $1) }
        #expect(result == 0)
        try socket.close()
        #expect(access(path, F_OK) == 0)
    }
}
