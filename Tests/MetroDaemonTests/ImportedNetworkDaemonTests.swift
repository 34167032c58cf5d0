import Foundation
import MetroControl
import MetroModel
import MetroTestSupport
import Testing

/// `SketchNetwork.threeLinesInARow` on `zone`'s clock, written into `dir` as an imported network file.
func writeSketchNetwork(in dir: URL, zone: String = "America/New_York") throws -> String {
    let path = dir.appendingPathComponent("sketch.json").path
    try JSONEncoder().encode(SketchNetwork.threeLinesInARow(timeZone: zone).file).write(to: URL(fileURLWithPath: path))
    return path
}

/// The real daemon riding an imported network: `data_file =` names it, the route and schedule are the planner's,
/// with every change warned of, times carry the network's own offset, and what it cannot load is refused by name.
@Suite struct ImportedNetworkDaemonTests {
    @Test func theDaemonRidesAnImportedNetworkFromStartToArrival() throws {
        let dir = try makeScratchDirectory("imported-ride")
        defer { try? FileManager.default.removeItem(at: dir) }
        let daemon = try DaemonProcess(timeScale: 40, dataFile: try writeSketchNetwork(in: dir))
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()

        let unknown = try daemon.cli(["route", "A", "Zulu"])
        #expect(unknown.status != 0 && unknown.stderr.contains("Zulu"), "\(unknown.stderr)")
        let chosen = try daemon.cli(["route", "A", "H"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        let started = try daemon.cli(["start"])
        #expect(started.status == 0, "\(started.stderr)")

        let trip = try #require(try daemon.trip())
        let events = try #require(trip["events"] as? [[String: Any]])
        #expect(events.map { $0["station"] as? String } == ["A", "B", "C", "C", "E", "F", "F", "G", "H"])
        #expect(events.map { $0["transfer"] as? Bool } == [false, false, false, true, false, false, true, false, false])
        // New York's clock: -05:00 in winter, -04:00 in summer, whatever today is.
        let arrival = try #require(trip["arrival"] as? String)
        #expect(arrival.hasSuffix("-05:00") || arrival.hasSuffix("-04:00"), "\(arrival)")
        let t0 = try #require(trip["t0"] as? String)
        let nanoseconds = try #require(KyivTimestamp.unixNanoseconds(arrival)) - (try #require(KyivTimestamp.unixNanoseconds(t0)))
        #expect(nanoseconds == 940_000_000_000, "each change: 100 + 20 twice, a minute's walk and a quarter of 4 min")
        let alerts = try #require(trip["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["kind"] as? String }
                == ["transfer", "train_departed_reminder", "transfer", "train_departed_reminder", "next_stop", "arrival"])
        #expect(alerts.map { $0["station"] as? String } == ["C", "C", "F", "F", "H", "H"])

        // At ×40 the ride takes 23.5 s: the second change is warned of after 11.5 s, the arrival after 23.5.
        #expect(eventually(timeout: 60) { (try? daemon.status()["state"] as? String) == "arrived" }, "\(daemon.log)")
        let arrived = try daemon.cli(["arrived"])
        #expect(arrived.status == 0, "\(arrived.stderr)")
        let journal = try daemon.journal()
        #expect(journal.first?["from"] as? String == "A" && journal.first?["to"] as? String == "H")
        #expect(journal.first?["outcome"] as? String == "arrived")
        #expect(journal.first?["transfers"] as? Int == 2, "\(journal)")
        for line in ["alert: transfer", "alert: transfer#2", "alert: arrival"] {
            #expect(daemon.log.contains(line + "\n"), "\(line): \(daemon.log)")
        }
    }

    @Test func anImportedNetworkWhoseTimeZoneIsUnknownIsRefusedByName() throws {
        let dir = try makeScratchDirectory("imported-zone")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = try writeSketchNetwork(in: dir, zone: "Europe/Atlantis")
        let config = dir.appendingPathComponent("check.conf").path
        try "data_file = \(data)\nstate_directory = \(dir.path)/state\n".write(toFile: config, atomically: true, encoding: .utf8)
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", config, "--check-config"])
        #expect(r.status != 0, "\(r.stdout)")
        #expect(r.stderr.contains(data) && r.stderr.contains("Europe/Atlantis"), "stderr: \(r.stderr)")
    }

    /// Each network keeps its own state: pins made on Kyiv's are not offered on an imported one, and are there
    /// again when the daemon rides Kyiv's once more.
    @Test func eachNetworkKeepsItsOwnPins() throws {
        let dir = try makeScratchDirectory("imported-state")
        defer { try? FileManager.default.removeItem(at: dir) }
        let imported = try writeSketchNetwork(in: dir)
        func routes(_ daemon: DaemonProcess) throws -> String {
            let r = try daemon.cli(["routes", "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        let kyiv = try DaemonProcess(directory: dir)
        try kyiv.start()
        #expect(try kyiv.cli(["pin", "lisova", "chernihivska"]).status == 0)
        kyiv.stop()

        let sketch = try DaemonProcess(directory: dir, dataFile: imported)
        try sketch.start()
        #expect(try !routes(sketch).contains("lisova"), "Kyiv's pin is not offered on another network")
        #expect(try sketch.cli(["pin", "A", "F"]).status == 0)
        #expect(try routes(sketch).contains("\"A\""))
        sketch.stop()
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("state/state-network-test.db").path),
                "the imported network's own file, named by its agency")

        let back = try DaemonProcess(directory: dir)
        try back.start()
        defer { back.stop(); back.remove() }
        let kyivRoutes = try routes(back)
        #expect(kyivRoutes.contains("lisova") && !kyivRoutes.contains("\"A\""), "\(kyivRoutes)")
    }
}
