internal import CSQLite
import FoundationEssentials
import Glibc
import MetroSystem

/// A connection to one SQLite database file (the system libsqlite3).
///
/// Files it creates get mode 0600; SQLite gives its `-wal` and `-shm` files the database file's mode.
/// Opening checks the header at once, so a file that is not a database fails here with
/// `SQLiteError.Kind.notADatabase` rather than at some later statement.
public final class SQLiteDatabase {
    /// The journal modes metrotimer sets.
    public enum JournalMode: String, Sendable {
        /// Write-ahead log: readers and the writer do not block each other; commits append to the log.
        case wal = "WAL"
        /// Rollback journal deleted at commit (SQLite's default).
        case delete = "DELETE"
    }

    /// The `synchronous` levels metrotimer sets.
    public enum Synchronous: String, Sendable {
        /// fsync at every commit: a committed transaction survives power loss.
        case full = "FULL"
        /// fsync at checkpoints only (in WAL mode a commit may be lost at power loss, never corrupted).
        case normal = "NORMAL"
    }

    /// A compiled statement of this database.
    public typealias Statement = SQLiteStatement

    /// The database file's path.
    public let path: String
    let handle: OpaquePointer

    /// Opens the database at `path`; creates it (mode 0600) when `create` is true and it does not exist.
    public init(path: String, create: Bool = true) throws {
        if create {
            // Create it ourselves so the mode is 0600 whatever the umask; SQLite would use 0644.
            let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw SQLiteError(code: SQLITE_CANTOPEN, extendedCode: SQLITE_CANTOPEN,
                                  message: SystemError.current("create").description, statement: "open \(path)")
            }
            Glibc.close(fd)
        }
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | (create ? SQLITE_OPEN_CREATE : 0)
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            let extended = connection.map { sqlite3_extended_errcode($0) } ?? status
            sqlite3_close_v2(connection)
            throw SQLiteError(code: status & 0xff, extendedCode: extended, message: message, statement: "open \(path)")
        }
        sqlite3_extended_result_codes(connection, 1)
        self.handle = connection
        self.path = path
        // Reading the schema forces SQLite to read and check the header.
        try execute("SELECT count(*) FROM sqlite_master")
    }

    /// Opens the database at `path` (see `init(path:create:)`).
    public static func open(path: String, create: Bool = true) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: path, create: create)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that return no rows of interest.
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if status != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: status & 0xff, extendedCode: sqlite3_extended_errcode(handle),
                              message: message, statement: sql)
        }
    }

    /// Compiles one SQL statement.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw error(status, in: sql)
        }
        return SQLiteStatement(database: self, handle: statement, sql: sql)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`; rolls back and rethrows when `body` throws.
    ///
    /// IMMEDIATE takes the write lock at the start, so a transaction never fails half-way for a lock.
    /// Called inside another transaction, it is a savepoint of that one: its writes are undone if `body` throws,
    /// and otherwise commit (or not) with the outer transaction.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if sqlite3_get_autocommit(handle) == 0 { return try savepoint(body) }
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        try execute("SAVEPOINT nested")
        do {
            let result = try body()
            try execute("RELEASE nested")
            return result
        } catch {
            try? execute("ROLLBACK TO nested")
            try? execute("RELEASE nested")
            throw error
        }
    }

    /// `PRAGMA user_version`: the schema version the application stored.
    public func userVersion() throws -> Int64 {
        try scalarInteger("PRAGMA user_version")
    }

    /// Sets `PRAGMA user_version`.
    public func setUserVersion(_ version: Int64) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Sets the journal mode and returns the mode now in force (SQLite may refuse WAL, e.g. on some filesystems).
    @discardableResult
    public func setJournalMode(_ mode: JournalMode) throws -> String {
        try scalarText("PRAGMA journal_mode = \(mode.rawValue)").uppercased()
    }

    /// The journal mode in force, e.g. "WAL".
    public func journalMode() throws -> String {
        try scalarText("PRAGMA journal_mode").uppercased()
    }

    /// Sets `PRAGMA synchronous`.
    public func setSynchronous(_ level: Synchronous) throws {
        try execute("PRAGMA synchronous = \(level.rawValue)")
    }

    /// `PRAGMA synchronous` as a number: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA.
    public func synchronous() throws -> Int64 {
        try scalarInteger("PRAGMA synchronous")
    }

    /// How long a statement waits for another connection's lock before failing with `busy`.
    public func setBusyTimeout(milliseconds: Int32) throws {
        let status = sqlite3_busy_timeout(handle, milliseconds)
        guard status == SQLITE_OK else { throw error(status, in: "busy_timeout \(milliseconds)") }
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file, otherwise one line per problem found.
    /// A file too damaged to even check throws `SQLiteError` with kind `.corrupt`.
    public func integrityCheck() throws -> [String] {
        try textColumn("PRAGMA integrity_check")
    }

    /// `PRAGMA quick_check`: like `integrityCheck` but skips index contents, so it is much faster.
    public func quickCheck() throws -> [String] {
        try textColumn("PRAGMA quick_check")
    }

    /// The rowid of the most recent successful INSERT.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int64 { Int64(sqlite3_changes(handle)) }

    func error(_ status: Int32, in sql: String) -> SQLiteError {
        SQLiteError(code: status & 0xff, extendedCode: sqlite3_extended_errcode(handle),
                    message: String(cString: sqlite3_errmsg(handle)), statement: sql)
    }

    private func scalarInteger(_ sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0)
    }

    private func scalarText(_ sql: String) throws -> String {
        let statement = try prepare(sql)
        guard try statement.step() else { return "" }
        return statement.string(at: 0) ?? ""
    }

    private func textColumn(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        var lines: [String] = []
        while try statement.step() {
            lines.append(statement.string(at: 0) ?? "")
        }
        return lines
    }
}
