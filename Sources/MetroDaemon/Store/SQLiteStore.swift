import FoundationEssentials
import Glibc
import MetroEngine
import MetroModel
import MetroSQLite
import MetroSystem

/// What was on disk when the daemon started.
public struct StoredState {
    public var active: ActiveTrip?
    public var calibration: CalibrationStore
    public var routes: RouteBook
    public var selected: RouteChoice?
    public var suspensions: [SuspendedStretch] = []
    public var reminders = ReminderBook()
}

/// The engine's durable state in one SQLite file (`state.db` in the state directory): WAL journal, FULL sync,
/// owner-only mode, a schema version with migrations. Every write is one transaction that commits before the
/// engine acknowledges the mutation.
///
/// A corrupt or foreign file is moved aside (`state.db.corrupt-<unix time>`) with a clear log line and a fresh one
/// is created; nothing is silently overwritten.
public final class SQLiteStore: EngineStore {
    public let path: String
    let db: SQLiteDatabase
    private let log: Logger
    private let bootID: String?
    private let wallNowMilliseconds: () -> Int64
    private let bootNowNanoseconds: () -> Int64
    /// Journal rows read since the store was opened: the start-up count of the journal reads each once, and a
    /// `stats` or `year` request reads none (their figures are kept as trips are journaled).
    var journalRowsRead = 0

    /// The file of Kyiv's network (and of every store before networks had their own).
    public static let defaultFileName = "state.db"

    /// Opens (creating, migrating or replacing a damaged file as needed) the store `fileName` in `directory`.
    public init(directory: String, fileName: String = SQLiteStore.defaultFileName, log: Logger,
                bootID: String? = Clocks.bootID(),
                wallNowMilliseconds: @escaping () -> Int64 = { Clocks.now(.realtime) / 1_000_000 },
                bootNowNanoseconds: @escaping () -> Int64 = { Clocks.now(.boottime) }) throws
    {
        self.path = directory + "/" + fileName
        self.log = log
        self.bootID = bootID
        self.wallNowMilliseconds = wallNowMilliseconds
        self.bootNowNanoseconds = bootNowNanoseconds
        self.db = try SQLiteStore.openUsable(path: path, log: log, now: wallNowMilliseconds)
    }

    /// Opens the store and loads it. Damage that only shows while reading (a page the quick check did not
    /// reach) is handled like damage at open: the file is moved aside and a fresh store is used, so a damaged
    /// file can never make the daemon restart-loop.
    public static func openLoading(directory: String, fileName: String = SQLiteStore.defaultFileName,
                                   log: Logger) throws -> (SQLiteStore, StoredState) {
        do {
            let store = try SQLiteStore(directory: directory, fileName: fileName, log: log)
            return (store, try store.load())
        } catch let error as SQLiteError where error.isDamagedFile {
            try moveAside(path: directory + "/" + fileName, why: "cannot be read (\(error.message))", log: log,
                          now: { Clocks.now(.realtime) / 1_000_000 })
        }
        let store = try SQLiteStore(directory: directory, fileName: fileName, log: log)
        return (store, try store.load())
    }

    private static func openUsable(path: String, log: Logger, now: () -> Int64) throws -> SQLiteDatabase {
        do {
            return try prepare(SQLiteDatabase(path: path))
        } catch let error as SQLiteError where error.isDamagedFile {
            try moveAside(path: path, why: "is not a readable metrotimer database (\(error.message))", log: log, now: now)
        } catch let error as ForeignDatabase {
            try moveAside(path: path, why: error.description, log: log, now: now)
        }
        return try prepare(SQLiteDatabase(path: path))
    }

    /// A stored trip the decoder must not be given (see `JSONNesting`).
    struct StoredTripRefused: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    struct ForeignDatabase: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks the file is ours, sets the pragmas and applies pending migrations.
    private static func prepare(_ db: SQLiteDatabase) throws -> SQLiteDatabase {
        try db.setBusyTimeout(milliseconds: 2000)
        let problems = try db.quickCheck()
        if problems != ["ok"] {
            throw SQLiteError(code: SQLITE_CORRUPT_CODE, extendedCode: SQLITE_CORRUPT_CODE,
                              message: "quick_check: " + problems.prefix(3).joined(separator: "; "),
                              statement: "PRAGMA quick_check")
        }
        let applicationID = Int32(truncatingIfNeeded: try scalar(db, "PRAGMA application_id"))
        let version = try db.userVersion()
        let isEmpty = try scalar(db, "SELECT count(*) FROM sqlite_master") == 0
        if applicationID != StoreSchema.applicationID {
            guard applicationID == 0, version == 0, isEmpty else {
                throw ForeignDatabase(description: "belongs to another program (application_id \(applicationID), user_version \(version))")
            }
        }
        if version > StoreSchema.version {
            throw ForeignDatabase(description: "has schema version \(version), newer than this metrotimerd knows (\(StoreSchema.version))")
        }
        // Only now that the file is known to be ours: a foreign file is moved aside exactly as it was.
        _ = chmod(db.path, 0o600)
        _ = try db.setJournalMode(.wal)
        try db.setSynchronous(.full)
        if version < StoreSchema.version {
            try db.transaction {
                if applicationID == 0 { try db.execute("PRAGMA application_id = \(StoreSchema.applicationID)") }
                for migration in StoreSchema.migrations[Int(version)...] { try db.execute(migration) }
                try db.setUserVersion(Int64(StoreSchema.version))
            }
        }
        return db
    }

    /// One integer from a one-row query; the statement is reset so no read transaction stays open.
    private static func scalar(_ db: SQLiteDatabase, _ sql: String) throws -> Int64 {
        let statement = try db.prepare(sql)
        defer { try? statement.reset() }
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0)
    }

    private static func moveAside(path: String, why: String, log: Logger, now: () -> Int64) throws {
        // Never rename over an earlier aside file (two damaged files within one second).
        var aside = "\(path).corrupt-\(now() / 1000)"
        var attempt = 1
        while access(aside, F_OK) == 0 || access(aside + "-wal", F_OK) == 0 {
            aside = "\(path).corrupt-\(now() / 1000)-\(attempt)"
            attempt += 1
        }
        log.error("state database \(path) \(why); moved aside to \(aside), starting with a fresh one")
        guard rename(path, aside) == 0 else {
            throw SystemError("move \(path) aside to \(aside)", errno: Errno(rawValue: errno))
        }
        for suffix in ["-wal", "-shm"] {
            if access(path + suffix, F_OK) == 0 { _ = rename(path + suffix, aside + suffix) }
        }
    }

    // MARK: - Loading

    /// Everything stored, for the engine to start from. Unreadable entries are logged and skipped, never deleted.
    public func load() throws -> StoredState {
        var state = StoredState(active: nil, calibration: .empty, routes: RouteBook(), selected: nil)
        let trip = try db.prepare("SELECT trip_json, boot_id, saved_boot_ns FROM active_trip WHERE id = 1")
        defer { try? trip.reset() }
        if try trip.step(), let json = trip.string(at: 0) {
            do {
                if let refusal = JSONNesting.refusal(of: json.utf8) { throw StoredTripRefused(reason: refusal.en) }
                state.active = try JSONDecoder().decode(ActiveTrip.self, from: Data(json.utf8))
                let storedBoot = trip.string(at: 1)
                if let storedBoot, let bootID, storedBoot != bootID {
                    log.warning("the stored trip was saved before a reboot (boot \(storedBoot)); its instants are on the old boot clock")
                    state.active?.savedOnOtherBoot = true
                } else if let savedBoot = trip.isNull(at: 2) ? nil : trip.int64(at: 2), case let bootNow = bootNowNanoseconds(),
                          savedBoot > bootNow {
                    // The boot clock never goes backwards within a boot: this one did (a restored snapshot or
                    // container), so the stored instants are on another timeline, as after a reboot.
                    log.warning("the boot clock reads \((savedBoot - bootNow) / 1_000_000_000) s less than when the stored trip was saved under the same boot id (a restored snapshot?); treating the trip as saved before a reboot")
                    state.active?.savedOnOtherBoot = true
                }
            } catch {
                log.error("stored active trip is unreadable (\(error)); keeping it in \(path) and starting idle")
            }
        }
        var records: [CalibrationRecord] = []
        let calibration = try db.prepare("SELECT segment, running_avg, running_n, dwell_avg, dwell_n FROM calibration")
        defer { try? calibration.reset() }
        while try calibration.step() {
            guard let text = calibration.string(at: 0), let key = SegmentKey(text) else { continue }
            records.append(CalibrationRecord(
                key: key,
                running: calibration.isNull(at: 1) ? nil : CalibrationAverage(average: calibration.double(at: 1), count: Int(calibration.int64(at: 2))),
                dwell: calibration.isNull(at: 3) ? nil : CalibrationAverage(average: calibration.double(at: 3), count: Int(calibration.int64(at: 4)))))
        }
        let (sane, dropped) = CalibrationStore.sanitised(records)
        for line in dropped { log.warning("calibration: dropped implausible stored value \(line)") }
        state.calibration = sane
        let routes = try db.prepare("SELECT kind, from_station, to_station FROM routes ORDER BY kind, position")
        defer { try? routes.reset() }
        var pinned: [RouteChoice] = [], recents: [RouteChoice] = []
        while try routes.step() {
            guard let kind = routes.string(at: 0), let from = routes.string(at: 1), let to = routes.string(at: 2) else { continue }
            let choice = RouteChoice(from: StationID(from), to: StationID(to))
            switch kind {
            case "selected": state.selected = choice
            case "pinned": pinned.append(choice)
            default: recents.append(choice)
            }
        }
        state.routes = RouteBook(pinned: pinned, recents: recents)
        state.suspensions = try loadSuspensions()
        state.reminders = try loadReminders()
        return state
    }

    private func loadSuspensions() throws -> [SuspendedStretch] {
        let statement = try db.prepare("SELECT from_station, to_station FROM suspensions ORDER BY position")
        defer { try? statement.reset() }
        var out: [SuspendedStretch] = []
        while try statement.step() {
            guard let from = statement.string(at: 0), let to = statement.string(at: 1) else { continue }
            out.append(SuspendedStretch(from: StationID(from), to: StationID(to)))
        }
        return out
    }

    private func loadReminders() throws -> ReminderBook {
        let statement = try db.prepare(
            "SELECT hour, minute, days, from_station, to_station, created_unix_s, last_fired_unix_s FROM reminders ORDER BY position")
        defer { try? statement.reset() }
        var out: [Reminder] = []
        while try statement.step() {
            guard let text = statement.string(at: 2), let days = try? ReminderDays.parse(text),
                let from = statement.string(at: 3), let to = statement.string(at: 4)
            else {
                log.warning("reminders: skipped an unreadable stored reminder (kept in \(path))")
                continue
            }
            out.append(Reminder(hour: Int(statement.int64(at: 0)), minute: Int(statement.int64(at: 1)), days: days,
                                route: RouteChoice(from: StationID(from), to: StationID(to)),
                                createdUnixSeconds: statement.int64(at: 5),
                                lastFiredUnixSeconds: statement.isNull(at: 6) ? nil : statement.int64(at: 6)))
        }
        return ReminderBook(out)
    }

    public func saveSuspensions(_ stretches: [SuspendedStretch]) throws {
        try db.transaction {
            try db.execute("DELETE FROM suspensions")
            let statement = try db.prepare("INSERT INTO suspensions (position, from_station, to_station) VALUES (?1, ?2, ?3)")
            for (position, s) in stretches.enumerated() {
                try statement.reset()
                try statement.bind([.integer(Int64(position)), .text(s.from.rawValue), .text(s.to.rawValue)])
                _ = try statement.step()
            }
        }
    }

    public func saveReminders(_ book: ReminderBook) throws {
        try db.transaction {
            try db.execute("DELETE FROM reminders")
            let statement = try db.prepare("""
                INSERT INTO reminders (position, hour, minute, days, from_station, to_station, created_unix_s,
                    last_fired_unix_s) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """)
            for (position, r) in book.reminders.enumerated() {
                try statement.reset()
                try statement.bind([
                    .integer(Int64(position)), .integer(Int64(r.hour)), .integer(Int64(r.minute)), .text(r.days.text()),
                    .text(r.route.from.rawValue), .text(r.route.to.rawValue), .integer(r.createdUnixSeconds),
                    r.lastFiredUnixSeconds.map { .integer($0) } ?? .null,
                ])
                _ = try statement.step()
            }
        }
    }

    // MARK: - EngineStore

    public func atomically(_ body: () throws -> Void) throws {
        try db.transaction(body)
    }

    public func saveActiveTrip(_ trip: ActiveTrip?) throws {
        try db.transaction { try writeActive(trip) }
    }

    private func writeActive(_ trip: ActiveTrip?) throws {
        guard let trip else {
            try db.execute("DELETE FROM active_trip")
            return
        }
        let json = String(decoding: try JSONEncoder().encode(trip), as: UTF8.self)
        let statement = try db.prepare(
            "INSERT INTO active_trip (id, trip_json, boot_id, saved_unix_ms, saved_boot_ns) VALUES (1, ?1, ?2, ?3, ?4) "
                + "ON CONFLICT(id) DO UPDATE SET trip_json = ?1, boot_id = ?2, saved_unix_ms = ?3, saved_boot_ns = ?4")
        try statement.bind(json, at: 1)
        try statement.bind(bootID.map { .text($0) } ?? .null, at: 2)
        try statement.bind(wallNowMilliseconds(), at: 3)
        try statement.bind(bootNowNanoseconds(), at: 4)
        _ = try statement.step()
    }

    public func endTrip(_ entry: JournalEntry) throws -> Int64 {
        try db.transaction {
            let statement = try db.prepare("""
                INSERT INTO journal (t0_ns, t0_unix_ms, from_station, to_station, planned_s, final_s, confirmed_s,
                    outcome, manual_corrections, late_corrections, gps_corrections, transfers, next_stop_s)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                """)
            try statement.bind([
                .integer(entry.t0.nanoseconds), .integer(entry.t0UnixMilliseconds ?? 0),
                .text(entry.from.rawValue), .text(entry.to.rawValue),
                .integer(Int64(entry.plannedSeconds)), .integer(Int64(entry.finalSeconds)),
                entry.confirmedSeconds.map { .integer(Int64($0)) } ?? .null,
                .text(entry.outcome.rawValue), .integer(Int64(entry.manualCorrections)),
                .integer(Int64(entry.lateCorrections)), .integer(Int64(entry.gpsCorrections)),
                .integer(Int64(entry.transfers)),
                entry.nextStopSeconds.map { .integer(Int64($0)) } ?? .null,
            ])
            _ = try statement.step()
            let id = db.lastInsertRowID
            try writeActive(nil)
            return id
        }
    }

    public func saveCalibration(_ calibration: CalibrationStore) throws {
        try db.transaction {
            try db.execute("DELETE FROM calibration")
            let statement = try db.prepare(
                "INSERT INTO calibration (segment, running_avg, running_n, dwell_avg, dwell_n) VALUES (?1, ?2, ?3, ?4, ?5)")
            for record in calibration.records {
                try statement.reset()
                try statement.bind([
                    .text(record.key.description),
                    record.running.map { .real($0.average) } ?? .null, .integer(Int64(record.running?.count ?? 0)),
                    record.dwell.map { .real($0.average) } ?? .null, .integer(Int64(record.dwell?.count ?? 0)),
                ])
                _ = try statement.step()
            }
        }
    }

    public func saveRoutes(_ book: RouteBook, selected: RouteChoice?) throws {
        try db.transaction {
            try db.execute("DELETE FROM routes")
            let statement = try db.prepare(
                "INSERT INTO routes (kind, position, from_station, to_station) VALUES (?1, ?2, ?3, ?4)")
            var rows: [(String, Int, RouteChoice)] = []
            if let selected { rows.append(("selected", 0, selected)) }
            rows += book.pinned.enumerated().map { ("pinned", $0.offset, $0.element) }
            rows += book.recents.enumerated().map { ("recent", $0.offset, $0.element) }
            for (kind, position, choice) in rows {
                try statement.reset()
                try statement.bind([.text(kind), .integer(Int64(position)), .text(choice.from.rawValue), .text(choice.to.rawValue)])
                _ = try statement.step()
            }
        }
    }

    public func saveCalibrationSession(_ session: StoredCalibrationSession) throws {
        try db.transaction {
            let statement = try db.prepare(
                "INSERT INTO calibration_sessions (line, direction, start_station, presses_ns, created_unix_ms) VALUES (?1, ?2, ?3, ?4, ?5)")
            try statement.bind([
                .text(session.line.rawValue), .text(session.direction.rawValue), .text(session.start.rawValue),
                .text(session.presses.map { String($0.nanoseconds) }.joined(separator: ",")),
                .integer(wallNowMilliseconds()),
            ])
            _ = try statement.step()
        }
    }

    /// Stored calibration sessions (for replay), oldest first.
    public func calibrationSessions() throws -> [StoredCalibrationSession] {
        let statement = try db.prepare(
            "SELECT line, direction, start_station, presses_ns FROM calibration_sessions ORDER BY id")
        var out: [StoredCalibrationSession] = []
        while try statement.step() {
            guard let line = statement.string(at: 0), let direction = statement.string(at: 1).flatMap(Direction.init(rawValue:)),
                let start = statement.string(at: 2), let presses = statement.string(at: 3)
            else { continue }
            out.append(StoredCalibrationSession(
                line: LineID(line), direction: direction, start: StationID(start),
                presses: presses.split(separator: ",").compactMap { Int64($0) }.map { Instant(nanoseconds: $0) }))
        }
        return out
    }
}

private let SQLITE_CORRUPT_CODE: Int32 = 11
