import Foundation
import MetroControl
import MetroModel
import Testing

/// The command line reads the status back into `StatusDocument`: what the daemon writes must read back whole, and
/// writing what was read must give the same bytes.
@Suite struct StatusDocumentDecodingTests {
    static func roundTrip(_ document: StatusDocument) throws -> (StatusDocument, String) {
        let line = jsonLine(document)
        let decoded = try JSONDecoder().decode(StatusDocument.self, from: Data(line.utf8))
        return (decoded, line)
    }

    @Test func aRideWithEveryPartReadsBackAsWritten() throws {
        let trip = StatusDocument.Trip(
            t0: "2026-08-17T08:00:00.000+03:00", arrival: "2026-08-17T08:21:30.250+03:00",
            planned_arrival: "2026-08-17T08:21:00.000+03:00", expiry: "2026-08-17T10:21:30.250+03:00", stops_remaining: 4,
            total_stops: 9, next_stop: "hidropark", line: "M1", changing_lines: true, train_departed: false,
            events: [StatusDocument.Event(station: "khreshchatyk", arrival: "2026-08-17T08:00:00.000+03:00",
                                          departure: "2026-08-17T08:00:00.000+03:00", stop: true, transfer: false)],
            alerts: [StatusDocument.Alert(kind: "next_stop", station: "lisova", due: "2026-08-17T08:19:00.000+03:00", fired: nil),
                     StatusDocument.Alert(kind: "transfer", station: "teatralna", due: "2026-08-17T08:02:00.000+03:00",
                                          fired: "2026-08-17T08:02:00.100+03:00")],
            service: StatusDocument.Service(kind: "last_soon", station: "lisova", time: "2026-08-17T23:45:00+03:00"),
            manual_corrections: 2, late_corrections: 1, gps_corrections: 3)
        let gps = StatusDocument.GPS(watching: true, connected: false, fixes: 12, accepted: 10, rejected: ["too_far": 2],
                                     last_snap: StatusDocument.Snap(station: "dnipro", at: "2026-08-17T08:10:00.000+03:00"))
        let session = StatusDocument.CalibrationSessionInfo(
            line: "M1", direction: "lisova", next_station: nil, expecting: "departure", presses: 3,
            rejected: ["too short"], rejected_details: [["uk": "закоротко", "en": "too short"]], covered: ["a>b"])
        let document = StatusDocument(
            state: "riding", now: "2026-08-17T08:05:00.500+03:00", route: StatusDocument.Route(from: "khreshchatyk", to: "lisova"),
            clock: "boottime_alarm", hardware: "simulated", time_scale: 2.5, language: "uk",
            wall_clock: StatusDocument.WallClock(synchronised: false, source: "gps"), trip: trip, gps: gps,
            calibration_session: session, faults: ["gpio: gone"],
            fault_details: [StatusDocument.FaultDetail(part: "gpio", uk: "gpio: зник", en: "gpio: gone")], motor: ["on", "off"],
            suspensions: SuspensionsDocument([SuspendedStretch(from: "dnipro", to: "livoberezhna")]).stretches)
        let (decoded, line) = try Self.roundTrip(document)
        #expect(decoded == document)
        #expect(jsonLine(decoded) == line)
    }

    @Test func anIdleStatusKeepsItsNulls() throws {
        let document = StatusDocument(
            state: "idle", now: "2026-08-17T08:05:00.000+03:00", route: nil, clock: "boottime", hardware: "gpio", time_scale: 1,
            language: "en", wall_clock: StatusDocument.WallClock(synchronised: true, source: "system"), trip: nil,
            gps: StatusDocument.GPS(watching: false, connected: false, fixes: 0, accepted: 0, rejected: [:], last_snap: nil),
            calibration_session: nil, faults: [], fault_details: [], motor: [], suspensions: [])
        let (decoded, line) = try Self.roundTrip(document)
        #expect(decoded == document)
        #expect(jsonLine(decoded) == line)
        #expect(line.contains("\"trip\":null") && line.contains("\"route\":null") && line.contains("\"last_snap\":null"))
    }

    /// A field the daemon always writes is not made up when it is missing: the reader hears which one.
    @Test func aMissingFieldIsAnError() throws {
        let line = jsonLine(JSONValue.object(["state": .string("idle")]))
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(StatusDocument.self, from: Data(line.utf8)) }
    }

    @Test func timestampsReadBackToTheirInstant() {
        for nanoseconds: Int64 in [0, 1_787_000_000_250_000_000, 1_792_368_000_000_000_000, -1_000_000] {
            let millis = nanoseconds - ((nanoseconds % 1_000_000) + 1_000_000) % 1_000_000
            #expect(KyivTimestamp.unixNanoseconds(KyivTimestamp.milliseconds(unixNanoseconds: nanoseconds)) == millis)
            let seconds = nanoseconds - ((nanoseconds % 1_000_000_000) + 1_000_000_000) % 1_000_000_000
            #expect(KyivTimestamp.unixNanoseconds(KyivTimestamp.seconds(unixNanoseconds: nanoseconds)) == seconds)
        }
        #expect(KyivTimestamp.unixNanoseconds("2026-08-17T22:41:15.250+03:00") == 1_786_995_675_250_000_000)
        #expect(KyivTimestamp.unixNanoseconds("22:41") == nil)
        // A year the nanosecond timeline cannot hold, from a peer that is not the daemon: refused, not a trap.
        #expect(KyivTimestamp.unixNanoseconds("9999-12-31T23:59:59.999+00:00") == nil)
        #expect(KyivTimestamp.unixNanoseconds("0000-01-01T00:00:00-14:00") == nil)
        #expect(KyivTimestamp.unixNanoseconds("2262-04-11T23:47:16+00:00") == 9_223_372_036_000_000_000)
    }
}
