import Foundation
import Glibc
import Testing

/// The `metrotimer` commands that talk to the daemon, run for real against a real daemon.
@Suite(.serialized) struct CLIClientTests {
    /// ISO 8601, Kyiv local time, milliseconds and offset: `2026-08-17T22:41:15.250+03:00`.
    func isTimestamp(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}/) != nil
    }

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func statusTextAndTheJSONContract() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let idle = try daemon.cli(["status"])
        #expect(idle.status == 0)
        #expect(idle.stdout.contains("Idle. No route chosen"), "\(idle.stdout)")
        let idleJSON = try #require(try json(try daemon.cli(["status", "--json"]).stdout) as? [String: Any])
        #expect(idleJSON["state"] as? String == "idle")
        #expect(idleJSON["route"] is NSNull && idleJSON["trip"] is NSNull)
        #expect(["boottime_alarm", "boottime"].contains(idleJSON["clock"] as? String ?? ""))
        #expect(idleJSON["hardware"] as? String == "simulated")

        #expect(try daemon.cli(["route", "lukianivska", "vokzalna"]).status == 0)
        let chosen = try daemon.cli(["route", "--json"])
        #expect(try json(chosen.stdout) as? [String: String] == ["from": "lukianivska", "to": "vokzalna"])
        #expect(try daemon.cli(["start"]).status == 0)

        let text = try daemon.cli(["status", "--lang", "en"])
        #expect(text.stdout.contains("Riding: Lukianivska → Vokzalna"), "\(text.stdout)")
        #expect(text.stdout.contains("Arrival: "))
        #expect(text.stdout.contains("reminder: press as your train pulls out"), "the change's reminder is named: \(text.stdout)")
        #expect(text.stdout.components(separatedBy: "get off now").count == 2, "only the arrival reads 'get off now'")
        #expect(!text.stdout.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "Cyrillic in English output")

        let status = try #require(try json(try daemon.cli(["status", "--json"]).stdout) as? [String: Any])
        #expect(status["state"] as? String == "riding")
        #expect(status["route"] as? [String: String] == ["from": "lukianivska", "to": "vokzalna"])
        let trip = try #require(status["trip"] as? [String: Any])
        #expect(isTimestamp(trip["t0"]) && isTimestamp(trip["arrival"]))
        #expect(trip["stops_remaining"] is Int && trip["next_stop"] is String && trip["changing_lines"] is Bool)
        for key in ["manual_corrections", "late_corrections", "gps_corrections"] { #expect(trip[key] as? Int == 0, "\(key)") }
        let events = try #require(trip["events"] as? [[String: Any]])
        #expect(events.first?["station"] as? String == "lukianivska" && events.last?["station"] as? String == "vokzalna")
        #expect(events.contains { $0["transfer"] as? Bool == true }, "lukianivska → vokzalna changes lines")
        for event in events {
            #expect(event["station"] is String && isTimestamp(event["arrival"]) && isTimestamp(event["departure"]))
            #expect(event["stop"] is Bool && event["transfer"] is Bool)
        }
        let alerts = try #require(trip["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["kind"] as? String ?? "" } == ["transfer", "train_departed_reminder", "next_stop", "arrival"])
        for alert in alerts {
            #expect(alert["station"] is String && isTimestamp(alert["due"]))
            #expect(alert.keys.contains("fired"))
            #expect(alert["fired"] is NSNull || isTimestamp(alert["fired"]))
        }
    }

    @Test func journalStatsRoutesPinsAndCalibration() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["journal"]).stdout.contains("no trips yet"))
        #expect(try daemon.cli(["journal", "--json"]).stdout == "[]\n")

        #expect(try daemon.cli(["route", "lisova", "darnytsia"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        #expect(try daemon.cli(["cancel"]).status == 0)
        #expect(try daemon.cli(["route", "syrets", "lukianivska"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        #expect(try daemon.cli(["minus"]).status == 0)
        #expect(try daemon.cli(["arrived"]).status == 0)

        let journal = try daemon.journal()
        #expect(journal.count == 2)
        let contract = ["id", "t0", "from", "to", "planned_s", "final_s", "confirmed_s", "outcome", "manual_corrections",
                        "late_corrections", "gps_corrections", "transfers"]
        for entry in journal { #expect(Set(contract).isSubset(of: Set(entry.keys)), "\(entry.keys.sorted())") }
        #expect(journal.map { $0["outcome"] as? String ?? "" } == ["arrived", "stopped"], "newest first")
        #expect((journal[0]["id"] as? Int ?? 0) > (journal[1]["id"] as? Int ?? 0))
        #expect(journal[0]["from"] as? String == "syrets" && journal[0]["manual_corrections"] as? Int == 1)
        #expect(journal[0]["confirmed_s"] is Int)
        #expect(journal[1]["confirmed_s"] is NSNull)
        #expect(isTimestamp(journal[0]["t0"]))
        let text = try daemon.cli(["journal"]).stdout
        #expect(text.contains("Syrets → Lukianivska") && text.contains("stopped"), "\(text)")
        let limited = try #require(try json(try daemon.cli(["journal", "--json", "--limit", "1"]).stdout) as? [Any])
        #expect(limited.count == 1)

        let stats = try daemon.cli(["stats"])
        #expect(stats.status == 0)
        // The arrived ride was confirmed within a second of its start: a mistaken press, set aside and counted,
        // and measuring nothing.
        #expect(stats.stdout.contains("trips: 2, measured (confirmed arrivals): 0"), "\(stats.stdout)")
        let statsJSON = try #require(try json(try daemon.cli(["stats", "--json"]).stdout) as? [String: Any])
        #expect(statsJSON["trips"] as? Int == 2 && statsJSON["measured_trips"] as? Int == 0)
        #expect(journal[0].keys.contains("next_stop_s"))
        let accuracy = try #require(statsJSON["accuracy"] as? [String: Any])
        #expect(accuracy["set_aside_total"] as? Int == 1 && (accuracy["set_aside"] as? [String: Int])?["too_early"] == 1)
        #expect((accuracy["all"] as? [String: Any])?["rides"] as? Int == 0)
        #expect(stats.stdout.contains("mistaken \"I'm off\" presses set aside: 1 (1 before half the ride"), "\(stats.stdout)")
        let ukrainian = try daemon.cli(["stats", "--lang", "uk"]).stdout
        #expect(ukrainian.contains("поїздок: 2, виміряних (підтверджене прибуття): 0"), "\(ukrainian)")
        #expect(ukrainian.contains("відкладено помилкових «я вийшов»: 1"), "\(ukrainian)")
        #expect(!ukrainian.contains("trips:") && !ukrainian.contains("set aside"), "English in the Ukrainian stats: \(ukrainian)")

        // Routes: the chosen one, recents (newest first), pins capped at six.
        let routes = try #require(try json(try daemon.cli(["routes", "--json"]).stdout) as? [String: Any])
        #expect((routes["selected"] as? [String: String])?["from"] == "syrets")
        #expect((routes["recents"] as? [[String: String]])?.map { $0["from"] ?? "" } == ["syrets", "lisova"])
        let pins = [("lisova", "darnytsia"), ("syrets", "dorohozhychi"), ("teremky", "ipodrom"), ("heroiv-dnipra", "obolon"),
                    ("akademmistechko", "nyvky"), ("chervonyi-khutir", "boryspilska"), ("vydubychi", "slavutych")]
        for (from, to) in pins {
            let r = try daemon.cli(["pin", from, to])
            #expect(r.status == 0, "pin \(from) \(to): \(r.stderr)")
        }
        var pinned = try #require((try json(try daemon.cli(["routes", "--json"]).stdout) as? [String: Any])?["pinned"] as? [[String: String]])
        #expect(pinned.count == 6)
        #expect(pinned.first?["from"] == "vydubychi", "newest first")
        #expect(!pinned.contains { $0["from"] == "lisova" }, "the oldest pin is dropped")
        // Pinning a pinned route again keeps it pinned (it is not a toggle on the command line).
        #expect(try daemon.cli(["pin", "teremky", "ipodrom"]).status == 0)
        let unpin = try daemon.cli(["unpin", "teremky", "ipodrom"])
        #expect(unpin.status == 0)
        #expect(unpin.stdout.contains("pinned:"))
        #expect(!unpin.stdout.contains("teremky → ipodrom"), "\(unpin.stdout)")
        pinned = try #require((try json(try daemon.cli(["routes", "--json"]).stdout) as? [String: Any])?["pinned"] as? [[String: String]])
        #expect(pinned.count == 5)
        let routesText = try daemon.cli(["routes"]).stdout
        #expect(routesText.contains("chosen: Syrets → Lukianivska") && routesText.contains("1. Vydubychi → Slavutych"), "\(routesText)")

        // Calibration: nothing measured yet.
        let calibration = try daemon.cli(["calibration", "--json"])
        #expect(calibration.status == 0)
        #expect(try json(calibration.stdout) as? [String: [String]] == ["segments": []])
        #expect(try daemon.cli(["calibration"]).stdout.contains("no calibration yet"))
    }

    @Test func pressIsAcceptedOnTheSimulatedBoardAndStartsTheTrip() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["route", "lisova", "darnytsia"]).status == 0)
        let press = try daemon.cli(["press", "--hold", "120"])
        #expect(press.status == 0, "\(press.stderr)")
        #expect(daemon.waitForLog("button 1 pressed (simulated, held 120 ms)"))
        #expect(try eventually { try daemon.status()["state"] as? String == "riding" })
        let noSecond = try daemon.cli(["press", "--button", "2"])
        #expect(noSecond.status == 1)
        #expect(noSecond.stderr.contains("no second button"), "\(noSecond.stderr)")
    }

    @Test func engineRefusalsAreOneLine() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        for arguments in [["start"], ["plus"], ["arrived"], ["route", "lisova", "atlantis"]] {
            let r = try daemon.cli(arguments)
            #expect(r.status != 0 && r.status != 64, "\(arguments): \(r.status)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
            #expect(r.stderr.hasPrefix("metrotimer \(arguments[0]): "), "\(r.stderr)")
        }
    }

    static let badArguments: [[String]] = [
        ["route", "lisova"], ["route", "a", "b", "c"], ["status", "now"], ["status", "--bogus"], ["start", "--json=yes"],
        ["journal", "--limit", "0"], ["journal", "--limit", "many"], ["press", "--hold", "0"], ["press", "--button", "3"],
        ["pin", "lisova"], ["calibrate", "m1", "sideways", "lisova"], ["status", "--lang", "de"], ["frobnicate"], [],
        ["journal", "--limit"], ["journal", "all"], ["stats", "today"], ["routes", "lisova"], ["calibration", "m1"],
        ["calibrate", "--end", "now"], ["arrived", "now"],
        // Signs are no part of a time or a number.
        ["remind", "add", "--", "+1:+5", "lisova", "teremky"], ["remind", "add", "12:-0", "lisova", "teremky"],
        ["remind", "remove", "+1"], ["journal", "--limit", "+5"], ["press", "--hold", "+100"], ["stats", "--year", "+2026"],
        ["plan", "lisova", "teremky", "--at", "+026-08-17T08:00"],
    ]

    /// `--` ends the options before the command, as after it.
    @Test func aDoubleDashBeforeTheCommandEndsTheOptions() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        for arguments in [["--", "status"], ["--lang", "uk", "--", "status", "--json"]] {
            let r = try daemon.cli(arguments)
            #expect(r.status == 0 && !r.stdout.isEmpty, "\(arguments): \(r.status) \(r.stderr)")
        }
    }

    /// An argument longer than a request may be is refused here, in the rider's language, before anything is sent;
    /// the daemon never sees it, and the argument is not echoed back.
    @Test func anOverLongArgumentIsRefusedBeforeItIsSent() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let huge = String(repeating: "x", count: 100_000)
        let en = try daemon.cli(["route", huge, "lisova"])
        #expect(en.status == 64, "\(en.status)")
        #expect(en.stderr.contains("an argument is too long") && en.stderr.contains("nothing was sent"), "\(en.stderr.prefix(300))")
        #expect(en.stderr.count < 400, "the argument is not echoed back: \(en.stderr.count) characters")
        let uk = try daemon.cli(["--lang", "uk", "remind", "add", "07:40", "lisova", huge])
        #expect(uk.status == 64 && uk.stderr.contains("аргумент задовгий") && uk.stderr.contains("нічого не надіслано"),
                "\(uk.stderr.prefix(300))")
    }

    @Test(arguments: badArguments)
    func badArgumentsExit64WithOneLine(_ arguments: [String]) throws {
        // No daemon needed: arguments are checked before connecting (the socket does not exist).
        let r = try DaemonProcess.run(DaemonProcess.cliPath, ["--socket", "/nonexistent/control.sock"] + arguments)
        #expect(r.status == 64, "\(arguments): \(r.status) \(r.stderr)")
        if !arguments.isEmpty {
            #expect(r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
        }
        #expect(r.stdout.isEmpty)
    }
}
