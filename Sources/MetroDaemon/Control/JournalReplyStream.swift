import MetroControl
import MetroModel

/// The `journal` reply, `{"journal":[entry,…],"ok":true}` on one line, produced a page of entries at a time: a
/// journal of 10 000 trips (up to about 3 MB) is never held whole, never exceeds the client's 1 MiB output cap, and
/// never costs more than one page of reading and encoding per loop turn.
final class JournalReplyStream: ReplyStream {
    /// Entries read and encoded per piece.
    static let pageSize = 200

    /// Reads up to `count` entries older than the entry id `before` (nil: from the newest), newest first.
    typealias PageReader = (_ before: Int64?, _ count: Int) throws -> [JournalEntry]

    private let readPage: PageReader
    private var remaining: Int
    private var before: Int64?
    private var first: [JournalEntry]?
    private var started = false
    private var finished = false

    /// Reads the first page now, so that a storage error is an ordinary error reply (nothing sent yet).
    init(limit: Int, readPage: @escaping PageReader) throws {
        self.readPage = readPage
        remaining = limit
        let page = try readPage(nil, min(limit, JournalReplyStream.pageSize))
        first = page
    }

    func nextPiece() throws -> String? {
        if finished { return nil }
        let page: [JournalEntry]
        if let first {
            page = first
            self.first = nil
        } else if remaining > 0 {
            page = try readPage(before, min(remaining, JournalReplyStream.pageSize))
        } else {
            page = []
        }
        remaining -= page.count
        before = page.last?.id
        let entries = page.map { jsonLine(JournalDocument($0)) }.joined(separator: ",")
        var piece = ""
        if !started {
            started = true
            piece = "{\"journal\":["
        } else if !entries.isEmpty {
            piece = ","
        }
        piece += entries
        // A short page means the journal has no older entry.
        if page.count < JournalReplyStream.pageSize || remaining <= 0 {
            finished = true
            piece += "],\"ok\":true}"
        }
        return piece
    }
}
