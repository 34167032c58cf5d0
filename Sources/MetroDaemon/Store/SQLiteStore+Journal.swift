import MetroEngine
import MetroModel
import MetroSystem

/// Reading the journal: a page at a time, newest first (`journal` replies, the start-up tally).
extension SQLiteStore {
    public func journal(limit: Int) throws -> [JournalEntry] {
        try journal(limit: limit, before: nil)
    }

    /// Up to `limit` journal entries older than the entry id `before` (nil: from the newest), newest first: one
    /// page of a long journal (the `journal` reply is streamed page by page).
    public func journal(limit: Int, before: Int64?) throws -> [JournalEntry] {
        let statement = try db.prepare("""
            SELECT id, t0_ns, t0_unix_ms, from_station, to_station, planned_s, final_s, confirmed_s, outcome,
                manual_corrections, late_corrections, gps_corrections, transfers, next_stop_s
            FROM journal WHERE id < ?2 ORDER BY id DESC LIMIT ?1
            """)
        try statement.bind(Int64(limit), at: 1)
        try statement.bind(before ?? Int64.max, at: 2)
        var out: [JournalEntry] = []
        while try statement.step() {
            journalRowsRead += 1
            guard let outcome = statement.string(at: 8).flatMap(TripOutcome.init(rawValue:)) else { continue }
            out.append(JournalEntry(
                id: statement.int64(at: 0), t0: Instant(nanoseconds: statement.int64(at: 1)),
                t0UnixMilliseconds: statement.int64(at: 2),
                from: StationID(statement.string(at: 3) ?? ""), to: StationID(statement.string(at: 4) ?? ""),
                plannedSeconds: Int(statement.int64(at: 5)), finalSeconds: Int(statement.int64(at: 6)),
                confirmedSeconds: statement.isNull(at: 7) ? nil : Int(statement.int64(at: 7)),
                manualCorrections: Int(statement.int64(at: 9)), lateCorrections: Int(statement.int64(at: 10)),
                gpsCorrections: Int(statement.int64(at: 11)), transfers: Int(statement.int64(at: 12)),
                outcome: outcome, nextStopSeconds: statement.isNull(at: 13) ? nil : Int(statement.int64(at: 13))))
        }
        return out
    }

    /// Calls `body` with every journal entry, newest first, reading a page at a time (a long journal is never
    /// held whole).
    public func eachJournalEntry(pageSize: Int = 1024, _ body: (JournalEntry) -> Void) throws {
        var before: Int64?
        while true {
            let rowsBefore = journalRowsRead
            let page = try journal(limit: pageSize, before: before)
            page.forEach(body)
            // A short page was the last (a row with an unknown outcome is read but not returned).
            guard journalRowsRead - rowsBefore == pageSize, let last = page.last else { return }
            before = last.id
        }
    }
}
