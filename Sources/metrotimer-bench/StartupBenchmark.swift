/// Start-up to ready: from just before `posix_spawn` of `metrotimerd` to the receipt of its `READY=1` on the
/// notify socket — data loaded, store opened, hardware claimed, control socket listening. The first run creates
/// the state database; the others reopen it, as every boot after the first does.
struct StartupBenchmark {
    let runs: Int

    func run() throws {
        let daemon = try BenchDaemon()
        defer {
            _ = try? daemon.stop()
            daemon.remove()
        }
        let cold = try daemon.start()
        try daemon.stop()
        var warm: [Int64] = []
        for _ in 0..<runs {
            warm.append(try daemon.start())
            try daemon.stop()
        }
        warm.sort()
        let milliseconds = { (nanoseconds: Int64) in Double(nanoseconds) / 1e6 }
        let median = milliseconds(warm[warm.count / 2])
        print("start-up to READY=1 of metrotimerd (release build, simulated board), \(runs) warm runs (ms)")
        print("  first start (creates the database) \(format(milliseconds(cold)))")
        print("  warm: min \(format(milliseconds(warm.first!)))  median \(format(median))  max \(format(milliseconds(warm.last!)))")
        print("  ratio first/median: \(format(milliseconds(cold) / median, decimals: 2))")
        print("BENCH startup runs=\(runs) cold_ms=\(format(milliseconds(cold), decimals: 2))"
            + " median_ms=\(format(median, decimals: 2)) min_ms=\(format(milliseconds(warm.first!), decimals: 2))"
            + " max_ms=\(format(milliseconds(warm.last!), decimals: 2))")
    }
}
