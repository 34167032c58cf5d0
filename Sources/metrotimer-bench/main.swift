// metrotimer-bench: measurements of the system layer, release build.
//
//   metrotimer-bench alert-lateness [--samples N] [--load]
//
// How late an absolute timerfd alarm is delivered through the EventLoop, against a DispatchSourceTimer
// baseline measured in the same run.
import Glibc
import MetroSystem

let arguments = Array(CommandLine.arguments.dropFirst())

func usage() -> Never {
    let text = "usage: metrotimer-bench alert-lateness [--samples N] [--load]\n"
    _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    exit(2)
}

guard arguments.first == "alert-lateness" else { usage() }
var samples = 200
var loaded = false
var index = 1
while index < arguments.count {
    switch arguments[index] {
    case "--samples":
        index += 1
        guard index < arguments.count, let count = Int(arguments[index]), count > 0 else { usage() }
        samples = count
    case "--load":
        loaded = true
    default:
        usage()
    }
    index += 1
}

do {
    try AlertLatenessBenchmark(samples: samples, loaded: loaded).run()
} catch {
    _ = "metrotimer-bench: \(error)\n".withCString { Glibc.write(2, $0, strlen($0)) }
    exit(1)
}
