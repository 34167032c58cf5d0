import Foundation
import Glibc
import MetroEngine
import MetroModel
import MetroSQLite
import MetroSystem
import Testing
@testable import MetroDaemon

/// `SQLiteStore` on real files in a private directory.
@Suite struct StoreTests {
    let directory: URL
    let sink = RecordingLogSink()
    var log: Logger { Logger(sink: sink) }
    var databasePath: String { directory.appendingPathComponent("state.db").path }

    init() throws { directory = try makeScratchDirectory("store") }

    /// Files in the directory named `state.db.corrupt-*` (without -wal/-shm companions).
    func asideFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("state.db.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted()
    }

    func mode(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
    }

    func scalar(_ db: SQLiteDatabase, _ sql: String) throws -> Int64 {
        let statement = try db.prepare(sql)
        defer { try? statement.reset() }
        guard try statement.step() else { return -1 }
        return statement.int64(at: 0)
    }

    func text(_ db: SQLiteDatabase, _ sql: String) throws -> String? {
        let statement = try db.prepare(sql)
        defer { try? statement.reset() }
        guard try statement.step() else { return nil }
        return statement.string(at: 0)
    }

    /// An engine over `store` that has started akademmistechko → khreshchatyk now.
    func engineWithTrip(_ store: SQLiteStore) throws -> Engine {
        let engine = Engine(network: repositoryNetwork, calibration: .empty, routes: RouteBook(), selectedRoute: nil,
                            store: store, wakeUp: QuietWakeUp(), haptics: QuietHaptics(), publisher: QuietPublisher(),
                            log: QuietEngineLog())
        let clock = ModelClock(scale: 1)
        try engine.chooseRoute(from: StationID("akademmistechko"), to: StationID("khreshchatyk"), now: clock.now())
        try engine.start(t0: clock.now(), wall: clock.wallMapping(), now: clock.now())
        return engine
    }

    func entry(_ n: Int, outcome: TripOutcome = .arrived) -> JournalEntry {
        JournalEntry(id: 0, t0: Instant(nanoseconds: Int64(n) * 1_000_000_000), t0UnixMilliseconds: 1_780_000_000_000 + Int64(n),
                     from: StationID("lisova"), to: StationID("teremky"), plannedSeconds: 1800 + n, finalSeconds: 1810 + n,
                     confirmedSeconds: 1805 + n, manualCorrections: n, lateCorrections: n / 2, gpsCorrections: 1,
                     transfers: 1, outcome: outcome)
    }

    // MARK: - A fresh file

    @Test func aFreshStoreHasItsSchemaWALAndOwnerOnlyMode() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory.path, log: log)
        try store.saveRoutes(RouteBook(), selected: RouteChoice(from: StationID("lisova"), to: StationID("teremky")))
        #expect(mode(databasePath) == 0o600)
        if FileManager.default.fileExists(atPath: databasePath + "-wal") { #expect(mode(databasePath + "-wal") & 0o077 == 0) }
        let db = try SQLiteDatabase(path: databasePath, create: false)
        #expect(try db.userVersion() == Int64(StoreSchema.version))
        #expect(Int32(truncatingIfNeeded: try scalar(db, "PRAGMA application_id")) == StoreSchema.applicationID)
        #expect(try text(db, "PRAGMA journal_mode") == "wal")
        #expect(sink.lines.isEmpty, "a fresh store logs nothing: \(sink.text)")
        _ = store
    }

    // MARK: - Round trips

    @Test func theActiveTripRoutesCalibrationAndJournalSurviveAReopen() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let expectedTrip: ActiveTrip?
        var calibration = CalibrationStore()
        calibration.setForTesting(SegmentKey(from: StationID("lisova"), to: StationID("chernihivska")), running: 101.5, dwell: 22)
        calibration.setForTesting(SegmentKey(from: StationID("teremky"), to: StationID("ipodrom")), running: 97, dwell: nil)
        let book = RouteBook(pinned: [RouteChoice(from: StationID("lisova"), to: StationID("teremky")),
                                      RouteChoice(from: StationID("syrets"), to: StationID("vydubychi"))],
                             recents: [RouteChoice(from: StationID("akademmistechko"), to: StationID("khreshchatyk"))])
        do {
            let store = try SQLiteStore(directory: directory.path, log: log)
            let engine = try engineWithTrip(store)
            try engine.step(-1, now: ModelClock(scale: 1).now())
            expectedTrip = engine.active
            try store.saveCalibration(calibration)
            try store.saveRoutes(book, selected: RouteChoice(from: StationID("akademmistechko"), to: StationID("khreshchatyk")))
            for n in 1...3 { _ = try store.endTrip(entry(n)) }
            try store.saveActiveTrip(expectedTrip)  // endTrip cleared it; the ride goes on
        }
        let reopened = try SQLiteStore(directory: directory.path, log: log)
        let state = try reopened.load()
        #expect(expectedTrip != nil)
        #expect(state.active == expectedTrip)
        #expect(state.active?.trip.manualCorrections == 1)
        #expect(state.calibration == calibration)
        #expect(state.routes == book)
        #expect(state.selected == RouteChoice(from: StationID("akademmistechko"), to: StationID("khreshchatyk")))
        let journal = try reopened.journal(limit: 10)
        #expect(journal.map(\.id) == [3, 2, 1])
        for stored in journal {
            var expected = entry(Int(stored.id))
            expected.id = stored.id
            #expect(stored == expected)
        }
        #expect(try reopened.journal(limit: 2).map(\.id) == [3, 2])
        #expect(sink.lines.isEmpty, "\(sink.text)")
    }

    @Test func firedAndDeliveredMarksSurviveAReopen() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var trip: ActiveTrip
        do {
            let store = try SQLiteStore(directory: directory.path, log: log)
            let engine = try engineWithTrip(store)
            trip = try #require(engine.active)
            let t0 = trip.trip.t0
            // Fired and delivered, fired only (its buzz may not have been felt): both kinds of mark are kept apart.
            trip.fired = [.transfer: t0 + 100, .nextStop: t0 + 1219]
            trip.delivered = [.transfer: t0 + 103]
            try store.saveActiveTrip(trip)
        }
        let state = try SQLiteStore(directory: directory.path, log: log).load()
        #expect(state.active?.fired == trip.fired)
        #expect(state.active?.delivered == trip.delivered)
    }

    @Test func whenYoursIsNextSoundedIsJournaledAndAnOlderJournalKeepsItsRides() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // A state file of schema 1 (before `next_stop_s`), with one ride in its journal.
        do {
            let db = try SQLiteDatabase(path: databasePath)
            try db.execute("PRAGMA application_id = \(StoreSchema.applicationID)")
            try db.execute(StoreSchema.migrations[0])
            try db.execute("""
                INSERT INTO journal (t0_ns, t0_unix_ms, from_station, to_station, planned_s, final_s, confirmed_s,
                    outcome, manual_corrections, late_corrections, gps_corrections, transfers)
                VALUES (1000000000, 1780000000000, 'lisova', 'teremky', 1800, 1810, 1805, 'arrived', 0, 0, 0, 1)
                """)
            try db.setUserVersion(1)
        }
        let store = try SQLiteStore(directory: directory.path, log: log)
        #expect(try asideFiles().isEmpty, "an older schema is migrated, not moved aside: \(sink.text)")
        let old = try store.journal(limit: 10)
        #expect(old.count == 1 && old[0].confirmedSeconds == 1805 && old[0].nextStopSeconds == nil)
        var warned = entry(2)
        warned.nextStopSeconds = 1690
        _ = try store.endTrip(warned)
        _ = try store.endTrip(entry(3))
        let journal = try store.journal(limit: 10)
        #expect(journal.map(\.nextStopSeconds) == [nil, 1690, nil], "newest first")
        let db = try SQLiteDatabase(path: databasePath, create: false)
        #expect(try db.userVersion() == Int64(StoreSchema.version))
    }

    @Test func endTripClearsTheTripAndJournalsItInOneTransaction() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory.path, log: log)
        let engine = try engineWithTrip(store)
        let other = try SQLiteDatabase(path: databasePath, create: false)
        // Make clearing the trip fail: the journal row written just before must be rolled back with it.
        try other.execute("CREATE TRIGGER refuse_clear BEFORE DELETE ON active_trip BEGIN SELECT RAISE(ABORT, 'refused by test'); END")
        #expect(throws: (any Error).self) { try store.endTrip(entry(1)) }
        #expect(try store.journal(limit: 10).isEmpty)
        #expect(try store.load().active == engine.active)
        try other.execute("DROP TRIGGER refuse_clear")
        // Through the engine: "I'm off" ends the trip once.
        try engine.arrived(now: ModelClock(scale: 1).now())
        #expect(try store.load().active == nil)
        let journal = try store.journal(limit: 10)
        #expect(journal.count == 1)
        #expect(journal.first?.outcome == .arrived)
        #expect(try scalar(other, "SELECT count(*) FROM active_trip") == 0)
    }

    @Test func writesMadeAtomicallyAreStoredTogetherOrNotAtAll() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory.path, log: log)
        let engine = try engineWithTrip(store)
        let stored = try #require(try store.load().active)
        let other = try SQLiteDatabase(path: databasePath, create: false)
        // The second of two writes fails: the first, already made, must be undone with it.
        try other.execute("INSERT INTO calibration (segment, running_avg, running_n, dwell_avg, dwell_n) "
                          + "VALUES ('akademmistechko>zhytomyrska', 120, 1, NULL, 0)")
        try other.execute("CREATE TRIGGER refuse_calibration BEFORE DELETE ON calibration BEGIN SELECT RAISE(ABORT, 'refused by test'); END")
        #expect(throws: (any Error).self) {
            try store.atomically {
                try store.saveActiveTrip(nil)
                try store.saveCalibration(.empty)
            }
        }
        #expect(try store.load().active == stored, "the trip was cleared although its companion write failed")
        #expect(engine.active == stored)
        // Both succeed: both are stored.
        try other.execute("DROP TRIGGER refuse_calibration")
        try store.atomically {
            try store.saveActiveTrip(nil)
            try store.saveCalibration(.empty)
        }
        #expect(try store.load().active == nil)
    }

    // MARK: - Damaged files

    @Test func aGarbageFileIsMovedAsideWithItsBytesAndAFreshStoreWorks() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(garbage).write(to: URL(fileURLWithPath: databasePath))
        let store = try SQLiteStore(directory: directory.path, log: log)
        let aside = try asideFiles()
        #expect(aside.count == 1)
        let moved = try #require(aside.first)
        #expect(FileManager.default.contents(atPath: directory.appendingPathComponent(moved).path) == Data(garbage))
        #expect(sink.lines.contains { $0.hasPrefix("<3>") && $0.contains("moved aside") && $0.contains(moved) }, "\(sink.text)")
        try store.saveRoutes(RouteBook(), selected: RouteChoice(from: StationID("lisova"), to: StationID("teremky")))
        #expect(try store.load().selected == RouteChoice(from: StationID("lisova"), to: StationID("teremky")))
    }

    /// A real store with enough journal rows to span many pages, closed cleanly (WAL checkpointed).
    func writeJournalDatabase(rows: Int) throws {
        let store = try SQLiteStore(directory: directory.path, log: log)
        for n in 1...rows { _ = try store.endTrip(entry(n)) }
    }

    @Test func aTruncatedDatabaseIsMovedAsideAndNothingIsOverwritten() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeJournalDatabase(rows: 400)
        let whole = try #require(FileManager.default.contents(atPath: databasePath))
        #expect(whole.count > 8 * 4096)
        let truncated = whole.prefix(whole.count / 2 + 100)
        try truncated.write(to: URL(fileURLWithPath: databasePath))
        let store = try SQLiteStore(directory: directory.path, log: log)
        let aside = try asideFiles()
        #expect(aside.count == 1, "\(sink.text)")
        if let moved = aside.first {
            #expect(FileManager.default.contents(atPath: directory.appendingPathComponent(moved).path) == Data(truncated))
        }
        #expect(sink.lines.contains { $0.hasPrefix("<3>") && $0.contains("moved aside") }, "\(sink.text)")
        #expect(try store.journal(limit: 10).isEmpty)
        _ = try store.endTrip(entry(1))
        #expect(try store.journal(limit: 10).count == 1)
    }

    @Test func aCorruptPageIsFoundAndTheFileMovedAside() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeJournalDatabase(rows: 400)
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: databasePath)))
        // Keep the 100-byte header and the schema page; scribble over the b-tree pages after them.
        for i in 4096..<min(bytes.count, 4096 * 6) { bytes[i] = UInt8(truncatingIfNeeded: i &* 7 &+ 13) }
        try Data(bytes).write(to: URL(fileURLWithPath: databasePath))
        let store = try SQLiteStore(directory: directory.path, log: log)
        let aside = try asideFiles()
        #expect(aside.count == 1, "\(sink.text)")
        if let moved = aside.first {
            #expect(FileManager.default.contents(atPath: directory.appendingPathComponent(moved).path) == Data(bytes))
        }
        #expect(sink.lines.contains { $0.hasPrefix("<3>") && $0.contains("moved aside") }, "\(sink.text)")
        #expect(try store.journal(limit: 10).isEmpty)
    }

    @Test func twoDamagedFilesInTheSameSecondAreBothKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixedNow: () -> Int64 = { 1_780_000_000_123 }
        try Data("first garbage, long enough to not be a database header at all".utf8).write(to: URL(fileURLWithPath: databasePath))
        do { _ = try SQLiteStore(directory: directory.path, log: log, wallNowMilliseconds: fixedNow) }
        try Data("second garbage, also not a database header at all, no no".utf8).write(to: URL(fileURLWithPath: databasePath))
        do { _ = try SQLiteStore(directory: directory.path, log: log, wallNowMilliseconds: fixedNow) }
        let aside = try asideFiles()
        #expect(aside.count == 2, "\(aside)")
        let contents = Set(aside.compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) })
        #expect(contents.count == 2)
        #expect(contents.contains(Data("first garbage, long enough to not be a database header at all".utf8)))
    }

    // MARK: - Foreign and newer files

    /// Creates a database that belongs to someone else with `sql`, returns its bytes.
    func writeForeignDatabase(_ sql: String) throws -> Data {
        do {
            let db = try SQLiteDatabase(path: databasePath)
            try db.execute(sql)
        }
        chmod(databasePath, 0o644)
        return try #require(FileManager.default.contents(atPath: databasePath))
    }

    @Test(arguments: [
        "PRAGMA application_id = 1234",
        "PRAGMA application_id = 1234; CREATE TABLE active_trip (id INTEGER PRIMARY KEY, trip_json TEXT)",
        "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('a rider''s notes')",
        "PRAGMA user_version = 3",
    ])
    func aForeignDatabaseIsMovedAsideUntouched(_ sql: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try writeForeignDatabase(sql)
        let store = try SQLiteStore(directory: directory.path, log: log)
        let aside = try asideFiles()
        #expect(aside.count == 1, "\(sink.text)")
        let moved = directory.appendingPathComponent(try #require(aside.first)).path
        #expect(FileManager.default.contents(atPath: moved) == original, "the foreign file was written to")
        #expect(mode(moved) == 0o644, "the foreign file's mode was changed")
        #expect(!FileManager.default.fileExists(atPath: moved + "-wal"))
        #expect(sink.lines.contains { $0.hasPrefix("<3>") && $0.contains("another program") && $0.contains("moved aside") }, "\(sink.text)")
        _ = try store.endTrip(entry(1))
        #expect(try store.journal(limit: 5).count == 1)
    }

    @Test func aNewerSchemaIsRefusedAndMovedAside() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do { _ = try SQLiteStore(directory: directory.path, log: log) }
        do {
            let db = try SQLiteDatabase(path: databasePath)
            try db.setUserVersion(Int64(StoreSchema.version + 5))
            try db.execute("CREATE TABLE from_the_future (x)")
        }
        let before = try #require(FileManager.default.contents(atPath: databasePath))
        let store = try SQLiteStore(directory: directory.path, log: log)
        let aside = try asideFiles()
        #expect(aside.count == 1)
        #expect(sink.lines.contains { $0.hasPrefix("<3>") && $0.contains("newer") }, "\(sink.text)")
        if let moved = aside.first {
            #expect(FileManager.default.contents(atPath: directory.appendingPathComponent(moved).path) == before)
        }
        let db = try SQLiteDatabase(path: databasePath, create: false)
        #expect(try db.userVersion() == Int64(StoreSchema.version))
        _ = store
    }

    // MARK: - Loading what is stored

    @Test func implausibleStoredCalibrationIsDroppedWithAWarning() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory.path, log: log)
        let db = try SQLiteDatabase(path: databasePath, create: false)
        try db.execute("""
            INSERT INTO calibration VALUES ('akademmistechko>zhytomyrska', 5000, 3, 25, 2);
            INSERT INTO calibration VALUES ('zhytomyrska>sviatoshyn', 100, 4, NULL, 0);
            INSERT INTO calibration VALUES ('sviatoshyn>nyvky', -3, 1, NULL, 0);
            """)
        let loaded = try store.load().calibration
        let first = SegmentKey(from: StationID("akademmistechko"), to: StationID("zhytomyrska"))
        #expect(loaded.runningAverage(for: first) == nil)
        #expect(loaded.dwellAverage(for: first) == 25)
        #expect(loaded.runningAverage(for: SegmentKey(from: StationID("zhytomyrska"), to: StationID("sviatoshyn"))) == 100)
        #expect(loaded.record(for: SegmentKey(from: StationID("sviatoshyn"), to: StationID("nyvky"))) == nil)
        let warnings = sink.lines.filter { $0.hasPrefix("<4>") && $0.contains("implausible") }
        #expect(warnings.count == 2, "\(sink.text)")
        #expect(warnings.contains { $0.contains("akademmistechko>zhytomyrska") && $0.contains("5000") })
    }

    @Test func anUnreadableStoredTripIsKeptAndTheDaemonStartsIdle() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory.path, log: log)
        let db = try SQLiteDatabase(path: databasePath, create: false)
        try db.execute("INSERT INTO active_trip (id, trip_json, boot_id, saved_unix_ms) VALUES (1, '{\"broken\": ', NULL, 0)")
        #expect(try store.load().active == nil)
        #expect(sink.lines.contains { $0.hasPrefix("<3>") && $0.contains("unreadable") }, "\(sink.text)")
        #expect(try text(db, "SELECT trip_json FROM active_trip") == "{\"broken\": ")
    }
}
