import GPSTestSupport
import Glibc
import MetroGPS
import Testing

/// The session against a real gpsd fed NMEA over UDP; a fresh gpsd for every test.
@Suite(.serialized)
struct GPSDSessionTests {
    /// Darnytsia station (© OpenStreetMap contributors, ODbL 1.0).
    static let darnytsia = (latitude: 50.45594, longitude: 30.61284)

    /// Latitudes in NMEA have 1e-6 minute resolution: about 2e-8 degrees.
    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-7 }

    @Test func aFixArrivesWithPositionErrorEstimateAndReceiverTime() throws {
        let harness = try GPSDHarness()
        let sentAt = wallClockNowNs() / 10_000_000 * 10_000_000 + 1_000_000_000 // centisecond-aligned
        try harness.gpsd.send(NMEA.epoch(unixNs: sentAt, latitude: Self.darnytsia.latitude,
                                         longitude: Self.darnytsia.longitude, hdop: 1.5))
        let fixes = try harness.collect { Self.near($0.latitude, Self.darnytsia.latitude) }
        let fix = try #require(fixes.last)
        #expect(Self.near(fix.longitude, Self.darnytsia.longitude))
        #expect(fix.mode == .threeD) // GGA carries an altitude
        let error = try #require(fix.horizontalErrorMeters)
        #expect(abs(error - 19 * 1.5) < 0.5, "gpsd derives eph from HDOP, about 19 m per unit: got \(error)")
        let time = try #require(fix.receiverTimeUnixNs)
        #expect(abs(time - sentAt) < 1_000_000, "receiver time \(time) differs from the sent \(sentAt)")
    }

    @Test func withoutHDOPTheErrorEstimateIsUnknown() throws {
        let harness = try GPSDHarness(primingHDOP: nil)
        try harness.gpsd.send(NMEA.epoch(unixNs: wallClockNowNs(), latitude: Self.darnytsia.latitude,
                                         longitude: Self.darnytsia.longitude, hdop: nil))
        let fixes = try harness.collect { Self.near($0.latitude, Self.darnytsia.latitude) }
        #expect(fixes.allSatisfy { $0.horizontalErrorMeters == nil })
    }

    @Test func epochsWithoutAFixAreReportedWithoutAPosition() throws {
        let harness = try GPSDHarness()
        let start = wallClockNowNs()
        try harness.gpsd.send(NMEA.epoch(unixNs: start, latitude: 50.40, longitude: 30.60))
        _ = try harness.collect { Self.near($0.latitude, 50.40) }
        let noFixTimes = (1...3).map { start + Int64($0) * 1_000_000_000 }
        for time in noFixTimes {
            try harness.gpsd.send(NMEA.epoch(unixNs: time, latitude: 50.41, longitude: 30.61, quality: 0))
        }
        // gpsd reports the quality-0 epochs as mode 1 with a time and no position: the session hands them
        // over as `noFix`, so the daemon can count them, and never as a position.
        try harness.observer.waitForReport { $0.mode == 1 }
        try harness.gpsd.send(NMEA.epoch(unixNs: start + 4_000_000_000, latitude: 50.42, longitude: 30.62))
        let fixes = try harness.collect { Self.near($0.latitude, 50.42) }
        let withoutPosition = fixes.filter { !$0.hasPosition }
        #expect(!withoutPosition.isEmpty, "the mode-1 reports reach the caller: \(fixes)")
        #expect(withoutPosition.allSatisfy { $0.mode == .noFix && $0.latitude.isNaN && $0.longitude.isNaN })
        // NMEA carries centiseconds: the time comes back truncated to 10 ms.
        #expect(withoutPosition.allSatisfy { fix in noFixTimes.contains { abs((fix.receiverTimeUnixNs ?? 0) - $0) < 10_000_000 } },
                "a no-fix report carries its epoch's time: \(withoutPosition)")
        // gpsd may repeat the previous fix (same time stamp) after a jump; what must never appear is a
        // position stamped with a no-fix epoch's time (a mode-1 report read as a position).
        let positions = fixes.filter(\.hasPosition)
        #expect(positions.allSatisfy { fix in !noFixTimes.contains { abs((fix.receiverTimeUnixNs ?? 0) - $0) < 5_000_000 } },
                "no position may carry the time of an epoch without a fix: \(positions)")
        #expect(positions.allSatisfy { Self.near($0.latitude, 50.40) || Self.near($0.latitude, 50.42) }, "\(positions)")
    }

    @Test func aDrainReturnsEveryBufferedFixOnce() throws {
        let harness = try GPSDHarness()
        let start = wallClockNowNs()
        let latitudes = (1...5).map { 50.45 + Double($0) * 0.001 }
        for (index, latitude) in latitudes.enumerated() {
            // GST adds a non-position message after each TPV: with libgps's sticky `set` mask it would
            // read as the same fix again.
            try harness.gpsd.send(NMEA.epoch(unixNs: start + Int64(index) * 1_000_000_000,
                                             latitude: latitude, longitude: 30.6, gst: true))
        }
        let before = harness.observer.reports.count
        try harness.observer.waitForReport(from: before) { $0.latitude.map { Self.near($0, latitudes[4]) } ?? false }
        #expect(Loopback.waitReadable(harness.session.fd, timeoutMs: 5000))
        guard case .fixes(let fixes) = harness.session.readAvailable() else {
            Issue.record("gpsd disconnected")
            return
        }
        // gpsd itself sometimes repeats a TPV (after a jump or a mode change); the session must deliver
        // exactly the position reports gpsd emitted, each once, in order.
        let emitted = harness.observer.reports[before...]
            .filter { $0.mode >= 2 && $0.latitude != GPSDHarness.primingLatitude }
            .compactMap(\.latitude)
        let received = fixes.filter { !GPSDHarness.isPriming($0) && $0.hasPosition }.map(\.latitude)
        #expect(received.count == emitted.count, "one drain, each report once: \(received) vs gpsd's \(emitted)")
        #expect(zip(received, emitted).allSatisfy { Self.near($0, $1) })
        #expect(latitudes.allSatisfy { latitude in received.contains { Self.near($0, latitude) } },
                "every epoch sent is among the fixes: \(received)")
        #expect(harness.session.readAvailable() == .fixes([]), "nothing left after the drain")
    }

    @Test func gpsdGoingAwayIsReportedAsDisconnected() throws {
        let harness = try GPSDHarness()
        harness.gpsd.stop(signal: SIGKILL)
        #expect(Loopback.waitReadable(harness.session.fd, timeoutMs: 5000), "EOF makes the socket readable")
        #expect(harness.session.readAvailable() == .disconnected)
        #expect(harness.session.readAvailable() == .disconnected, "stays disconnected")
        harness.session.close()
        harness.session.close()
        #expect(harness.session.isClosed)
        #expect(harness.session.fd == -1)
    }

    @Test func openingWithoutGpsdFailsWithAClearError() throws {
        let port = try Loopback.freePort(type: Int32(SOCK_STREAM.rawValue))
        let address = GPSDAddress(host: "127.0.0.1", port: port)
        let thrown = thrownError(GPSError.self) { try GPSDSession.open(address) }
        let error = try #require(thrown)
        #expect(error.step == .connect)
        #expect(error.description.contains("127.0.0.1:\(port)"), "\(error)")
        #expect(!error.message.isEmpty)
    }

    @Test(arguments: [-3_600, 3_600])
    func receiverTimeIsPassedThroughUnmodified(offsetSeconds: Int64) throws {
        let harness = try GPSDHarness()
        let now = wallClockNowNs() / 1_000_000_000 * 1_000_000_000
        let claimed = now + offsetSeconds * 1_000_000_000 + 250_000_000
        try harness.gpsd.send(NMEA.epoch(unixNs: claimed, latitude: 50.43, longitude: 30.63))
        let fixes = try harness.collect { Self.near($0.latitude, 50.43) }
        let time = try #require(fixes.last?.receiverTimeUnixNs)
        #expect(abs(time - claimed) < 1_000_000, "stale or future receiver time must come through: \(time) vs \(claimed)")
    }
}
