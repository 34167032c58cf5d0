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
    }
}
