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
        let source: FeedSource
        do { source = try FeedSource.open(path: feed) } catch { throw LabCommand.UsageError(description: error.description) }
        let imported: ImportResult
        let truth: ScheduleTruth
        do {
            imported = try FeedImport.run(source: source, options: ImportOptions(), imported: ServiceDate(year: 2026, month: 1, day: 1))
            truth = try ScheduleTruth.judge(source: try FeedSource.open(path: feed), file: imported.file)
        } catch let error as FeedError {
            throw LabCommand.UsageError(description: "\(feed): \(error)")
        }
        let summary = imported.summary
        let title = "**\(summary.agency)**, feed valid \(summary.validFrom.isoText) to \(summary.validTo.isoText): every trip, from every station it calls at to every later one (\(summary.tripsUsed) trips)."
        let table = truth.markdown(title: title)
        print(table)
        guard let doc = try LabCommand.value(args, "--doc") else { return }
        let text = try String(contentsOfFile: doc, encoding: .utf8)
        guard let begin = text.range(of: "<!-- truth begin -->\n"), let end = text.range(of: "<!-- truth end -->", range: begin.upperBound..<text.endIndex) else {
            throw LabCommand.UsageError(description: "\(doc) has no <!-- truth begin --> … <!-- truth end --> section")
        }
        try (String(text[..<begin.upperBound]) + table + "\n" + String(text[end.lowerBound...])).write(toFile: doc, atomically: true, encoding: .utf8)
    }
}
