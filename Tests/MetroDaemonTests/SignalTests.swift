import Foundation
import Glibc
import Testing

/// SIGTERM stops cleanly; SIGHUP re-reads the configuration, refusing a broken file.
@Suite(.serialized) struct SignalTests {
    @Test func sigtermExitsZeroAndSaysStopped() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["route", "lisova", "darnytsia"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(daemon.log.contains("<6>stopped"), "\(daemon.log)")
        #expect(daemon.log.contains("signal TERM: stopping"))
        // A clean stop keeps the trip: it is restored by the next start.
        try daemon.start()
        #expect(try daemon.status()["state"] as? String == "riding")
    }

    @Test func sighupAppliesANewLanguageAndRefusesABrokenFile() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.status()["language"] as? String == "en")
        let original = try String(contentsOfFile: daemon.configPath, encoding: .utf8)

        try original.replacingOccurrences(of: "language = en", with: "language = uk")
            .write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("configuration reloaded"))
        #expect(try daemon.status()["language"] as? String == "uk")

        // A broken file: refused with an error naming it, the daemon runs on with the configuration it had.
        let broken = original.replacingOccurrences(of: "language = en", with: "language = de")
        try broken.write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        let line = broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "language = de" }.map { $0 + 1 } ?? 0
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("reload refused"))
        let refusal = daemon.log.split(separator: "\n").first { $0.contains("reload refused") } ?? ""
        #expect(refusal.hasPrefix("<3>"))
        #expect(refusal.contains("\(daemon.configPath):\(line): language"), "\(refusal)")
        #expect(daemon.process?.isRunning == true)
        let status = try daemon.status()
        #expect(status["language"] as? String == "uk")
        #expect(try daemon.cli(["route", "lisova", "darnytsia"]).status == 0)
    }

    /// Only the language applies at a reload; every other changed key waits for a restart and the log names it, so
    /// "reloaded" never reads as "applied". A broken file while riding leaves the trip exactly as it was.
    @Test func sighupWhileRidingNamesEveryKeyThatWaitsForARestart() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["route", "akademmistechko", "khreshchatyk"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        let before = NSDictionary(dictionary: try #require(try daemon.trip()))
        let original = try String(contentsOfFile: daemon.configPath, encoding: .utf8)

        let changed = ["log_level = debug", "button_debounce_ms = 50", "gpsd = 127.0.0.1:1", "motor_strength = strong",
                       "data_file = /nonexistent/kyiv-metro.json", "time_scale = 2"]
        try (original.replacingOccurrences(of: "language = en", with: "language = uk") + changed.joined(separator: "\n") + "\n")
            .write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("configuration reloaded"))
        let line = daemon.log.split(separator: "\n").first { $0.contains("configuration reloaded") } ?? ""
        for key in ["log_level", "button_debounce_ms", "gpsd", "motor_strength", "data_file", "time_scale"] {
            #expect(line.contains(key), "\(key) is not named: \(line)")
        }
        #expect(!line.contains("language"), "the language applies at once: \(line)")
        #expect(try daemon.status()["language"] as? String == "uk")

        try "language = uk\nhardware = gpio\nbutton_line = motor\n".write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("reload refused"))
        #expect(NSDictionary(dictionary: try #require(try daemon.trip())) == before)
        #expect(try daemon.status()["state"] as? String == "riding")
    }

    /// A log reader that goes away (a pipe whose other end closed: `metrotimerd 2>&1 | head`, a supervisor's log
    /// collector restarting) must not kill the daemon with SIGPIPE at its next log line, with the motor possibly on.
    @Test func aLogReaderThatGoesAwayDoesNotKillTheDaemon() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        let fifo = daemon.directory.appendingPathComponent("stderr.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader takes one byte of the first log line and exits, closing the pipe's only read end.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "exec head -c 1 < \"$0\" > /dev/null", fifo]
        try reader.run()
        try daemon.start(shellPrelude: "exec 2>'\(fifo)';")
        reader.waitUntilExit()
        // Each of these writes a log line into the pipe nobody reads any more.
        #expect(try daemon.cli(["press"]).status == 0)
        #expect(try daemon.cli(["route", "lisova", "darnytsia"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        #expect(try daemon.status()["state"] as? String == "riding")
        #expect(daemon.process?.isRunning == true)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}
