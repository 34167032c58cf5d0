import GPSTestSupport
import Glibc
import MetroSystem
import Testing
@testable import MetroDaemon

/// `GPSLink`'s reconnect back-off against a peer that accepts the TCP connection and closes it at once, without a
/// word of gpsd's protocol (a gpsd out of client slots; a remote host whose port is closed, which a non-blocking
/// connect only reports after `gps_open` has returned). Such a connection is no success: the pauses between
/// attempts must keep growing instead of starting again at 1 s every time.
@Suite(.serialized)
struct GPSLinkBackoffTests {
    @Test func aPeerThatClosesAtOnceIsRetriedWithGrowingPauses() throws {
        let server = try LoopbackListener(nonblocking: true)
        let (listener, port) = (server.fd, server.port)

        let loop = try EventLoop()
        let clock = ModelClock(scale: 1, boot: { Clocks.now(.boottime) }, wall: { Clocks.now(.realtime) })
        let sink = RecordingLogSink()
        let link = try GPSLink(address: "127.0.0.1:\(port)", loop: loop, log: Logger(sink: sink), clock: clock,
                               wallClock: TimetableWallClock())
        try link.register(onFix: { _, _ in }, onReconsider: {})
        defer { link.close() }

        // Every connection is accepted and closed at once; the boot-time instant of each accept is kept.
        var accepts: [Int64] = []
        var faultsAfterClose: [String?] = []
        _ = try loop.register(fd: listener, events: .readable) { _ in
            while true {
                let peer = accept(listener, nil, nil)
                guard peer >= 0 else { return }
                accepts.append(Clocks.now(.boottime))
                close(peer)
            }
        }

        link.setWatching(true)
        // Four attempts take 7 s of pauses; the deadline only keeps a broken link from hanging the test.
        let deadline = Clocks.now(.boottime) + 60_000_000_000
        var seenCloses = 0
        while accepts.count < 4, Clocks.now(.boottime) < deadline {
            try loop.runOnce(timeoutMilliseconds: 200)
            if !link.isConnected, accepts.count > seenCloses {
                seenCloses = accepts.count
                faultsAfterClose.append(link.fault)
            }
        }
        try #require(accepts.count >= 4, "four connection attempts within 60 s: \(sink.text)")

        // 1 s, 2 s, 4 s: a timerfd never fires early, so the gaps are at least the pauses armed.
        let gaps = zip(accepts.dropFirst(), accepts).map { Double($0 - $1) / 1e9 }
        #expect(gaps[0] >= 0.9, "gaps \(gaps)")
        #expect(gaps[1] >= 1.9, "the pause doubles after a connection that never spoke: gaps \(gaps)")
        #expect(gaps[2] >= 3.9, "and doubles again: gaps \(gaps)")
        #expect(faultsAfterClose.compactMap { $0 }.contains { $0.contains("retrying in 4 s") },
                "the status names the growing pause: \(faultsAfterClose)")
    }
}
