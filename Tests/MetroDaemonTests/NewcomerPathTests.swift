import Foundation
import Glibc
import Testing

/// The newcomer's path through the command line against a real daemon: what `press` did, which timings `plan`
/// used, calibration from the command line, the changing-lines prompt and the alerts' clock.
@Suite(.serialized) struct NewcomerPathTests {
    /// `press` waits for the gesture's decision and says what it did, in either language.
    @Test func pressSaysWhatTheGestureDid() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let idle = try daemon.cli(["press", "--lang", "en"])
        #expect(idle.status == 0 && idle.stdout == "short press: nothing to do here: the 'cannot' buzz\n", "\(idle)")
        #expect(try daemon.cli(["route", "lisova", "darnytsia"]).status == 0)
        let started = try daemon.cli(["press", "--lang", "en"])
        #expect(started.status == 0 && started.stdout == "short press: trip started\n", "\(started)")
        #expect(try daemon.status()["state"] as? String == "riding", "the trip really started when the press says so")
        let meaningless = try daemon.cli(["press", "--hold", "900", "--lang", "uk"])
        #expect(meaningless.stdout.contains("натискання нічого не означає"), "\(meaningless)")
        let off = try daemon.cli(["--lang", "uk", "press", "--hold", "1700"])
        #expect(off.stdout == "довге натискання: я вийшов: поїздку завершено, прибуття записано\n", "\(off)")
        #expect(try daemon.journal().first?["outcome"] as? String == "arrived")
    }

    /// A calibration session from the command line: the line as `stations` prints it (M1, м1, m1), the results
    /// printed at `--end` (rounded, by station name), and the next `plan` using them and saying so.
    @Test func calibrationReachesTheCommandLineAndThePlan() throws {
        let daemon = try DaemonProcess(timeScale: 60)
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        for spelling in ["M1", "м1", "m1"] {
            let begun = try daemon.cli(["calibrate", spelling, "backward", "lisova", "--lang", "en"])
            #expect(begun.status == 0, "\(spelling): \(begun.stderr)")
            #expect(begun.stdout.contains("calibration session started (M1 backward)"), "\(begun.stdout)")
            if spelling != "m1" { #expect(try daemon.cli(["calibrate", "--end"]).status == 0) }
        }
        let bad = try daemon.cli(["calibrate", "M7", "forward", "lisova", "--lang", "en"])
        #expect(bad.status == 64 && bad.stderr.contains("no line 'M7' (lines: M1, M2, M3)"), "\(bad.stderr)")
        // At ×60 a real second is a model minute: a departure, ~1.5 s later (~90 s) the stop at Chernihivska.
        #expect(try daemon.cli(["press"]).stdout.contains("calibration: press recorded"))
        usleep(1_000_000)
        #expect(try daemon.cli(["press"]).stdout.contains("calibration: press recorded"))
        let status = try daemon.cli(["status", "--lang", "en"]).stdout
        #expect(status.contains("Calibrating: M1 backward, presses: 2; next: the departure toward Darnytsia"), "\(status)")
        // A very long press ends it from the button: the command line shows the figures too.
        let byButton = try daemon.cli(["press", "--hold", "4200", "--lang", "en"])
        #expect(byButton.stdout.hasPrefix("very long press: calibration session ended\nmeasured (the next plan and ride use these at once):\n"),
                "\(byButton.stdout)")
        #expect(byButton.stdout.contains("  Lisova → Chernihivska: running "), "\(byButton.stdout)")
        // A second session, ended from the command line: the same segment, now with two samples.
        #expect(try daemon.cli(["calibrate", "m1", "backward", "lisova"]).status == 0)
        #expect(try daemon.cli(["press"]).stdout.contains("calibration: press recorded"))
        usleep(1_000_000)
        #expect(try daemon.cli(["press"]).stdout.contains("calibration: press recorded"))
        let ended = try daemon.cli(["calibrate", "--end", "--lang", "en"])
        #expect(ended.status == 0)
        #expect(ended.stdout.contains("calibration session ended\nmeasured (the next plan and ride use these at once):\n"), "\(ended.stdout)")
        let measured = try #require(ended.stdout.split(separator: "\n").first { $0.contains("Lisova → Chernihivska: running ") })
        #expect(measured.wholeMatch(of: /\ \ Lisova → Chernihivska: running \d+ s \(2 samples\)/) != nil, "\(measured)")
        let table = try daemon.cli(["calibration", "--lang", "uk"]).stdout
        #expect(table.contains("Лісова → Чернігівська") && table.contains("(2 виміри)"), "\(table)")

        let plan = try daemon.cli(["plan", "lisova", "darnytsia", "--at", "2026-08-17T12:00", "--lang", "en"])
        #expect(plan.stdout.contains("Timings: your calibration for 1 segment (Lisova → Chernihivska), the timetable for the rest"),
                "\(plan.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try daemon.cli(["plan", "lisova", "darnytsia", "--json"]).stdout.utf8)) as? [String: Any])
        let timings = try #require(json["timings"] as? [String: Any])
        #expect(timings["source"] as? String == "calibration")
        #expect(timings["calibrated_segments"] as? [String] == ["lisova>chernihivska"])
        // The measured running time is what the plan uses: its first arrival is t0 + that many seconds.
        let seconds = try #require(measured.firstMatch(of: /running (\d+) s/).flatMap { Int($0.1) })
        let events = try #require(json["events"] as? [[String: Any]])
        func unix(_ text: Any?) -> Int {
            let t = text as! String
            return Int(ISO8601DateFormatter().date(from: String(t.prefix(19)) + String(t.suffix(6)))!.timeIntervalSince1970)
        }
        #expect(abs(unix(events[1]["arrival"]) - unix(json["start"]) - seconds) <= 1, "\(events[1]) \(json["start"]!) \(seconds)")
        let timetable = try daemon.cli(["plan", "lisova", "darnytsia", "--timetable", "--lang", "en"]).stdout
        #expect(timetable.contains("Timings: the timetable (--timetable)"), "\(timetable)")
        // Without a daemon: the timetable, and why.
        let alone = try DaemonProcess.run(DaemonProcess.cliPath, ["--socket", daemon.directory.appendingPathComponent("none.sock").path,
                                                                   "plan", "lisova", "darnytsia", "--lang", "en"])
        #expect(alone.stdout.contains("Timings: the timetable (calibration not available: metrotimerd is not running"), "\(alone.stdout)")
    }

    /// Once "train departed" was accepted the changing-lines prompt goes; the status names the alerts' clock.
    @Test func theChangingLinesPromptGoesOnceTheTrainDeparted() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["route", "teatralna", "lukianivska"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        let changing = try daemon.cli(["status", "--lang", "en"]).stdout
        #expect(changing.contains("Changing lines: when the new train departs"), "\(changing)")
        #expect(changing.contains("Alerts: CLOCK_BOOTTIME"), "\(changing)")
        #expect(try daemon.cli(["departed"]).status == 0)
        let departed = try daemon.cli(["status", "--lang", "en"]).stdout
        #expect(!departed.contains("Changing lines"), "\(departed)")
        let json = try #require(try daemon.trip())
        #expect(json["changing_lines"] as? Bool == true && json["train_departed"] as? Bool == true)
        let uk = try daemon.cli(["status", "--lang", "uk"]).stdout
        #expect(uk.contains("Сигнали: CLOCK_BOOTTIME") && !uk.contains("Пересадка:"), "\(uk)")
    }
}
