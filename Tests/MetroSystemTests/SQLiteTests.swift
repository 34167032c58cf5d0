import Foundation
import Glibc
import Testing
@testable import MetroSystem
@testable import MetroSQLite

@Suite struct SQLiteTests {
    struct Abort: Error {}

    @Test func walModeSynchronousFullAndPrivateFiles() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("state.db")
        let database = try SQLiteDatabase(path: path)
        #expect(try database.setJournalMode(.wal) == "WAL")
        #expect(try database.journalMode() == "WAL")
        try database.setSynchronous(.full)
        #expect(try database.synchronous() == 2)
        try database.setBusyTimeout(milliseconds: 1_000)
        try database.execute("CREATE TABLE t (x INTEGER)")
        try database.execute("INSERT INTO t VALUES (1)")
        #expect(try permissions(of: path) == 0o600)
        #expect(try permissions(of: path + "-wal") == 0o600)
        #expect(try database.integrityCheck() == ["ok"])
        #expect(try database.quickCheck() == ["ok"])
    }

    @Test func transactionsCommitOrRollBack() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.file("t.db"))
        try database.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        let insert = try database.prepare("INSERT INTO t VALUES (?)")
        #expect(throws: Abort.self) {
            try database.transaction {
                try insert.bind(Int64(1), at: 1)
                try insert.step()
                throw Abort()
            }
        }
        let count = try database.prepare("SELECT count(*) FROM t")
        #expect(try count.step())
        #expect(count.int64(at: 0) == 0)

        try insert.reset()
        let inserted = try database.transaction { () throws -> Int64 in
            try insert.bind(Int64(2), at: 1)
            try insert.step()
            return database.lastInsertRowID
        }
        #expect(inserted == 1)
        try count.reset()
        #expect(try count.step())
        #expect(count.int64(at: 0) == 1)

        // A constraint failure names the statement and its kind.
        let bad = try database.prepare("INSERT INTO t VALUES (NULL)")
        let error = thrownError(SQLiteError.self) { try bad.step() }
        #expect(error?.kind == .constraint)
        #expect(error?.statement == "INSERT INTO t VALUES (NULL)")
        let syntax = thrownError(SQLiteError.self) { _ = try database.prepare("SELEC nonsense") }
        #expect(syntax?.message.contains("syntax error") == true)
    }

    @Test func aTransactionInsideAnotherIsASavepointOfIt() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.file("t.db"))
        try database.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        func count() throws -> Int64 {
            let statement = try database.prepare("SELECT count(*) FROM t")
            _ = try statement.step()
            return statement.int64(at: 0)
        }
        // The inner one fails: only its row is undone; the outer one commits the rest.
        try database.transaction {
            try database.execute("INSERT INTO t VALUES (1)")
            #expect(throws: Abort.self) {
                try database.transaction {
                    try database.execute("INSERT INTO t VALUES (2)")
                    throw Abort()
                }
            }
            try database.transaction { try database.execute("INSERT INTO t VALUES (3)") }
        }
        #expect(try count() == 2)
        // The outer one fails after the inner one succeeded: both are undone.
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.transaction { try database.execute("INSERT INTO t VALUES (4)") }
                throw Abort()
            }
        }
        #expect(try count() == 2)
    }

    @Test func userVersionPersists() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v.db")
        do {
            let database = try SQLiteDatabase.open(path: path)
            #expect(try database.userVersion() == 0)
            try database.setUserVersion(7)
        }
        let reopened = try SQLiteDatabase(path: path, create: false)
        #expect(try reopened.userVersion() == 7)
    }

    @Test func typedBindsAndColumns() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.file("types.db"))
        try database.execute("CREATE TABLE v (i INTEGER, r REAL, s TEXT, b BLOB, d BLOB, n TEXT)")
        let insert = try database.prepare("INSERT INTO v VALUES (?, ?, ?, ?, ?, ?)")
        try insert.bind(Int64.min, at: 1)
        try insert.bind(2.5, at: 2)
        try insert.bind("Хрещатик ✓", at: 3)
        try insert.bind([0, 1, 255] as [UInt8], at: 4)
        try insert.bind(Data([9, 8]), at: 5)
        try insert.bindNull(at: 6)
        try insert.step()
        let select = try database.prepare("SELECT i, r, s, b, d, n FROM v")
        #expect(try select.step())
        #expect(select.int64(at: 0) == Int64.min)
        #expect(select.double(at: 1) == 2.5)
        #expect(select.string(at: 2) == "Хрещатик ✓")
        #expect(select.blob(at: 3) == [0, 1, 255])
        #expect(select.data(at: 4) == Data([9, 8]))
        #expect(select.isNull(at: 5))
        #expect(select.string(at: 5) == nil)
        #expect(select.value(at: 0) == .integer(Int64.min))
        #expect(try !select.step())
    }

    @Test func aGarbageFileIsNotADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("garbage.db")
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        let error = thrownError(SQLiteError.self) { _ = try SQLiteDatabase(path: path) }
        #expect(error?.kind == .notADatabase)
        #expect(error?.isDamagedFile == true)
        #expect(error?.statement.contains("sqlite_master") == true)
    }

    @Test func aMissingFileWithoutCreateCannotOpen() throws {
        let directory = try TemporaryDirectory()
        let error = thrownError(SQLiteError.self) { _ = try SQLiteDatabase(path: directory.file("none.db"), create: false) }
        #expect(error?.kind == .cannotOpen)
    }

    /// A database of a few hundred pages, closed cleanly.
    private func makeDatabase(at path: String) throws {
        let database = try SQLiteDatabase(path: path)
        try database.setJournalMode(.wal)
        try database.execute("CREATE TABLE trips (id INTEGER PRIMARY KEY, note TEXT)")
        try database.execute("CREATE INDEX trips_note ON trips (note)")
        try database.transaction {
            let insert = try database.prepare("INSERT INTO trips (note) VALUES (?)")
            for row in 0..<2_000 {
                try insert.bind("trip \(row) " + String(repeating: "k", count: 100), at: 1)
                try insert.step()
                try insert.reset()
            }
        }
    }

    /// Runs a full check and a scan; true when SQLite reported the damage either way.
    private func damageIsDetected(at path: String) -> Bool {
        do {
            let database = try SQLiteDatabase(path: path, create: false)
            if try database.integrityCheck() != ["ok"] { return true }
            let scan = try database.prepare("SELECT count(*), sum(length(note)) FROM trips")
            _ = try scan.step()
            return false
        } catch let error as SQLiteError {
            return error.isDamagedFile
        } catch {
            return false
        }
    }

    @Test func overwrittenPagesAreDetectedAsCorrupt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("corrupt.db")
        try makeDatabase(at: path)
        #expect(!damageIsDetected(at: path))
        // Scribble over the b-tree pages after the header page.
        let file = try FileDescriptor.open(path, flags: O_WRONLY)
        let junk = [UInt8](repeating: 0xA5, count: 4096 * 8)
        _ = junk.withUnsafeBytes { pwrite(file.rawValue, $0.baseAddress, $0.count, 4096) }
        try file.close()
        #expect(damageIsDetected(at: path))
    }

    @Test func aTruncatedDatabaseIsDetected() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("truncated.db")
        try makeDatabase(at: path)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(truncate(path, status.st_size / 2) == 0)
        #expect(damageIsDetected(at: path))
    }
}
