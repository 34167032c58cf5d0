import Foundation
import Testing

/// The whole product, end to end: a real daemon, the real command line, a real socket, real SQLite.
@Suite(.serialized) struct DaemonSmokeTests {
    @Test func routeStartAndArriveThroughTheCommandLine() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.status()["state"] as? String == "idle")
        #expect(try daemon.cli(["route", "akademmistechko", "khreshchatyk"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        let status = try daemon.status()
        #expect(status["state"] as? String == "riding")
        let trip = try #require(status["trip"] as? [String: Any])
        #expect((trip["events"] as? [Any])?.count == 11)
        #expect(try daemon.cli(["arrived"]).status == 0)
        let journal = try daemon.cli(["journal", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(journal.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["outcome"] as? String == "arrived")
    }
}
