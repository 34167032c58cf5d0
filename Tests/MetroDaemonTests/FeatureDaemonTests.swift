import CLinuxShim
import Foundation
import Glibc
import MetroModel
import Testing

/// Suspended stretches, reminders, pins and `ack` against a real daemon through the real `metrotimer`.
@Suite(.serialized) struct FeatureDaemonTests {
    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func aSuspendedStretchIsShownRefusedPersistedAndResumed() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let suspended = try daemon.cli(["suspend", "dnipro", "livoberezhna"])
        #expect(suspended.status == 0, "\(suspended.stderr)")
        #expect(suspended.stdout.contains("suspended: Dnipro – Livoberezhna"), "\(suspended.stdout)")
        let again = try daemon.cli(["suspend", "livoberezhna", "dnipro"])
        #expect(again.stdout.contains("was suspended already (nothing changed)"), "\(again.stdout)")
        let uk = try daemon.cli(["--lang", "uk", "suspensions"])
        #expect(uk.stdout.contains("Дніпро – Лівобережна"), "\(uk.stdout)")
        #expect(try daemon.cli(["status"]).stdout.contains("⚠ suspended: Dnipro – Livoberezhna"))
        let status = try daemon.status()
        #expect(status["suspensions"] as? [[String: String]] == [["from": "dnipro", "to": "livoberezhna"]])

        let refused = try daemon.cli(["route", "arsenalna", "lisova"])
        #expect(refused.status != 0)
        // Named by station names, as `plan` names it (and as the data file's flag is), in the asker's language.
        #expect(refused.stderr.contains("No service on this stretch now: Dnipro – Livoberezhna"), "\(refused.stderr)")
        let refusedUK = try daemon.cli(["route", "arsenalna", "lisova", "--lang", "uk"])
        #expect(refusedUK.stderr.contains("Дніпро — Лівобережна"), "\(refusedUK.stderr)")
        let plan = try DaemonProcess.run(DaemonProcess.cliPath, ["plan", "arsenalna", "lisova", "--data", DaemonProcess.dataFile],
                                         environment: ["METROTIMER_SOCKET": daemon.socketPath])
        #expect(plan.status != 0 && plan.stderr.contains("Dnipro – Livoberezhna"), "offline plan asks the daemon: \(plan.stderr)")
        #expect(try daemon.cli(["route", "akademmistechko", "arsenalna"]).status == 0, "the underground runs on")
        let across = try daemon.cli(["suspend", "dnipro", "teremky"])
        #expect(across.status != 0 && across.stderr.contains("different lines"), "\(across.stderr)")

        daemon.stop()
        try daemon.start()
        #expect(try daemon.cli(["route", "arsenalna", "lisova"]).status != 0, "kept over a restart")
        let resumed = try daemon.cli(["resume", "dnipro", "livoberezhna"])
        #expect(resumed.stdout.contains("service again: Dnipro – Livoberezhna"), "\(resumed.stdout)")
        #expect(try daemon.cli(["resume"]).stdout.contains("no stretch was suspended (nothing changed)"))
        #expect(try daemon.cli(["route", "arsenalna", "lisova"]).status == 0)
    }

    /// Suspensions are a set of segments: resuming part of a suspended stretch lifts that part and says so, a
    /// sub-stretch adds nothing, and every pair of a line suspended is one stretch, not hundreds.
    @Test func suspensionsMergeAndSplitAsSegments() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["suspend", "akademmistechko", "lisova"]).status == 0)
        let inside = try daemon.cli(["suspend", "hidropark", "darnytsia"])
        #expect(inside.stdout.contains("was suspended already (nothing changed)"), "\(inside.stdout)")
        let part = try daemon.cli(["resume", "hidropark", "darnytsia"])
        #expect(part.status == 0 && part.stdout.contains("service again: Hidropark – Darnytsia"), "\(part.stdout)")
        #expect(!part.stdout.contains("was not suspended"), "\(part.stdout)")
        #expect(try daemon.status()["suspensions"] as? [[String: String]]
                == [["from": "akademmistechko", "to": "hidropark"], ["from": "darnytsia", "to": "lisova"]])
        #expect(try daemon.cli(["route", "hidropark", "darnytsia"]).status == 0, "the lifted part is ridden again")
        #expect(try daemon.cli(["route", "hidropark", "lisova"]).status == 1, "the rest stays refused")

        let m2 = ["heroiv-dnipra", "minska", "obolon", "pochaina", "tarasa-shevchenka", "kontraktova-ploshcha"]
        for a in m2 { for b in m2 where a != b { _ = try daemon.cli(["suspend", a, b]) } }
        let list = try #require(try daemon.status()["suspensions"] as? [[String: String]])
        #expect(list.count == 3, "\(list)")
        #expect(list.contains(["from": "heroiv-dnipra", "to": "kontraktova-ploshcha"]), "\(list)")
        let same = try daemon.cli(["resume", "dnipro", "dnipro"])
        #expect(same.status == 1 && same.stderr.contains("a stretch needs two different ends"), "\(same.stderr)")
    }

    @Test func pinUnpinAndAckSayWhatHappened() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let m1 = ["zhytomyrska", "sviatoshyn", "nyvky", "beresteiska", "shuliavska", "vokzalna", "universytet"]
        for to in m1.prefix(6) { #expect(try daemon.cli(["pin", "akademmistechko", to]).status == 0) }
        let seventh = try daemon.cli(["pin", "akademmistechko", "universytet"])
        #expect(seventh.stdout.contains("pinned: Akademmistechko → Universytet"), "\(seventh.stdout)")
        #expect(seventh.stdout.contains("the oldest, Akademmistechko → Zhytomyrska, is unpinned to make room"), "\(seventh.stdout)")
        let notPinned = try daemon.cli(["unpin", "akademmistechko", "zhytomyrska"])
        #expect(notPinned.status == 0 && notPinned.stdout.contains("was not pinned (nothing changed)"), "\(notPinned.stdout)")
        let ukNotPinned = try daemon.cli(["unpin", "akademmistechko", "zhytomyrska", "--lang", "uk"])
        #expect(ukNotPinned.stdout.contains("не був закріплений"), "\(ukNotPinned.stdout)")
        let already = try daemon.cli(["pin", "akademmistechko", "universytet"])
        #expect(already.stdout.contains("was pinned already (nothing changed)"), "\(already.stdout)")
        let ack = try daemon.cli(["ack"])
        #expect(ack.status == 0 && ack.stdout.contains("nothing was buzzing"), "\(ack.stdout)")
        #expect(try daemon.cli(["ack", "--lang", "uk"]).stdout.contains("нічого не вібрувало"))
    }

    /// The daemon's timerfds on a wall clock (`CLOCK_REALTIME` 0 or `CLOCK_REALTIME_ALARM` 8) and whether armed.
    func wallClockTimers(pid: pid_t) -> [(clock: Int, armed: Bool)] {
        let directory = "/proc/\(pid)/fdinfo"
        var out: [(Int, Bool)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            guard let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8),
                let clockLine = text.split(separator: "\n").first(where: { $0.hasPrefix("clockid:") }),
                let clock = Int(clockLine.dropFirst(8).trimmingCharacters(in: .whitespaces)), clock == 0 || clock == 8
            else { continue }
            let value = text.split(separator: "\n").first { $0.hasPrefix("it_value:") }.map(String.init) ?? ""
            out.append((clock, !value.contains("(0, 0)")))
        }
        return out
    }

    /// Two real "clock was set" events that leave the clock where it was (+1 ns, −1 ns); needs CAP_SYS_TIME.
    func stepWallClockByNothing() throws {
        for (seconds, nanoseconds) in [(0, 1), (-1, 999_999_999)] {
            var change = timex()
            change.modes = UInt32(ADJ_SETOFFSET | ADJ_NANO)
            change.time.tv_sec = seconds
            change.time.tv_usec = nanoseconds
            guard adjtimex(&change) >= 0 else { throw DaemonProcessError("adjtimex ADJ_SETOFFSET: errno \(errno)") }
        }
    }

    @Test func remindersAreStoredArmedOnTheWallClockAndReArmedWhenItSteps() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(wallClockTimers(pid: try #require(daemon.pid)).allSatisfy { !$0.armed }, "no reminders: nothing armed")
        let added = try daemon.cli(["remind", "add", "07:40", "mon-fri", "lisova", "teremky"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("reminder 1 added:") && added.stdout.contains("07:40 mon-fri  Lisova → Teremky"), "\(added.stdout)")
        #expect(added.stdout.contains("next: "))
        #expect(try daemon.cli(["remind", "add", "03:30", "sat,sun", "teremky", "lisova"]).status == 0)
        let timers = wallClockTimers(pid: try #require(daemon.pid))
        #expect(timers.filter(\.armed).count == 1, "one wall-clock alarm for the next reminder: \(timers)")
        #expect(daemon.log.contains("reminders use CLOCK_REALTIME"), "the log says which clock")

        let badTime = try daemon.cli(["remind", "add", "25:00", "lisova", "teremky"])
        #expect(badTime.status == 64 && badTime.stderr.contains("no clock shows '25:00'"), "\(badTime.stderr)")
        let badDays = try daemon.cli(["remind", "add", "07:40", "weekdays", "lisova", "teremky"])
        #expect(badDays.status == 64 && badDays.stderr.contains("days must look like"), "\(badDays.stderr)")
        let noSuch = try daemon.cli(["remind", "remove", "9"])
        #expect(noSuch.status != 0 && noSuch.stderr.contains("there is no reminder 9"), "\(noSuch.stderr)")

        try stepWallClockByNothing()
        _ = daemon.waitForLog("wall clock stepped")
        #expect(daemon.log.contains("wall clock stepped: reminders re-armed"), "\(daemon.log)")
        #expect(wallClockTimers(pid: try #require(daemon.pid)).filter(\.armed).count == 1, "re-armed after the step")

        daemon.stop()
        try daemon.start()
        let list = try #require(try json(try daemon.cli(["remind", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(list.map { $0["time"] as? String } == ["03:30", "07:40"], "stored, numbered by time of day")
        #expect(list.first?["days"] as? String == "sat,sun")
        let uk = try daemon.cli(["remind", "list", "--lang", "uk"])
        #expect(uk.stdout.contains("сб,нд") && uk.stdout.contains("наступне:"), "\(uk.stdout)")
        let removed = try daemon.cli(["remind", "remove", "1"])
        #expect(removed.stdout.contains("reminder 1 removed:"), "\(removed.stdout)")
        #expect(try daemon.cli(["remind", "list"]).stdout.hasPrefix("1. 07:40"))
    }

    @Test func aReminderBuzzesTimeToGoAndChoosesTheRoute() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        // The next whole Kyiv minute at least 5 s away (the wait is the clock's, up to 65 s).
        let now = Int64(Date().timeIntervalSince1970)
        let target = KyivTime.civil(unixSeconds: (now + 5 + 59) / 60 * 60)
        let time = String(format: "%02d:%02d", target.hour, target.minute)
        // The watch opens before the reminder exists (a loaded machine's command line may take its 5 s), and the
        // press goes straight over the socket: it must land within the 5.7 s pattern (no command line to start then).
        let watch = try RawControlConnection(path: daemon.socketPath, timeout: 90)
        _ = try watch.request("{\"cmd\": \"watch\"}")
        #expect(try daemon.cli(["remind", "add", time, "lisova", "teremky"]).status == 0)
        var route: [String: String]?
        while route == nil {
            let event = try watch.readObject()
            route = (event["status"] as? [String: Any])?["route"] as? [String: String]
        }
        // A short press while it buzzes acknowledges it: no trip starts.
        let pressed = try RawControlConnection(path: daemon.socketPath, timeout: 30).request("{\"cmd\": \"press\"}")
        #expect(pressed["ok"] as? Bool == true, "\(pressed)")
        #expect(route == ["from": "lisova", "to": "teremky"])
        #expect(daemon.log.contains("reminder: time to go"), "\(daemon.log)")
        #expect(daemon.log.contains("TIME TO GO"), "the motor played it")
        _ = daemon.waitForLog("acknowledge")
        #expect(daemon.log.contains("reminderBuzzing → acknowledge"), "\(daemon.log)")
        #expect(try daemon.status()["state"] as? String == "idle")
    }
}
