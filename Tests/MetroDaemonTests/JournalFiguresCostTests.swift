import Foundation
import Glibc
import MetroControl
import MetroModel
import MetroSystem
import MetroTestSupport
import Testing
@testable import MetroDaemon

/// `stats` and `stats --year` cost the only thread the same however long the journal is (docs/reliability.md,
/// "Flooding"): their figures are counted once at start-up and kept up to date as trips are journaled, so a request
/// reads no journal row — and the figures are those computed from scratch over the stored journal. A real daemon
/// in this process over a real SQLite file holding 10 000 trips; its requests are dispatched directly and the rows
/// its store reads are counted: no timing is measured.
@Suite(.serialized) struct JournalFiguresCostTests {
    /// `count` journal entries over 2025–2027 (a few without a wall time), on routes of the network, of every
    /// outcome, with errors on both sides and corrections.
    static func journal(_ count: Int) -> [JournalEntry] {
        var random = SplitMix64(seed: 25)
        let stations = repositoryNetwork.allStations.map(\.id)
        let routes = (0..<40).map { _ in (stations.randomElement(using: &random)!, stations.randomElement(using: &random)!) }
        let start = KyivTime.unixSeconds(year: 2025, month: 1, day: 1, hour: 0, minute: 0)
        return (0..<count).map { index in
            let (from, to) = routes.randomElement(using: &random)!
            let final = Int.random(in: 300...3000, using: &random)
            let outcome: TripOutcome = [.arrived, .arrived, .arrived, .expired, .stopped].randomElement(using: &random)!
            let late = Int.random(in: 0...2, using: &random)
            let unix = start + Int64.random(in: 0..<(3 * 365 * 86_400), using: &random)
            return JournalEntry(
                id: 0, t0: Instant(seconds: 100), t0UnixMilliseconds: index % 97 == 0 ? nil : unix * 1000 + Int64(index % 1000),
                from: from, to: to, plannedSeconds: final + Int.random(in: -200...200, using: &random), finalSeconds: final,
                confirmedSeconds: final + Int.random(in: -120...120, using: &random), manualCorrections: late + Int.random(in: 0...1, using: &random),
                lateCorrections: late, gpsCorrections: 0, transfers: 0, outcome: outcome,
                nextStopSeconds: Bool.random(using: &random) ? final - 90 : nil)
        }
    }

    /// A daemon (simulated board) whose state directory already holds `trips` journaled trips.
    static func daemon(trips: Int) throws -> (Daemon, DaemonProcess) {
        let files = try DaemonProcess()
        try FileManager.default.createDirectory(atPath: files.stateDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let seeded = try SQLiteStore(directory: files.stateDirectory, log: Logger(sink: DiscardingSink()))
        try seeded.atomically {
            for entry in journal(trips) { _ = try seeded.endTrip(entry) }
        }
        let (config, _) = try ConfigLoader.load(path: files.configPath, environment: [:])
        let daemon = try Daemon(config: config, configPath: files.configPath, environment: [:], log: Logger(sink: DiscardingSink()))
        return (daemon, files)
    }

    /// Lets go of what the daemon holds (its loop never ran).
    static func close(_ daemon: Daemon) {
        daemon.device.silence()
        daemon.hardware.release()
        daemon.control.close()
    }

    static func ask(_ daemon: Daemon, _ request: ControlRequest) -> String {
        daemon.router.reply(to: ControlEnvelope(request: request), peer: ControlServer.Peer(pid: getpid(), uid: getuid())).reply
    }

    /// The replies computed from scratch over the whole stored journal.
    static func fromScratch(_ daemon: Daemon, year: Int) throws -> (year: String, stats: String) {
        let entries = try daemon.store.journal(limit: 1_000_000)
        return (ControlReply.ok(["year": JSONValue(encoding: YearDocument(YearOnTheMetro(year: year, entries: entries, network: daemon.network)))]),
                ControlReply.ok(["stats": JSONValue(encoding: StatsDocument(JournalStatistics(entries: entries))),
                                 "accuracy": JSONValue(encoding: AccuracyDocument(RideAccuracy(entries: entries)))]))
    }

    @Test func yearAndStatsReadNoJournalRowAndEqualTheFiguresFromScratch() throws {
        let (daemon, files) = try Self.daemon(trips: 10_000)
        defer { Self.close(daemon); files.remove() }
        let before = daemon.store.journalRowsRead
        var replies: [String] = []
        for year in [2025, 2026, 2027, 2024] { replies.append(Self.ask(daemon, .year(year))) }
        replies.append(Self.ask(daemon, .stats))
        #expect(daemon.store.journalRowsRead == before,
                "5 requests read \(daemon.store.journalRowsRead - before) journal rows of 10 000")
        // Computed before each #expect: Swift 6.0's #expect cannot take a `try` inside a comparison.
        for (index, year) in [2025, 2026, 2027, 2024].enumerated() {
            let expected = try Self.fromScratch(daemon, year: year).year
            #expect(replies[index] == expected, "year \(year)")
        }
        let expectedStats = try Self.fromScratch(daemon, year: 2026).stats
        #expect(replies[4] == expectedStats)
        #expect(replies[1].contains("\"rides\":"), "\(replies[1].prefix(200))")

        // A trip journaled now is counted at once (this year's figures and the whole journal's).
        #expect(Self.ask(daemon, .chooseRoute(from: "lisova", to: "teremky")).contains("\"ok\":true"))
        #expect(Self.ask(daemon, .start).contains("\"ok\":true"))
        #expect(Self.ask(daemon, .arrived).contains("\"ok\":true"))
        let newest = try #require(try daemon.store.journal(limit: 1).first)
        let thisYear = KyivTime.civil(unixSeconds: floorDivide(try #require(newest.t0UnixMilliseconds), by: 1000)).year
        let rowsNow = daemon.store.journalRowsRead
        let year = Self.ask(daemon, .year(thisYear)), stats = Self.ask(daemon, .stats)
        #expect(daemon.store.journalRowsRead == rowsNow)
        let scratch = try Self.fromScratch(daemon, year: thisYear)
        #expect(year == scratch.year)
        #expect(stats == scratch.stats)
        #expect(stats.contains("\"trips\":10001"), "\(stats.prefix(300))")
    }
}
