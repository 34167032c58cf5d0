import Foundation
import MetroGTFS
import MetroGTFSFiles
import MetroModel

/// `metrotimer-lab truth --feed FEED [--doc FILE]`: the feed's own trips as the truth (`ScheduleTruth`): the feed
/// is imported as `metrotimer import-gtfs` would, then every trip judged against the model on that network. With
/// `--doc`, the table replaces what stands between `<!-- truth begin -->` and `<!-- truth end -->` in the file.
enum TruthCommand {
    static func main(_ args: [String]) throws {
        guard let feed = try LabCommand.value(args, "--feed") else { throw LabCommand.UsageError(description: "truth needs --feed FEED") }
        let imported = try importFeed(feed)
        let truth: ScheduleTruth
        do {
            truth = try ScheduleTruth.judge(source: try FeedSource.open(path: feed), file: imported.file)
        } catch let error as FeedError {
            throw LabCommand.UsageError(description: "\(feed): \(error)")
        }
        let summary = imported.summary
        let title = "**\(summary.agency)**, feed valid \(summary.validFrom.isoText) to \(summary.validTo.isoText): every trip, from every station it calls at to every later one (\(summary.tripsUsed) trips)."
        let table = truth.markdown(title: title)
        print(table)
        if let doc = try LabCommand.value(args, "--doc") { try replaceSection("truth", in: doc, with: table) }
    }

    /// The feed imported as `metrotimer import-gtfs` imports it, or the refusal naming the feed.
    static func importFeed(_ feed: String) throws -> ImportResult {
        let source: FeedSource
        do { source = try FeedSource.open(path: feed) } catch { throw LabCommand.UsageError(description: error.description) }
        do {
            return try FeedImport.run(source: source, options: ImportOptions(), imported: ServiceDate(year: 2026, month: 1, day: 1))
        } catch {
            throw LabCommand.UsageError(description: "\(feed): \(error)")
        }
    }

    /// Replaces what stands between `<!-- NAME begin -->` and `<!-- NAME end -->` in `doc` with `text`.
    static func replaceSection(_ name: String, in doc: String, with text: String) throws {
        let content = try String(contentsOfFile: doc, encoding: .utf8)
        guard let begin = content.range(of: "<!-- \(name) begin -->\n"),
              let end = content.range(of: "<!-- \(name) end -->", range: begin.upperBound..<content.endIndex) else {
            throw LabCommand.UsageError(description: "\(doc) has no <!-- \(name) begin --> … <!-- \(name) end --> section")
        }
        try (String(content[..<begin.upperBound]) + text + "\n" + String(content[end.lowerBound...]))
            .write(toFile: doc, atomically: true, encoding: .utf8)
    }
}
