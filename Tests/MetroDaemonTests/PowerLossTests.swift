import Foundation
import Glibc
import MetroModel
import MetroSystem
import Testing
@testable import MetroDaemon

/// Power lost in the middle of a commit, played on copies of `state.db` and its write-ahead log taken while the
/// store is open (what a cut leaves on the card: the database file and the log, no shared-memory index). The
/// copy of the log is cut at each commit's end, one byte after it, half-way through the next commit and one byte
/// short of its end. Whatever the cut, the store opens without damage and holds exactly the transactions whose
/// commit is wholly in the log: the ones after the cut are lost, each of them whole.
@Suite struct PowerLossTests {
    func entry(_ n: Int) -> JournalEntry {
        JournalEntry(id: 0, t0: Instant(nanoseconds: Int64(n) * 1_000_000_000), t0UnixMilliseconds: 1_780_000_000_000 + Int64(n),
                     from: StationID("lisova"), to: StationID("teremky"), plannedSeconds: 1800 + n, finalSeconds: 1810 + n,
                     confirmedSeconds: 1805 + n, manualCorrections: 0, lateCorrections: 0, gpsCorrections: 0,
                     transfers: 1, outcome: .arrived)
    }

    func size(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : -1
    }

    @Test func aTornWriteAheadLogLosesOnlyTheTransactionsAfterTheCut() throws {
        let directory = try makeScratchDirectory("power-loss")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory.path, log: Logger(sink: RecordingLogSink()), bootID: "boot")
        let logPath = store.path + "-wal"
        // The log's length after each commit: journal entry n is committed when the log reaches committed[n].
        var committed = [size(logPath)]
        for n in 1...5 {
            _ = try store.endTrip(entry(n))
            committed.append(size(logPath))
        }
        // Each commit must have grown the log (a checkpoint in between would leave nothing to tear).
        #expect(zip(committed, committed.dropFirst()).allSatisfy { $0 < $1 }, "log lengths \(committed)")
        let database = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let log = try Data(contentsOf: URL(fileURLWithPath: logPath))
        #expect(log.count == committed.last)

        for (kept, end) in committed.enumerated() {
            var cuts = [end]
            if kept + 1 < committed.count {
                let next = committed[kept + 1]
                cuts += [end + 1, (end + next) / 2, next - 1]
            }
            for cut in cuts {
                let copy = try makeScratchDirectory("power-loss-cut")
                defer { try? FileManager.default.removeItem(at: copy) }
                try database.write(to: copy.appendingPathComponent("state.db"))
                try log.prefix(cut).write(to: copy.appendingPathComponent("state.db-wal"))
                let sink = RecordingLogSink()
                let reopened = try SQLiteStore(directory: copy.path, log: Logger(sink: sink), bootID: "boot")
                let journal = try reopened.journal(limit: 100)
                #expect(journal.map(\.plannedSeconds).sorted() == (0..<kept).map { 1801 + $0 },
                        "log cut at byte \(cut) of \(log.count): \(kept) commits are whole")
                #expect(sink.lines.isEmpty, "log cut at byte \(cut): \(sink.text)")
                let aside = try FileManager.default.contentsOfDirectory(atPath: copy.path)
                    .filter { $0.hasPrefix("state.db.corrupt-") }
                #expect(aside.isEmpty, "log cut at byte \(cut): the file was taken for damaged")
            }
        }
    }
}
