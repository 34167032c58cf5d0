internal import CSQLite

/// A failed SQLite call: result code, extended code, SQLite's message and the statement being run.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure, for deciding what to do about it.
    public enum Kind: Hashable, Sendable {
        /// The file is not an SQLite database (`SQLITE_NOTADB`).
        case notADatabase
        /// The database file is damaged (`SQLITE_CORRUPT`).
        case corrupt
        /// Another connection holds a lock (`SQLITE_BUSY`, `SQLITE_LOCKED`).
        case busy
        /// A constraint was violated (`SQLITE_CONSTRAINT`).
        case constraint
        /// The file cannot be opened (`SQLITE_CANTOPEN`).
        case cannotOpen
        /// Anything else.
        case other
    }

    /// The primary result code (`SQLITE_CORRUPT`, ...).
    public let code: Int32
    /// The extended result code (`SQLITE_CORRUPT_INDEX`, ...).
    public let extendedCode: Int32
    /// SQLite's own message.
    public let message: String
    /// The SQL being prepared or run, or the operation (e.g. "open /var/lib/metrotimer/state.db").
    public let statement: String

    /// Describes a failure.
    public init(code: Int32, extendedCode: Int32, message: String, statement: String) {
        self.code = code
        self.extendedCode = extendedCode
        self.message = message
        self.statement = statement
    }

    /// The kind of failure.
    public var kind: Kind {
        switch code {
        case SQLITE_NOTADB: .notADatabase
        case SQLITE_CORRUPT: .corrupt
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_CONSTRAINT: .constraint
        case SQLITE_CANTOPEN: .cannotOpen
        default: .other
        }
    }

    /// Whether the file itself is unusable (not a database, or corrupt): the store should move it aside.
    public var isDamagedFile: Bool { kind == .notADatabase || kind == .corrupt }

    /// `sqlite: <message> (code N, extended N) in: <statement>`.
    public var description: String {
        "sqlite: \(message) (code \(code), extended \(extendedCode)) in: \(statement)"
    }
}
