import Foundation
import Glibc
import Testing

/// Parses the contract's timestamps (`2026-08-17T22:41:15.250+03:00`) to seconds since 1970.
func contractSeconds(_ text: Any?) throws -> Double {
    let string = try #require(text as? String)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return try #require(formatter.date(from: string), "not a contract timestamp: \(string)").timeIntervalSince1970
}

/// `kill -9` mid-ride and start again on the same state directory: the trip comes back, alerts fire at their
/// instants (or at once when they came due while the daemon was down), and the journal holds the trip once.
///
/// The full scenario (an alert missed while down, a second crash after firing, the journal) runs at time scale 30:
/// at scale 1 it would take minutes. One scale-1 crash-and-restore, measured against the 50 ms promise (the figure
/// is printed; the assertion is a budget a loaded machine meets, far below the down time a wrongly re-armed alert
/// would be late by), runs beside it. The scaled timeline is the boot clock times 30 (it survives a
/// restart exactly as at scale 1) and alerts go through the same absolute timerfd; lateness is converted back to
/// real milliseconds.
@Suite(.serialized) struct CrashSafetyTests {
    static let scale = 30.0

    func alert(_ trip: [String: Any], _ kind: String) throws -> [String: Any] {
        let alerts = try #require(trip["alerts"] as? [[String: Any]])
        return try #require(alerts.first { $0["kind"] as? String == kind }, "no \(kind) alert in \(alerts)")
    }

    /// Real seconds between the trip's t0 and a contract instant of it.
    func realOffset(_ instant: Any?, t0: Double) throws -> Double { (try contractSeconds(instant) - t0) / CrashSafetyTests.scale }

    @Test func aKilledDaemonRestoresTheTripAndFiresItsAlertsOnTime() throws {
        let daemon = try DaemonProcess(timeScale: CrashSafetyTests.scale)
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["route", "akademmistechko", "sviatoshyn"]).status == 0)
        // The trip's t0 (the press) lies between these two readings: offsets from t0 are bounded from above by
        // those from `beforeStart` and from below by those from `started` (a loaded machine's command line may take
        // a while to return).
        let beforeStart = Date()
        #expect(try daemon.cli(["start"]).status == 0)
        let started = Date()
        let before = try #require(try daemon.trip())
        let t0 = try contractSeconds(before["t0"])
        let nextStop = try alert(before, "next_stop")
        let arrival = try alert(before, "arrival")
        let nextStopAfter = try realOffset(nextStop["due"], t0: t0)
        let arrivalAfter = try realOffset(arrival["due"], t0: t0)
        #expect(nextStop["fired"] is NSNull)
        try #require(nextStopAfter > 2 && arrivalAfter - nextStopAfter > 3, "route timing: \(nextStopAfter) s, \(arrivalAfter) s")

        // Crash mid-ride, stay down until the next-stop alert is 0.5 s overdue.
        usleep(300_000)
        daemon.crash()
        try #require(Date().timeIntervalSince(beforeStart) < nextStopAfter, "the daemon was killed too late to test this")
        let downUntil = nextStopAfter + 0.5
        let wait = downUntil - Date().timeIntervalSince(started)
        if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
        try daemon.start()
        // At the latest, after t0 (the bounds below are upper ones).
        let restartedAt = Date().timeIntervalSince(beforeStart)
        #expect(daemon.log.contains("restored trip akademmistechko → sviatoshyn"))

        // The trip is the same trip.
        let restored = try #require(try daemon.trip())
        for key in ["t0", "arrival", "planned_arrival", "expiry"] {
            #expect(restored[key] as? String == before[key] as? String, "\(key)")
        }
        #expect(NSArray(array: restored["events"] as? [Any] ?? []) == NSArray(array: before["events"] as? [Any] ?? []))

        // The alert that came due while down fired at once after the restart.
        let missed = try alert(restored, "next_stop")
        if missed["fired"] is NSNull {
            // Unless the daemon came back with the arrival 30 model seconds away or less (a loaded machine's restart
            // once took 10 s): a missed "yours is next" is then swallowed (model §4).
            #expect(restartedAt >= arrivalAfter - 30 / CrashSafetyTests.scale,
                    "yours is next not fired after a restart at \(restartedAt) s, the arrival at \(arrivalAfter) s")
            print("the restart took \(String(format: "%.1f", restartedAt - downUntil)) s: yours is next swallowed by the arrival")
        } else {
            let missedFiredAfter = try realOffset(missed["fired"], t0: t0)
            #expect(missedFiredAfter > nextStopAfter, "fired before its instant")
            // Between the restart (after `downUntil`) and its first answer (urgent timers run before any request);
            // the margins are for the two clocks' readings, not for speed.
            #expect(missedFiredAfter > downUntil - 0.2 && missedFiredAfter < restartedAt + 0.2,
                    "fired at \(missedFiredAfter) s, restarted at \(restartedAt) s")
        }

        // The remaining alert fires at its instant.
        #expect(try eventually(timeout: arrivalAfter - restartedAt + mustHappenWithin) {
            (try alert(try #require(try daemon.trip()), "arrival")["fired"] as? String) != nil
        })
        let fired = try alert(try #require(try daemon.trip()), "arrival")
        let latenessMilliseconds = (try contractSeconds(fired["fired"]) - (try contractSeconds(fired["due"]))) * 1000 / CrashSafetyTests.scale
        print("restored arrival alert lateness: \(String(format: "%.2f", latenessMilliseconds)) ms (real time)")
        #expect(latenessMilliseconds >= 0, "fired early")
        if restartedAt < arrivalAfter {
            // Re-armed on the wrong basis (from the restart rather than the trip's t0) it would be late by the down
            // time, over 2 s of real time; a loaded machine stays far inside 1 s.
            #expect(latenessMilliseconds < 1000)
        } else {
            // A restart a loaded machine made last past the arrival's instant (one once took 10 s): the arrival too
            // came due while the daemon was down, and fired at once, as the missed "yours is next" did.
            print("the restart took \(String(format: "%.1f", restartedAt - downUntil)) s, past the arrival: it fired at once")
            let firedAfter = try realOffset(fired["fired"], t0: t0)
            #expect(firedAfter < restartedAt + 0.2, "fired at \(firedAfter) s, restarted at \(restartedAt) s")
        }

        // A second crash after the alert fired: restored with the same fired instant, not fired again.
        daemon.crash()
        try daemon.start()
        let again = try alert(try #require(try daemon.trip()), "arrival")
        #expect(again["fired"] as? String == fired["fired"] as? String)

        // "I'm off": the journal holds the trip exactly once, through further restarts.
        #expect(try daemon.cli(["arrived"]).status == 0)
        daemon.crash()
        try daemon.start()
        #expect(try daemon.status()["state"] as? String == "idle")
        let journal = try daemon.journal()
        #expect(journal.count == 1)
        #expect(journal.first?["outcome"] as? String == "arrived")
        #expect(journal.first?["from"] as? String == "akademmistechko" && journal.first?["to"] as? String == "sviatoshyn")
    }

    /// The same crash at time scale 1, the yardstick riders live by: the shortest segment of the network
    /// (Palats "Ukraina" → Lybidska, 70 s) is ridden in real time, the daemon is killed a moment after the start
    /// and started again, and the arrival alert must still fire on time (the promise: within 50 ms). Lateness is
    /// taken twice: as the daemon records it, and as a watcher on the control socket sees the push (which adds the
    /// socket hop and the watcher's own wake-up, so it bounds the daemon's figure from above). Both are printed;
    /// the assertions are budgets (`FloodTests.latenessBudgetMilliseconds` for the daemon's figure, 1 s for the
    /// watcher's) that a loaded machine meets by a wide margin, while an alert re-armed from the restart instead
    /// of its instant would be 1.5 s late or more (the daemon is down for 1 s after half a second). This test takes
    /// about 70 s of real time.
    @Test func atTimeScaleOneARestoredAlertFiresOnTime() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["route", "palats-ukraina", "lybidska"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        let before = try #require(try daemon.trip())
        let due = try contractSeconds(try alert(before, "arrival")["due"])
        try #require(due - Date().timeIntervalSince1970 > 60, "the arrival alert is due too soon: \(before)")

        usleep(500_000)
        daemon.crash()
        usleep(1_000_000)
        try daemon.start()
        let restored = try #require(try daemon.trip())
        #expect(try contractSeconds(try alert(restored, "arrival")["due"]) == due)
        #expect(try alert(restored, "arrival")["fired"] is NSNull)

        let watcher = try RawControlConnection(path: daemon.socketPath, timeout: 100)
        _ = try watcher.request("{\"cmd\": \"watch\"}")
        var firedText: String?
        var seenAt = 0.0
        while firedText == nil {
            let event = try watcher.readObject()
            seenAt = Date().timeIntervalSince1970
            let trip = try #require((event["status"] as? [String: Any])?["trip"] as? [String: Any], "the trip ended: \(event)")
            firedText = try alert(trip, "arrival")["fired"] as? String
        }
        let recorded = (try contractSeconds(firedText) - due) * 1000
        let observed = (seenAt - due) * 1000
        print("scale-1 restored arrival alert: recorded lateness \(String(format: "%.2f", recorded)) ms, "
              + "seen by a watcher \(String(format: "%.2f", observed)) ms after its instant")
        #expect(recorded >= 0, "fired early")
        #expect(recorded <= FloodTests.latenessBudgetMilliseconds)
        #expect(observed >= -1 && observed <= 1000)
    }

    @Test func aTripWhoseExpiryPassedWhileDownIsJournaledExpiredOnce() throws {
        // The trip expires about 10 s after its start at this scale: time enough for the status round trip and the
        // kill on a loaded machine (at 1000× it was one second).
        let scale = 100.0
        let daemon = try DaemonProcess(timeScale: scale)
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["route", "akademmistechko", "nyvky"]).status == 0)
        let beforeStart = Date()  // t0 lies between these two readings
        #expect(try daemon.cli(["start"]).status == 0)
        let started = Date()
        let trip = try #require(try daemon.trip())
        daemon.crash()
        let expiresAfter = (try contractSeconds(trip["expiry"]) - (try contractSeconds(trip["t0"]))) / scale
        #expect(Date().timeIntervalSince(beforeStart) < expiresAfter, "the daemon was killed too late to test this")
        usleep(useconds_t((expiresAfter - Date().timeIntervalSince(started) + 0.3) * 1_000_000))

        try daemon.start()
        #expect(try daemon.status()["state"] as? String == "idle")
        var journal = try daemon.journal()
        #expect(journal.count == 1)
        #expect(journal.first?["outcome"] as? String == "expired")
        #expect(journal.first?["confirmed_s"] is NSNull)

        daemon.crash()
        try daemon.start()
        journal = try daemon.journal()
        #expect(journal.count == 1, "journaled again after another restart")
    }

    @Test func aDaemonStartingOnAGarbageStateFileMovesItAsideAndServes() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try FileManager.default.createDirectory(atPath: daemon.stateDirectory, withIntermediateDirectories: true)
        let garbage = Data(String(repeating: "not a database. ", count: 512).utf8)
        try garbage.write(to: URL(fileURLWithPath: daemon.stateDirectory + "/state.db"))
        try daemon.start()
        let line = daemon.log.split(separator: "\n").first { $0.contains("moved aside") } ?? ""
        #expect(line.hasPrefix("<3>state database"), "\(daemon.log)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: daemon.stateDirectory).filter { $0.hasPrefix("state.db.corrupt-") }
        #expect(aside.count == 1)
        #expect(aside.first.flatMap { FileManager.default.contents(atPath: daemon.stateDirectory + "/" + $0) } == garbage)
        #expect(try daemon.cli(["route", "lisova", "darnytsia"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        #expect(try daemon.status()["state"] as? String == "riding")
    }
}
