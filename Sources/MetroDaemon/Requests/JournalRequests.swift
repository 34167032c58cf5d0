import MetroControl
import MetroEngine
import MetroModel

/// The journal of ridden trips and the figures counted from it. The figures come from the tally the engine keeps
/// as trips are journaled, so no request reads the whole journal.
struct JournalRequests {
    let engine: Engine
    let store: SQLiteStore
    /// Why the stored journal could not be read at start-up (its figures would be incomplete), or nil.
    let unreadable: String?

    /// `journal` (up to 10 000 entries, up to about 3 MB) is sent piece by piece; nil when its first page cannot
    /// be read, which `entries` then answers as an ordinary error.
    func stream(limit: Int) -> ReplyStream? {
        try? JournalReplyStream(limit: limit) { [store] before, count in try store.journal(limit: count, before: before) }
    }

    func entries(limit: Int, _ context: RequestContext) -> String {
        do {
            let entries = try store.journal(limit: limit)
            return ControlReply.ok([.journal: JSONValue(encoding: entries.map(JournalDocument.init))])
        } catch {
            return DaemonRefusal.journalUnreadable("\(error)").reply(context.language)
        }
    }

    func stats(_ context: RequestContext) -> String {
        if let unreadable { return DaemonRefusal.journalUnreadable(unreadable).reply(context.language) }
        let tally = engine.journalTally
        return ControlReply.ok([.stats: JSONValue(encoding: StatsDocument(tally.statisticsFigures)),
                                .accuracy: JSONValue(encoding: AccuracyDocument(tally.accuracy))])
    }

    func year(_ year: Int, _ context: RequestContext) -> String {
        if let unreadable { return DaemonRefusal.journalUnreadable(unreadable).reply(context.language) }
        return ControlReply.ok([.year: JSONValue(encoding: YearDocument(engine.journalTally.year(year)))])
    }
}
