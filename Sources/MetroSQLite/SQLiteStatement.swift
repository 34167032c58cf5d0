internal import CSQLite
import FoundationEssentials

/// A value bound to an SQL parameter.
public enum SQLiteValue: Hashable, Sendable {
    /// An INTEGER.
    case integer(Int64)
    /// A REAL.
    case real(Double)
    /// TEXT.
    case text(String)
    /// A BLOB.
    case blob([UInt8])
    /// NULL.
    case null
}

/// One compiled SQL statement. It keeps its database open for as long as it lives.
public final class SQLiteStatement {
    /// The SQL it was compiled from.
    public let sql: String
    private let database: SQLiteDatabase
    private let handle: OpaquePointer

    init(database: SQLiteDatabase, handle: OpaquePointer, sql: String) {
        self.database = database
        self.handle = handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `value` to the 1-based parameter `index`.
    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        let status: Int32
        switch value {
        case .integer(let number):
            status = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            status = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            status = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        case .blob(let bytes):
            status = bytes.withUnsafeBytes {
                sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient())
            }
        case .null:
            status = sqlite3_bind_null(handle, index)
        }
        guard status == SQLITE_OK else { throw database.error(status, in: sql) }
    }

    /// Binds an integer to the 1-based parameter `index`.
    public func bind(_ value: Int64, at index: Int32) throws { try bind(.integer(value), at: index) }
    /// Binds a real to the 1-based parameter `index`.
    public func bind(_ value: Double, at index: Int32) throws { try bind(.real(value), at: index) }
    /// Binds text to the 1-based parameter `index`.
    public func bind(_ value: String, at index: Int32) throws { try bind(.text(value), at: index) }
    /// Binds a blob to the 1-based parameter `index`.
    public func bind(_ value: [UInt8], at index: Int32) throws { try bind(.blob(value), at: index) }
    /// Binds a blob to the 1-based parameter `index`.
    public func bind(_ value: Data, at index: Int32) throws { try bind(.blob(Array(value)), at: index) }
    /// Binds NULL to the 1-based parameter `index`.
    public func bindNull(at index: Int32) throws { try bind(.null, at: index) }

    /// Binds `values` to parameters 1, 2, … in order.
    public func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Runs the statement one step: true when a row is ready to read, false when it has finished.
    @discardableResult
    public func step() throws -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(status, in: sql)
        }
    }

    /// Rewinds the statement to run again, keeping its bindings.
    public func reset() throws {
        let status = sqlite3_reset(handle)
        guard status == SQLITE_OK else { throw database.error(status, in: sql) }
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// The number of columns in a result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Whether column `index` (0-based) of the current row is NULL.
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` (0-based) as an integer (NULL reads as 0).
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` (0-based) as a real (NULL reads as 0).
    public func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` (0-based) as text, nil when NULL.
    public func string(at index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` (0-based) as bytes, nil when NULL.
    public func blob(at index: Int32) -> [UInt8]? {
        guard !isNull(at: index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Column `index` (0-based) as `Data`, nil when NULL.
    public func data(at index: Int32) -> Data? {
        blob(at: index).map { Data($0) }
    }

    /// Column `index` (0-based) as a typed value.
    public func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(int64(at: index))
        case SQLITE_FLOAT: .real(double(at: index))
        case SQLITE_TEXT: .text(string(at: index) ?? "")
        case SQLITE_BLOB: .blob(blob(at: index) ?? [])
        default: .null
        }
    }
}
