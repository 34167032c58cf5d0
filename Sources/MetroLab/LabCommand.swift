import Foundation
import MetroModel

/// The `metrotimer-lab` command line.
public enum LabCommand {
    static let usage = """
        usage: metrotimer-lab [run] [--data DIR] [--seed N] [--rides N] [--correcting-rides N] [--motion-rides N] [--stride N]
                              [--doc FILE] [--pictures DIR] [--section current|before]
               metrotimer-lab replay [--data DIR] JOURNAL.json
               metrotimer-lab truth --feed FEED [--doc FILE]
               metrotimer-lab world --feed FEED [--every N] [--rides N] [--seed N] [--data DIR] [--open-sky FILE]
                                    [--doc FILE]
               metrotimer-lab motion-trace --from STATION --to STATION --trace FILE --truth FILE [--data DIR]
                                           [--seed N] [--scale N] [--unix SECONDS]
               metrotimer-lab motion-check RECORDING [--tolerance SECONDS]

        run     draws the corpus (all 2 652 ordered pairs × 5 times of day × 2 headway readings), prints the figures,
                and with --doc rewrites that section of the Markdown file (and the SVG pictures beside it)
        replay  re-runs the rides of a journal (`metrotimer journal --json`) through the current model
        truth   imports a GTFS feed and judges the model against every one of its trips (docs/accuracy.md)
        world   rides the feed's trips through the engine on the imported network, with the world's noise
        motion-trace  one true ride with a change as the accelerometer rig plays it, and its truth (Tests/motion-sim)
        motion-check  the stop detector over a recorded ride (metrotimer record-motion export): hits, misses and
                      false stops against the rider's presses

        """

    public static func main(_ arguments: [String]) {
        do {
            var args = arguments
            let command = args.first.map { ["run", "replay", "truth", "world", "motion-trace", "motion-check"].contains($0) ? $0 : "run" } ?? "run"
            if args.first == command { args.removeFirst() }
            if args.contains("--help") || args.contains("-h") { print(usage, terminator: ""); return }
            switch command {
            case "replay": try Replay.main(args)
            case "truth": try TruthCommand.main(args)
            case "world": try FeedWorldCommand.main(args)
            case "motion-trace": try MotionTraceCommand.main(args)
            case "motion-check": try MotionCheckCommand.main(args)
            default: try runCorpus(args)
            }
        } catch {
            FileHandle.standardError.write(Data("metrotimer-lab: \(error)\n".utf8))
            exit(64)
        }
    }

    /// A command-line mistake, named.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func value(_ args: [String], _ name: String) throws -> String? {
        guard let i = args.firstIndex(of: name) else { return nil }
        guard i + 1 < args.count else { throw UsageError(description: "\(name) needs a value") }
        return args[i + 1]
    }

    static func number(_ args: [String], _ name: String, default d: Int) throws -> Int {
        guard let text = try value(args, name) else { return d }
        guard let n = Int(text), n > 0 else { throw UsageError(description: "\(name) must be a whole number above 0 (got '\(text)')") }
        return n
    }

    static func checkOptions(_ args: [String], allowed: Set<String>) throws {
        var i = 0
        while i < args.count {
            guard allowed.contains(args[i]) else { throw UsageError(description: "unknown argument '\(args[i])'\n\(usage)") }
            i += 2
        }
    }

    /// The network and the two worlds from a data directory.
    public static func worlds(dataDirectory: String) throws -> [World] {
        let network = try Network.load(json: Array(Data(contentsOf: URL(fileURLWithPath: dataDirectory + "/kyiv-metro.json"))))
        let samples = try OfficialSamples.load(path: dataDirectory + "/reference/kyiv-metro-reference.json")
        let assumptions = try WorldAssumptions.load(path: dataDirectory + "/accuracy-world.json")
        return HeadwayReading.allCases.map {
            World(network: network, samples: samples, assumptions: assumptions, headwayReading: $0)
        }
    }

    static func runCorpus(_ args: [String]) throws {
        try checkOptions(args, allowed: ["--data", "--seed", "--rides", "--correcting-rides", "--motion-rides", "--stride", "--doc",
                                         "--pictures", "--section"])
        let data = try value(args, "--data") ?? "Data"
        let section = try value(args, "--section") ?? "current"
        guard ["current", "before"].contains(section) else {
            throw UsageError(description: "--section is 'current' or 'before' (got '\(section)')")
        }
        let plan = CorpusPlan(seed: UInt64(try number(args, "--seed", default: 20_260_915)),
                              startOnlyRides: try number(args, "--rides", default: 40),
                              correctingRides: try number(args, "--correcting-rides", default: 8),
                              pairStride: try number(args, "--stride", default: 1),
                              motionRides: try number(args, "--motion-rides", default: 2))
        let corpus = Corpus(worlds: try worlds(dataDirectory: data), plan: plan)
        let started = DispatchTime.now().uptimeNanoseconds
        let figures = corpus.run()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rides = figures.tallies.filter { $0.key.kind != .surface }.values.reduce(0) { $0 + $1.rides }
        print("\(figures.pairs) pairs, \(rides) rides in \(String(format: "%.1f", elapsed)) s (seed \(plan.seed))\n")
        print(FigureTable.beforeAndAfter(figures))
        print(FigureTable.summary(figures))
        print("What GPS teaches calibration:\n")
        print(FigureTable.calibration(figures))
        print("What the stop detector found:\n")
        print(FigureTable.motion(figures))
        print(FigureTable.bySlot(figures))
        if let doc = try value(args, "--doc") {
            let pictures = try value(args, "--pictures") ?? URL(fileURLWithPath: doc).deletingLastPathComponent().path
            try AccuracyReport.write(figures, plan: plan, section: section, doc: doc, pictures: pictures)
            print("wrote the \(section) figures into \(doc)")
        }
    }
}
