import Glibc

/// How often `metrotimerd` wakes when nothing happens: its context switches (all threads) over an idle window,
/// then over a window of a ride whose first alert is far away. Each voluntary switch is the daemon going back to
/// sleep, so it counts wake-ups; an event-driven daemon should show none in either window.
struct IdleWakeupsBenchmark {
    /// Length of the idle window (no route, no trip).
    let idleSeconds: Double
    /// Length of the riding window.
    let tripSeconds: Double
    /// Length of the control window (a daemon pinging a watchdog every second).
    let controlSeconds: Double
    /// A long ride on one line, so the first alert (one stop before the end) is some 30 minutes away.
    static let route = ("akademmistechko", "lisova")
    /// Time allowed after start-up and after each request for the daemon to settle before a window opens.
    static let settleSeconds = 2.0

    func run() throws {
        let daemon = try BenchDaemon()
        defer {
            _ = try? daemon.stop()
            daemon.remove()
        }
        try daemon.start()
        _ = daemon.notify.listen(seconds: Self.settleSeconds)
        let idle = try measure(daemon, seconds: idleSeconds)

        try daemon.cli(["route", Self.route.0, Self.route.1])
        try daemon.cli(["start"])
        let status = try daemon.status()
        guard let trip = status.trip, status.state == "riding" else { throw BenchError("the trip did not start: state \(status.state)") }
        _ = daemon.notify.listen(seconds: Self.settleSeconds)
        let riding = try measure(daemon, seconds: tripSeconds)
        let firstAlert = trip.alerts.map { secondsOfDay($0.due) }.min().map { ($0 - secondsOfDay(trip.t0) + 86_400) % 86_400 }

        try daemon.stop()

        // The control: the same measurement of a daemon asked for a 2 s watchdog (a ping every second) must see
        // about 60 wake-ups a minute, or the method is blind.
        let watched = try BenchDaemon()
        defer {
            _ = try? watched.stop()
            watched.remove()
        }
        try watched.start(watchdogMicroseconds: 2_000_000)
        _ = watched.notify.listen(seconds: Self.settleSeconds)
        let control = try measure(watched, seconds: controlSeconds)

        print("idle wake-ups of metrotimerd (simulated board, time scale 1, release build)")
        print("  window".padding(32) + WakeupWindow.header)
        print("  idle, no route".padding(32) + idle.row)
        print("  riding, first alert in \(firstAlert.map { "\($0 / 60) min" } ?? "?")".padding(32) + riding.row)
        print("  control: idle, watchdog 2 s".padding(32) + control.row)
        let ratio = idle.perMinute > 0 ? format(riding.perMinute / idle.perMinute, decimals: 2) : "n/a (idle 0)"
        print("  ratio riding/idle wake-ups: \(ratio); control pings \(control.notifications) in \(Int(controlSeconds)) s")
        if idle.voluntary == 0 {
            print("  idle: voluntary context switches did not grow over \(Int(idleSeconds)) s (the daemon never woke)")
        } else {
            print("  idle: voluntary context switches GREW by \(idle.voluntary) over \(Int(idleSeconds)) s")
        }
        print("BENCH idle-wakeups idle_seconds=\(Int(idleSeconds)) idle_voluntary=\(idle.voluntary)"
            + " idle_involuntary=\(idle.involuntary) idle_per_minute=\(format(idle.perMinute))"
            + " trip_seconds=\(Int(tripSeconds)) trip_voluntary=\(riding.voluntary) trip_involuntary=\(riding.involuntary)"
            + " trip_per_minute=\(format(riding.perMinute)) threads=\(riding.threads)"
            + " first_alert_s=\(firstAlert.map(String.init) ?? "none") idle_grew=\(idle.voluntary > 0 ? "yes" : "no")"
            + " control_seconds=\(Int(controlSeconds)) control_voluntary=\(control.voluntary)"
            + " control_per_minute=\(format(control.perMinute)) control_pings=\(control.notifications)")
    }

    /// Context switches and notify datagrams over a window of `seconds`; the bench waits in `poll` on the notify
    /// socket, so anything the daemon says during the window is counted too.
    private func measure(_ daemon: BenchDaemon, seconds: Double) throws -> WakeupWindow {
        let before = try ProcessFigures.read(pid: daemon.pid)
        let messages = daemon.notify.listen(seconds: seconds)
        let after = try ProcessFigures.read(pid: daemon.pid)
        return WakeupWindow(seconds: seconds, voluntary: after.voluntarySwitches - before.voluntarySwitches,
                            involuntary: after.involuntarySwitches - before.involuntarySwitches,
                            threads: after.threads, notifications: messages.count)
    }

    /// "2026-08-17T08:42:15.250+03:00" → seconds since local midnight.
    private func secondsOfDay(_ iso: String) -> Int {
        guard let time = iso.split(separator: "T").last else { return 0 }
        let parts = time.prefix(8).split(separator: ":").compactMap { Int($0) }
        return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : 0
    }
}

/// One measurement window of `IdleWakeupsBenchmark`.
struct WakeupWindow {
    let seconds: Double
    let voluntary: Int
    let involuntary: Int
    let threads: Int
    let notifications: Int

    /// Voluntary switches per minute: each is one sleep, so one wake-up (involuntary ones happen only while awake).
    var perMinute: Double { seconds > 0 ? Double(voluntary) * 60 / seconds : 0 }

    /// Column titles matching `row`.
    static let header = "seconds".padded(7) + "voluntary".padded(11) + "involuntary".padded(13) + "wake-ups/min".padded(14)
        + "threads".padded(9) + "notify msgs".padded(13)

    /// The window's figures in columns.
    var row: String {
        [format(seconds, decimals: 0).padded(7), "\(voluntary)".padded(11), "\(involuntary)".padded(13),
         format(perMinute).padded(14), "\(threads)".padded(9), "\(notifications)".padded(13)].joined()
    }
}

/// `value` rounded to `decimals` places.
func format(_ value: Double, decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return decimals == 0 ? "\(Int(rounded))" : "\(rounded)"
}

extension String {
    /// Right-aligned in `width` columns.
    func padded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    /// Left-aligned in `width` columns.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
