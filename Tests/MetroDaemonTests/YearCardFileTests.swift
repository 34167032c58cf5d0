import Foundation
import Glibc
import Testing

/// `metrotimer stats --year YYYY --svg FILE` replaces the card whole or not at all (a temporary file beside it,
/// renamed over it), and `--svg -` writes it to standard output: run for real against a real daemon.
@Suite(.serialized) struct YearCardFileTests {
    /// Runs the real `metrotimer` through `sh -c` (for `ulimit` and the working directory) against `daemon`.
    static func cli(_ daemon: DaemonProcess, _ arguments: [String], prelude: String = "",
                    in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let quoted = ([DaemonProcess.cliPath, "--socket", daemon.socketPath] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try DaemonProcess.run("/bin/sh", ["-c", "cd '\(directory.path)' && \(prelude) exec \(quoted)"])
    }

    /// The files in `directory` other than the ones named.
    static func others(in directory: URL, than names: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !names.contains($0) }
    }

    /// A daemon with two rides journaled; returns it and the year they were ridden in (Kyiv time).
    static func daemonWithRides() throws -> (DaemonProcess, String) {
        let daemon = try DaemonProcess()
        try daemon.start()
        for (from, to) in [("lisova", "teremky"), ("lukianivska", "vokzalna")] {
            #expect(try daemon.cli(["route", from, to]).status == 0)
            #expect(try daemon.cli(["start"]).status == 0)
            #expect(try daemon.cli(["arrived"]).status == 0)
        }
        let t0 = try #require(try daemon.journal().first?["t0"] as? String)
        return (daemon, String(t0.prefix(4)))
    }

    @Test func aCardThatCannotBeWrittenWholeLeavesTheOldOneAsItWas() throws {
        let (daemon, year) = try Self.daemonWithRides()
        defer { daemon.stop(); daemon.remove() }
        let cards = daemon.directory.appendingPathComponent("cards")
        try FileManager.default.createDirectory(at: cards, withIntermediateDirectories: true)
        let card = cards.appendingPathComponent("year.svg")
        let first = try Self.cli(daemon, ["stats", "--year", year, "--svg", "year.svg"], in: cards)
        #expect(first.status == 0, "\(first.stderr)")
        let old = try Data(contentsOf: card)
        #expect(String(decoding: old, as: UTF8.self).hasSuffix("</svg>\n"))
        try #require(old.count > 2048, "the card is too small for a one-block file size limit to cut it")

        // A file size limit of one block: the new card does not fit. The old card stays whole, the rider is told
        // why in the language asked for, and nothing is left beside it.
        for (language, words) in [("en", ["cannot write year.svg", "File too large", "year.svg is left as it was"]),
                                  ("uk", ["не вдалося записати year.svg", "файл завеликий (errno 27)", "лишився як був"])] {
            let cut = try Self.cli(daemon, ["--lang", language, "stats", "--year", year, "--svg", "year.svg"],
                                   prelude: "ulimit -f 1;", in: cards)
            #expect(cut.status == 66, "exit \(cut.status): \(cut.stderr)")
            for word in words { #expect(cut.stderr.contains(word), "\(cut.stderr)") }
            #expect(try Data(contentsOf: card) == old, "the old card was changed")
            #expect(try Self.others(in: cards, than: ["year.svg"]).isEmpty)
        }

        // A directory in the way is not replaced either, and is named as the problem.
        let inTheWay = try Self.cli(daemon, ["--lang", "uk", "stats", "--year", year, "--svg", "cards"], in: daemon.directory)
        #expect(inTheWay.status == 66 && inTheWay.stderr.contains("не вдалося записати cards: це каталог (errno 21)"), "\(inTheWay.stderr)")
        #expect(try Data(contentsOf: card) == old)
        #expect(try Self.others(in: cards, than: ["year.svg"]).isEmpty)

        // Written whole, the new card replaces the old one (same contents here: the journal has not changed).
        let again = try Self.cli(daemon, ["stats", "--year", year, "--svg", "year.svg"], in: cards)
        #expect(again.status == 0 && again.stdout.contains("the \(year) card is written to year.svg"), "\(again)")
        #expect(try Data(contentsOf: card) == old)
    }

    @Test func aDashWritesTheCardToStandardOutput() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let here = daemon.directory.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        let dash = try Self.cli(daemon, ["stats", "--year", "2026", "--svg", "-"], in: here)
        #expect(dash.status == 0, "\(dash.stderr)")
        #expect(dash.stdout.hasPrefix("<?xml") && dash.stdout.contains("<svg") && dash.stdout.hasSuffix("</svg>\n"), "\(dash.stdout.prefix(200))")
        #expect(try Self.others(in: here, than: []).isEmpty, "a file was written")
        // Two documents cannot share standard output: refused before the daemon is asked, in the asker's language.
        let both = try Self.cli(daemon, ["--lang", "uk", "stats", "--year", "2026", "--svg", "-", "--json"], in: here)
        #expect(both.status == 64 && both.stderr.contains("--svg - пише картку у стандартний вивід"), "\(both.stderr)")
    }
}
