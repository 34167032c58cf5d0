import Foundation
import MetroSQLite
import MetroSystem
import Testing

/// `journal --limit 10000` on a long journal: the reply (up to about 3 MB, over the 1 MiB a client may leave unread)
/// is streamed page by page and arrives whole, newest first.
@Suite struct JournalStreamTests {
    @Test func tenThousandEntriesArriveWhole() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()  // creates the state database
        daemon.stop()
        let db = try SQLiteDatabase(path: daemon.stateDirectory + "/state.db", create: false)
        try db.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
            INSERT INTO journal (t0_ns, t0_unix_ms, from_station, to_station, planned_s, final_s, confirmed_s, outcome,
                manual_corrections, late_corrections, gps_corrections, transfers)
            SELECT i * 1000000000, 1780000000000 + i * 3600000, 'politekhnichnyi-instytut', 'ploshcha-ukrainskykh-heroiv',
                1234, 1260, 1250, 'arrived', 2, 1, 3, 1 FROM n
            """)
        try daemon.start()

        let result = try daemon.cli(["journal", "--limit", "10000", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 10_000)
        #expect(entries.compactMap { $0["id"] as? Int } == Array((2001...12000).reversed()))
        #expect(entries.last?["to"] as? String == "ploshcha-ukrainskykh-heroiv")

        // The raw reply is one line, well over the 1 MiB output cap and within the 4 MiB a client must accept.
        let connection = try RawControlConnection(path: daemon.socketPath, timeout: 10)
        connection.send(line: "{\"cmd\": \"journal\", \"limit\": 10000}")
        let line = try #require(connection.readLine())
        print("journal reply for 10 000 entries: \(line.utf8.count) bytes")
        #expect(line.utf8.count > 1 << 20 && line.utf8.count < 4 << 20)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true)
        #expect((object["journal"] as? [Any])?.count == 10_000)
        // A short journal reply has the same shape as before.
        let small = try connection.request("{\"cmd\": \"journal\", \"limit\": 2}")
        #expect((small["journal"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [12000, 11999])
        #expect(try connection.request("{\"cmd\": \"status\"}")["ok"] as? Bool == true)
    }
}
