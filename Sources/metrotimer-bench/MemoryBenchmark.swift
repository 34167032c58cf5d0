/// The daemon's memory: resident set (VmRSS), its peak (VmHWM) and its anonymous part (RssAnon, the memory that
/// is the daemon's own rather than shared library pages) once ready and idle, then during a ride.
struct MemoryBenchmark {
    func run() throws {
        let daemon = try BenchDaemon()
        defer {
            _ = try? daemon.stop()
            daemon.remove()
        }
        try daemon.start()
        _ = daemon.notify.listen(seconds: 1)
        let idle = try ProcessFigures.read(pid: daemon.pid)
        try daemon.cli(["route", "lisova", "teremky"])
        try daemon.cli(["start"])
        _ = try daemon.status()
        _ = daemon.notify.listen(seconds: 1)
        let riding = try ProcessFigures.read(pid: daemon.pid)

        let ratio = idle.residentKiB > 0 ? Double(riding.residentKiB) / Double(idle.residentKiB) : 0
        print("memory of metrotimerd (release build, simulated board)")
        print("  state        VmRSS KiB   VmHWM KiB  RssAnon KiB  threads")
        for (name, figures) in [("idle", idle), ("riding", riding)] {
            print("  " + name.padding(8) + "\(figures.residentKiB)".padded(12) + "\(figures.peakResidentKiB)".padded(12)
                + "\(figures.anonymousKiB)".padded(13) + "\(figures.threads)".padded(9))
        }
        print("  ratio riding/idle VmRSS: \(format(ratio, decimals: 2))")
        print("BENCH rss idle_rss_kib=\(idle.residentKiB) idle_hwm_kib=\(idle.peakResidentKiB)"
            + " ride_rss_kib=\(riding.residentKiB) ride_hwm_kib=\(riding.peakResidentKiB)"
            + " idle_anon_kib=\(idle.anonymousKiB) ride_anon_kib=\(riding.anonymousKiB) ratio_ride_idle=\(format(ratio, decimals: 3))")
    }
}
