// metrotimer-bench: measurements of the system layer and of the running daemon, release build. Figures are
// reported (human lines, then one `BENCH name key=value…` line for scripts), never asserted.
//
//   metrotimer-bench alert-lateness [--samples N] [--load]
//   metrotimer-bench idle-wakeups [--seconds S] [--trip-seconds S] [--control-seconds S]
//   metrotimer-bench rss
//   metrotimer-bench startup [--runs N]
//   metrotimer-bench year-flood [--trips N]
//
// The daemon benchmarks start the metrotimerd and metrotimer built next to this program.
import Glibc

let usageText = """
    usage: metrotimer-bench alert-lateness [--samples N] [--load]
           metrotimer-bench idle-wakeups [--seconds S] [--trip-seconds S] [--control-seconds S]
           metrotimer-bench rss
           metrotimer-bench startup [--runs N]
           metrotimer-bench year-flood [--trips N]

    """

func usage() -> Never {
    _ = usageText.withCString { Glibc.write(2, $0, strlen($0)) }
    exit(2)
}

/// The options after the subcommand: `--flag` alone, or `--name value`.
struct Options {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(_ arguments: ArraySlice<String>, valued: Set<String>, flags allowed: Set<String>) {
        var rest = arguments
        while let argument = rest.popFirst() {
            if allowed.contains(argument) {
                flags.insert(argument)
            } else if valued.contains(argument), let value = rest.popFirst() {
                values[argument] = value
            } else {
                usage()
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func positive(_ name: String, default fallback: Double) -> Double {
        guard let text = values[name] else { return fallback }
        guard let value = Double(text), value > 0 else { usage() }
        return value
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { usage() }
if command == "--help" || command == "-h" {
    print(usageText, terminator: "")
    exit(0)
}
let rest = arguments.dropFirst()

// A dead control-socket peer must not kill the bench.
signal(SIGPIPE, SIG_IGN)

do {
    switch command {
    case "alert-lateness":
        let options = Options(rest, valued: ["--samples"], flags: ["--load"])
        try AlertLatenessBenchmark(samples: Int(options.positive("--samples", default: 200)), loaded: options.has("--load")).run()
    case "idle-wakeups":
        let options = Options(rest, valued: ["--seconds", "--trip-seconds", "--control-seconds"], flags: [])
        let idle = options.positive("--seconds", default: 60)
        try IdleWakeupsBenchmark(idleSeconds: idle, tripSeconds: options.positive("--trip-seconds", default: idle),
                                 controlSeconds: options.positive("--control-seconds", default: 10)).run()
    case "rss":
        _ = Options(rest, valued: [], flags: [])
        try MemoryBenchmark().run()
    case "startup":
        let options = Options(rest, valued: ["--runs"], flags: [])
        try StartupBenchmark(runs: Int(options.positive("--runs", default: 10))).run()
    case "year-flood":
        let options = Options(rest, valued: ["--trips"], flags: [])
        try YearFloodBenchmark(trips: Int(options.positive("--trips", default: 10_000))).run()
    default:
        usage()
    }
} catch {
    _ = "metrotimer-bench: \(error)\n".withCString { Glibc.write(2, $0, strlen($0)) }
    exit(1)
}
