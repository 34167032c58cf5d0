import Foundation
import Glibc
import MetroSQLite
import MetroSystem
import Testing

/// JSON nested past what Foundation's scanner survives (it traps at 513 open brackets) is refused with a message
/// wherever metrotimer reads JSON: a control request, the network data file, the stored trip.
@Suite struct JSONNestingTests {
    /// The reproduction: 513 `[` that are never closed.
    static let tooDeep = String(repeating: "[", count: 513)

    @Test func aDeeplyNestedRequestGetsAnErrorAndTheDaemonKeepsServing() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        defer { daemon.stop(); daemon.remove() }
        let connection = try RawControlConnection(path: daemon.socketPath)
        for line in [JSONNestingTests.tooDeep, "{\"cmd\": " + String(repeating: "{\"a\": ", count: 600)] {
            let reply = try connection.request(line)
            #expect(reply["ok"] as? Bool == false, "\(reply)")
            #expect((reply["error"] as? String ?? "").contains("nested deeper than 64"), "\(reply)")
        }
        #expect(try connection.request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)
        #expect(try daemon.cli(["status"]).status == 0)
        #expect(daemon.pid.map { kill($0, 0) == 0 } == true, "log:\n\(daemon.log)")
    }

    /// A data file holding the nesting: `--check-config` and start-up exit 78 (so systemd stops restarting),
    /// `metrotimer plan --data` fails with the same message.
    @Test func aDeeplyNestedDataFileIsAConfigurationError() throws {
        let daemon = try DaemonProcess(extra: [])
        defer { daemon.stop(); daemon.remove() }
        let data = daemon.directory.appendingPathComponent("nested.json").path
        try (JSONNestingTests.tooDeep + "\n").write(toFile: data, atomically: true, encoding: .utf8)
        try (String(contentsOfFile: daemon.configPath, encoding: .utf8) + "data_file = \(data)\n")
            .write(toFile: daemon.configPath, atomically: true, encoding: .utf8)

        let check = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", daemon.configPath, "--check-config"])
        #expect(check.status == 78, "stderr: \(check.stderr)")
        #expect(check.stderr.contains(data) && check.stderr.contains("nested deeper than 64"), "stderr: \(check.stderr)")

        try daemon.start(waitForSocket: false)
        #expect(daemon.waitForExit() == 78, "log:\n\(daemon.log)")
        #expect(daemon.log.contains("nested deeper than 64"), "log:\n\(daemon.log)")

        let plan = try DaemonProcess.run(DaemonProcess.cliPath, ["plan", "lisova", "teremky", "--data", data])
        #expect(plan.status != 0 && plan.status < 128, "status \(plan.status)")
        #expect(plan.stderr.contains(data) && plan.stderr.contains("nested deeper than 64"), "stderr: \(plan.stderr)")
    }

    /// A stored trip holding the nesting is handled like any unreadable stored trip: logged, kept in the file,
    /// and the daemon starts idle instead of crashing at every start.
    @Test func aDeeplyNestedStoredTripIsRefusedAndTheDaemonStartsIdle() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        daemon.stop()
        let db = try SQLiteDatabase(path: daemon.stateDirectory + "/state.db", create: false)
        let statement = try db.prepare("INSERT OR REPLACE INTO active_trip (id, trip_json, saved_unix_ms) VALUES (1, ?, 0)")
        try statement.bind(JSONNestingTests.tooDeep, at: 1)
        _ = try statement.step()
        try statement.reset()

        try daemon.start()
        #expect(try daemon.trip() == nil)
        #expect(daemon.log.contains("unreadable") && daemon.log.contains("nested deeper than 64"), "log:\n\(daemon.log)")
        let kept = try db.prepare("SELECT trip_json FROM active_trip WHERE id = 1")
        #expect(try kept.step() && kept.string(at: 0) == JSONNestingTests.tooDeep)
        try kept.reset()
    }
}
