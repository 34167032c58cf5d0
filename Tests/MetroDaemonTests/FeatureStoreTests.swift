import Foundation
import MetroModel
import MetroSQLite
import MetroSystem
import Testing
@testable import MetroDaemon

/// Suspended stretches and reminders in `state.db`: stored and loaded, and a database of the first schema keeps
/// everything it held when migration 2 adds their tables.
@Suite struct FeatureStoreTests {
    let directory: URL
    let sink = RecordingLogSink()
    var log: Logger { Logger(sink: sink) }
    var databasePath: String { directory.appendingPathComponent("state.db").path }

    init() throws { directory = try makeScratchDirectory("feature-store") }

    @Test func aFirstSchemaDatabaseIsMigratedKeepingItsRows() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            // The file as a daemon of the first schema left it.
            let db = try SQLiteDatabase(path: databasePath)
            try db.execute("PRAGMA application_id = \(StoreSchema.applicationID)")
            try db.execute(StoreSchema.migrations[0])
            try db.setUserVersion(1)
            try db.execute("""
                INSERT INTO routes VALUES ('pinned', 0, 'lisova', 'teremky');
                INSERT INTO routes VALUES ('selected', 0, 'syrets', 'vydubychi');
                INSERT INTO journal (t0_ns, t0_unix_ms, from_station, to_station, planned_s, final_s, confirmed_s, outcome,
                    manual_corrections, late_corrections, gps_corrections, transfers)
                    VALUES (1, 1780000000000, 'lisova', 'teremky', 1800, 1800, 1790, 'arrived', 0, 0, 0, 1);
                """)
        }
        let (store, state) = try SQLiteStore.openLoading(directory: directory.path, log: log)
        #expect(state.routes.pinned == [RouteChoice(from: "lisova", to: "teremky")])
        #expect(state.selected == RouteChoice(from: "syrets", to: "vydubychi"))
        #expect(try store.journal(limit: 10).count == 1)
        #expect(state.suspensions.isEmpty && state.reminders.reminders.isEmpty)
        let db = try SQLiteDatabase(path: databasePath, create: false)
        #expect(try db.userVersion() == Int64(StoreSchema.version))
        #expect(!sink.lines.contains { $0.contains("moved aside") }, "\(sink.text)")
    }

    @Test func suspensionsAndRemindersRoundTrip() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try SQLiteStore(directory: directory.path, log: log)
            try store.saveSuspensions([SuspendedStretch(from: "dnipro", to: "livoberezhna"),
                                       SuspendedStretch(from: "vydubychi", to: "osokorky")])
            var book = ReminderBook()
            _ = try book.add(Reminder(hour: 7, minute: 40, days: try ReminderDays.parse("mon-fri"),
                                      route: RouteChoice(from: "lisova", to: "teremky"), createdUnixSeconds: 1_780_000_000,
                                      lastFiredUnixSeconds: 1_780_100_000))
            _ = try book.add(Reminder(hour: 18, minute: 5, days: try ReminderDays.parse("sat,sun"),
                                      route: RouteChoice(from: "teremky", to: "lisova"), createdUnixSeconds: 1_780_000_001))
            try store.saveReminders(book)
        }
        let (_, state) = try SQLiteStore.openLoading(directory: directory.path, log: log)
        #expect(state.suspensions == [SuspendedStretch(from: "dnipro", to: "livoberezhna"),
                                      SuspendedStretch(from: "vydubychi", to: "osokorky")])
        #expect(state.reminders.reminders.map(\.timeText) == ["07:40", "18:05"])
        #expect(state.reminders.reminders.first?.days.text() == "mon-fri")
        #expect(state.reminders.reminders.first?.lastFiredUnixSeconds == 1_780_100_000)
        #expect(state.reminders.reminders.last?.lastFiredUnixSeconds == nil)
    }
}
