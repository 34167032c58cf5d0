import GPSTestSupport
import Glibc
import MetroGPS
import Testing

/// libgps over a hand-driven TCP peer speaking gpsd's JSON protocol: controls exactly how bytes arrive,
/// which a real gpsd cannot (it always writes whole lines).
@Suite(.serialized)
struct PartialMessageTests {
    static let tpv = #"{"class":"TPV","device":"udp://x","mode":3,"time":"2026-08-01T07:30:00.000Z","lat":50.45594,"lon":30.61284,"eph":17.100}"#
    static let sky = #"{"class":"SKY","device":"udp://x","hdop":0.9,"satellites":[]}"#

    /// A session connected to a loopback listener, and the accepted peer side.
    static func connectedPair() throws -> (session: GPSDSession, peer: Int32) {
        let listener = try LoopbackListener()
        let session = try GPSDSession.open(GPSDAddress(host: "127.0.0.1", port: listener.port))
        return (session, try listener.accept(timeoutMs: 5000))
    }

    @Test func anIncompleteLineIsLeftForLaterWithoutBlocking() throws {
        let (session, peer) = try Self.connectedPair()
        defer { session.close(); close(peer) }
        let half = Self.tpv.index(Self.tpv.startIndex, offsetBy: 40)
        try Loopback.write(String(Self.tpv[..<half]), to: peer)
        #expect(Loopback.waitReadable(session.fd, timeoutMs: 5000))
        // With a blocking socket libgps would wait inside recv for the rest of the line here.
        #expect(session.readAvailable() == .fixes([]))
        try Loopback.write(String(Self.tpv[half...]) + "\n", to: peer)
        #expect(Loopback.waitReadable(session.fd, timeoutMs: 5000))
        guard case .fixes(let fixes) = session.readAvailable() else {
            Issue.record("disconnected")
            return
        }
        #expect(fixes.count == 1)
        #expect(fixes.first?.latitude == 50.45594)
        #expect(fixes.first?.receiverTimeUnixNs == 1_785_569_400_000_000_000)
    }

    @Test func otherMessagesAfterAFixDoNotRepeatIt() throws {
        let (session, peer) = try Self.connectedPair()
        defer { session.close(); close(peer) }
        try Loopback.write([Self.tpv, Self.sky, Self.sky, Self.tpv, Self.sky].joined(separator: "\n") + "\n", to: peer)
        #expect(Loopback.waitReadable(session.fd, timeoutMs: 5000))
        guard case .fixes(let fixes) = session.readAvailable() else {
            Issue.record("disconnected")
            return
        }
        #expect(fixes.count == 2, "two TPVs, three SKYs: \(fixes)")
    }

    @Test func aPeerClosingMidLineIsADisconnection() throws {
        let (session, peer) = try Self.connectedPair()
        defer { session.close() }
        try Loopback.write(Self.tpv + "\n" + String(Self.tpv.prefix(30)), to: peer)
        close(peer)
        #expect(Loopback.waitReadable(session.fd, timeoutMs: 5000))
        var result = session.readAvailable()
        // The complete fix may come first; then the end of the connection must be reported, not a hang.
        if case .fixes(let fixes) = result {
            #expect(fixes.count <= 1)
            #expect(Loopback.waitReadable(session.fd, timeoutMs: 5000))
            result = session.readAvailable()
        }
        #expect(result == .disconnected)
    }

    /// gpsd fed NMEA never writes a 2D/3D report without coordinates (a GGA with a fix quality but empty
    /// position fields produces no TPV: verified with gpsd 3.22), so only a peer speaking its protocol can
    /// show that such a report comes through as one without a position instead of a fix at NaN, NaN.
    @Test func aReportWithAModeButNoCoordinatesHasNoPosition() throws {
        let (session, peer) = try Self.connectedPair()
        defer { session.close(); close(peer) }
        let noPosition = #"{"class":"TPV","device":"udp://x","mode":3,"time":"2026-08-01T07:30:01.000Z","eph":17.100}"#
        try Loopback.write(noPosition + "\n" + Self.tpv + "\n", to: peer)
        #expect(Loopback.waitReadable(session.fd, timeoutMs: 5000))
        guard case .fixes(let fixes) = session.readAvailable() else {
            Issue.record("disconnected")
            return
        }
        #expect(fixes.count == 2, "\(fixes)")
        #expect(fixes.first.map { !$0.hasPosition && $0.latitude.isNaN } == true, "\(fixes)")
        #expect(fixes.last?.hasPosition == true)
    }
}
