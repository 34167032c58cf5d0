import Foundation
import MetroModel

/// `metrotimer-lab motion-check FILE`: the model's stop detector over a recorded ride (`metrotimer record-motion
/// export`: "seconds x y z" lines, `# stop SECONDS` lines for the rider's presses at stations), its stops scored
/// against the rider's: a hit is a detected stop within the tolerance of a press, a miss a press with none, a false
/// stop a detected one with no press near (a stop at a signal counts here too: the rider pressed only at stations).
/// The samples are handed over a second at a time, as the daemon's wake-ups hand them.
public enum MotionCheckCommand {
    /// A recorded ride read back.
    public struct Recording: Sendable {
        public var samples: [AccelerationSample] = []
        /// The rider's presses at stations, seconds after the recording's start.
        public var stops: [Double] = []
    }

    /// How the detector did on one recording.
    public struct Check: Sendable, Equatable {
        public var seconds = 0.0
        public var labelledStops = 0
        public var hits = 0
        public var misses: [Double] = []
        public var falseStops: [Double] = []
        public var departures = 0
        public var walks = 0
        /// Each hit's detected stop − the press, seconds.
        public var offsets: [Double] = []

        public var report: String {
            func list(_ values: [Double]) -> String {
                values.isEmpty ? "" : " (at " + values.map { String(format: "%.1f s", $0) }.joined(separator: ", ") + ")"
            }
            let median = offsets.sorted().dropFirst(offsets.count / 2).first.map { String(format: "%+.1f s", $0) } ?? "—"
            return """
                recording: \(String(format: "%.0f", seconds)) s, \(labelledStops) stops pressed
                hits: \(hits) (detected stop − press, median \(median))
                misses: \(misses.count)\(list(misses))
                false stops: \(falseStops.count)\(list(falseStops))
                departures detected: \(departures), walks: \(walks)

                """
        }
    }

    /// Where the recording's time 0 is put on the detector's timeline (any instant: only differences count).
    static let origin = Instant(nanoseconds: 1_000_000_000_000)

    static func main(_ args: [String]) throws {
        guard let file = args.first, !file.hasPrefix("--") else {
            throw LabCommand.UsageError(description: "motion-check takes one recording (metrotimer record-motion export)\n\(LabCommand.usage)")
        }
        let options = Array(args.dropFirst())
        try LabCommand.checkOptions(options, allowed: ["--tolerance"])
        let tolerance = Double(try LabCommand.number(options, "--tolerance", default: Int(MotionDetection.tolerance)))
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw LabCommand.UsageError(description: "cannot read \(file): \(error.localizedDescription)")
        }
        print(check(try parse(text), tolerance: tolerance).report, terminator: "")
    }

    /// Reads an export; a line that is neither a comment nor four numbers is named.
    public static func parse(_ text: String) throws -> Recording {
        var recording = Recording()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let words = line.dropFirst().split(separator: " ")
                if words.count == 2, words[0] == "stop" {
                    guard let seconds = Double(words[1]) else {
                        throw LabCommand.UsageError(description: "line \(index + 1): a stop needs its seconds: \(line)")
                    }
                    recording.stops.append(seconds)
                }
                continue
            }
            let values = line.split(separator: " ").compactMap { Double($0) }
            guard values.count == 4, line.split(separator: " ").count == 4, values.allSatisfy(\.isFinite), abs(values[0]) < 1e8 else {
                throw LabCommand.UsageError(description: "line \(index + 1): expected \"seconds x y z\": \(line.prefix(60))")
            }
            recording.samples.append(AccelerationSample(at: Instant(nanoseconds: origin.nanoseconds + Int64((values[0] * 1e9).rounded())), x: values[1], y: values[2], z: values[3]))
        }
        return recording
    }

    /// The detector over the recording, a second's samples at a time, scored against its presses.
    public static func check(_ recording: Recording, tolerance: Double = MotionDetection.tolerance) -> Check {
        var detector = StopDetector()
        var events: [MotionEvent] = []
        var batch: [AccelerationSample] = []
        for sample in recording.samples {
            if let first = batch.first, sample.at - first.at >= 1_000_000_000 {
                events += detector.take(batch)
                batch = []
            }
            batch.append(sample)
        }
        if !batch.isEmpty { events += detector.take(batch) }
        func seconds(_ instant: Instant) -> Double { Double(instant - origin) / 1e9 }
        var found: [Double] = []
        var check = Check()
        for event in events {
            switch event {
            case .stop(let at, _): found.append(seconds(at))
            case .departure(_, true): check.departures += 1
            case .walk: check.walks += 1
            case .departure, .gap: break
            }
        }
        check.seconds = recording.samples.last.map { seconds($0.at) } ?? 0
        check.labelledStops = recording.stops.count
        for press in recording.stops {
            if let nearest = found.min(by: { abs($0 - press) < abs($1 - press) }), abs(nearest - press) <= tolerance {
                check.hits += 1
                check.offsets.append(nearest - press)
            } else {
                check.misses.append(press)
            }
        }
        check.falseStops = found.filter { stop in !recording.stops.contains { abs($0 - stop) <= tolerance } }
        return check
    }
}
