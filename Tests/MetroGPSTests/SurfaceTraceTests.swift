import GPSTestSupport
import Foundation
import MetroGPS
import Testing

/// The committed surface-ride trace: re-derivable from its generator, well formed, and replayable into a
/// real gpsd with fresh time stamps.
@Suite(.serialized)
struct SurfaceTraceTests {
    static let traceName = "darnytsia-lisova.nmea"
    static let darnytsia = (latitude: 50.45594, longitude: 30.61284)
    static let lisova = (latitude: 50.46451, longitude: 30.64548)

    /// NMEA carries 1e-6 minutes: about 2e-8 degrees.
    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-7 }

    @Test func theCommittedTraceIsItsGeneratorsOutput() throws {
        let committed = try String(contentsOf: NMEATrace.fixturesDirectory.appendingPathComponent(Self.traceName),
                                   encoding: .utf8)
        let trace = try NMEATrace(text: committed)
        let command = try #require(trace.madeBy, "the trace header names the command that made it")
        let arguments = command.split(separator: " ").map(String.init)
        #expect(arguments.first == "make_surface_trace.py")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", NMEATrace.fixturesDirectory.appendingPathComponent(arguments[0]).path]
            + arguments.dropFirst()
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let produced = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        #expect(String(decoding: produced, as: UTF8.self) == committed,
                "regenerate with: cd Tests/Fixtures/gps && python3 \(command) --out \(Self.traceName)")
    }

    @Test func theTraceIsAWholeSurfaceRideAtOneHertz() throws {
        let trace = try NMEATrace.fixture(Self.traceName)
        #expect(trace.epochs.count == 265)
        #expect(trace.epochs.enumerated().allSatisfy { $1.offsetNs == Int64($0) * 1_000_000_000 })
        #expect(trace.epochs.allSatisfy { $0.sentences.count == 2 && $0.sentences[0].hasPrefix("$GPGGA") })
        #expect(trace.events == [
            .init(offsetSeconds: 10, kind: "depart", station: "darnytsia"),
            .init(offsetSeconds: 127, kind: "arrive", station: "chernihivska"),
            .init(offsetSeconds: 152, kind: "depart", station: "chernihivska"),
            .init(offsetSeconds: 255, kind: "arrive", station: "lisova"),
        ])
        // Standing still during the dwell: every epoch from arrival to departure has the same position.
        let dwell = trace.epochs[127...151].map { $0.sentences[0].split(separator: ",")[2] }
        #expect(Set(dwell).count == 1)
    }

    @Test func restampingRewritesTimeDateAndChecksum() throws {
        let trace = try NMEATrace.fixture(Self.traceName)
        let instant: Int64 = 1_767_225_599_000_000_000 + 250_000_000   // 2025-12-31T23:59:59.25Z
        let gga = NMEATrace.restamp(trace.epochs[0].sentences[0], to: instant)
        let rmc = NMEATrace.restamp(trace.epochs[0].sentences[1], to: instant)
        #expect(NMEA.hasValidChecksum(gga) && NMEA.hasValidChecksum(rmc))
        #expect(gga.split(separator: ",")[1] == "235959.25")
        #expect(rmc.split(separator: ",")[1] == "235959.25")
        #expect(rmc.split(separator: ",")[9] == "311225")
        #expect(gga.split(separator: ",")[2] == trace.epochs[0].sentences[0].split(separator: ",")[2], "position kept")
    }

    @Test func aTimeScaledReplayReachesGpsdWithFreshStamps() throws {
        let harness = try GPSDHarness()
        let trace = try NMEATrace.fixture(Self.traceName)
        let base = wallClockNowNs() / 1_000_000_000 * 1_000_000_000 - 264_000_000_000   // the ride ends now
        let stamps = try NMEATraceReplayer(trace: trace).replay(into: harness.gpsd, stepSeconds: 24, pauseMs: 20) {
            base + $0
        }
        #expect(stamps.count == 12)   // offsets 0, 24, ... 264
        let last = try #require(stamps.last)
        let fixes = try harness.collect { $0.receiverTimeUnixNs == last }
        #expect(Set(fixes.compactMap(\.receiverTimeUnixNs)) == Set(stamps), "one fix per replayed epoch, re-stamped")
        let first = try #require(fixes.first)
        #expect(Self.near(first.latitude, Self.darnytsia.latitude) && Self.near(first.longitude, Self.darnytsia.longitude))
        let arrival = try #require(fixes.last)
        #expect(Self.near(arrival.latitude, Self.lisova.latitude) && Self.near(arrival.longitude, Self.lisova.longitude))
        #expect(fixes.allSatisfy { ($0.horizontalErrorMeters ?? 0) > 15 && ($0.horizontalErrorMeters ?? 0) < 20 })
        // gpsd reports the RMC's speed over ground: standing at Darnytsia, then cruising over the bridge.
        #expect(first.speedMetersPerSecond == 0, "\(first)")
        let cruising = try #require(fixes.first { $0.receiverTimeUnixNs == base + 48_000_000_000 })
        #expect((12...14).contains(cruising.speedMetersPerSecond ?? 0), "\(cruising)")
    }

    /// Each RMC's speed over ground (knots) is the train's true speed: 0 while it stands, and while it runs
    /// within half a second's change of speed (0.45 m/s at 0.9 m/s²) of the distance it covers in the next second.
    @Test func theTraceCarriesTheTrueSpeedOverGround() throws {
        let trace = try NMEATrace.fixture(Self.traceName)
        func degrees(_ field: Substring, _ hemisphere: Substring, _ width: Int) -> Double {
            let value = (Double(field.prefix(width)) ?? .nan) + (Double(field.dropFirst(width)) ?? .nan) / 60
            return hemisphere == "S" || hemisphere == "W" ? -value : value
        }
        let rows = trace.epochs.map { epoch -> (latitude: Double, longitude: Double, speed: Double) in
            let rmc = epoch.sentences[1].split(separator: ",", omittingEmptySubsequences: false)
            return (degrees(rmc[3], rmc[4], 2), degrees(rmc[5], rmc[6], 3), (Double(rmc[7]) ?? .nan) * 1852 / 3600)
        }
        func meters(_ a: Int, _ b: Int) -> Double {
            let radians = Double.pi / 180, (p, q) = (rows[a], rows[b])
            let h = pow(sin((q.latitude - p.latitude) * radians / 2), 2)
                + cos(p.latitude * radians) * cos(q.latitude * radians) * pow(sin((q.longitude - p.longitude) * radians / 2), 2)
            return 2 * 6_371_008.8 * asin(h.squareRoot())
        }
        let standing = Array(0..<10) + Array(127..<152) + Array(255..<265)
        #expect(standing.allSatisfy { rows[$0].speed == 0 }, "0 knots while standing")
        for t in Array(10..<126) + Array(152..<254) {
            #expect(abs(rows[t].speed - meters(t, t + 1)) <= 0.46, "second \(t): \(rows[t].speed) m/s, covered \(meters(t, t + 1)) m")
        }
        #expect(rows.map(\.speed).max().map { (12...14).contains($0) } == true, "a cruise of about 46–49 km/h")
    }
}
