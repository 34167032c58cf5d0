import Foundation
import MetroControl
import MetroModel
import Testing

/// The documents the command line reads back from the daemon's replies: each reads back equal to what was written,
/// and writing it again gives the same bytes (null and absent fields stay as they were).
@Suite struct DocumentDecodingTests {
    static func readBack<Document: Codable & Equatable>(_ document: Document) throws -> (Document, String) {
        let line = jsonLine(document)
        let decoded = try JSONDecoder().decode(Document.self, from: Data(line.utf8))
        return (decoded, line)
    }

    static let entries = [DocumentEncodingTests.expired, DocumentEncodingTests.arrived]

    @Test func journalEntries() throws {
        for entry in Self.entries {
            let (decoded, line) = try Self.readBack(JournalDocument(entry))
            #expect(decoded == JournalDocument(entry))
            #expect(jsonLine(decoded) == line)
        }
    }

    @Test func statsAndAccuracy() throws {
        let stats = StatsDocument(JournalStatistics(entries: Self.entries))
        let (readStats, statsLine) = try Self.readBack(stats)
        #expect(readStats == stats)
        #expect(jsonLine(readStats) == statsLine)
        let accuracy = AccuracyDocument(RideAccuracy(entries: Self.entries))
        let (readAccuracy, accuracyLine) = try Self.readBack(accuracy)
        #expect(readAccuracy == accuracy)
        #expect(jsonLine(readAccuracy) == accuracyLine)
    }

    @Test func years() throws {
        for year in [2025, 2026] {
            let document = YearDocument(YearOnTheMetro(year: year, entries: Self.entries, network: network))
            let (decoded, line) = try Self.readBack(document)
            #expect(decoded == document)
            #expect(jsonLine(decoded) == line)
        }
    }

    @Test func remindersAndSuspensions() throws {
        let line = #"[{"days":"mon-fri","from":"lisova","last_fired":null,"next":"2026-10-26T08:00:00+02:00","number":1,"skipped":["2026-03-29"],"time":"08:00","to":"teremky"},{"days":"daily","from":"dnipro","last_fired":"2026-10-25T07:00:00+02:00","next":null,"number":2,"skipped":[],"time":"07:00","to":"lisova"}]"#
        let reminders = try JSONDecoder().decode(RemindersDocument.self, from: Data(line.utf8))
        #expect(reminders.reminders.map(\.number) == [1, 2] && reminders.reminders[1].next == nil)
        #expect(jsonLine(reminders) == line)
        let suspensions = SuspensionsDocument([SuspendedStretch(from: "dnipro", to: "livoberezhna")])
        let (decoded, suspensionsLine) = try Self.readBack(suspensions)
        #expect(decoded == suspensions)
        #expect(jsonLine(decoded) == suspensionsLine)
    }

    @Test func routes() throws {
        let routes = RoutesDocument(selected: RouteChoice(from: "lisova", to: "teremky"),
                                    pinned: [RouteChoice(from: "dnipro", to: "lisova")], recents: [])
        let (decoded, line) = try Self.readBack(routes)
        #expect(decoded == routes)
        #expect(jsonLine(decoded) == line)
        let none = RoutesDocument(selected: nil, pinned: [], recents: [])
        let (readNone, noneLine) = try Self.readBack(none)
        #expect(readNone == none)
        #expect(jsonLine(readNone) == noneLine)
    }

    @Test func calibration() throws {
        let line = #"{"segments":[{"dwell_samples":0,"running_avg_s":92.5,"running_samples":3,"segment":"lisova>chernihivska"}]}"#
        let decoded = try JSONDecoder().decode(CalibrationDocument.self, from: Data(line.utf8))
        #expect(decoded.segments.first?.dwell_avg_s == nil)
        #expect(jsonLine(decoded) == line)
        let (readEmpty, emptyLine) = try Self.readBack(CalibrationDocument(.empty))
        #expect(readEmpty == CalibrationDocument(.empty))
        #expect(jsonLine(readEmpty) == emptyLine)
    }
}
