import Foundation
import MetroSystem
import Testing

@Suite struct TimeZoneDatabaseTests {
    @Test func zoneNamesCannotLeaveTheDirectory() {
        for name in ["Europe/Kyiv", "America/New_York", "Etc/GMT+5", "UTC", "America/Argentina/Buenos_Aires", "EST5EDT"] {
            #expect(TimeZoneDatabase.isZoneName(name), "\(name)")
        }
        for name in ["", "/etc/passwd", "../../etc/passwd", "Europe/../../../etc/shadow", "Europe/./Kyiv", "Europe//Kyiv",
                     "Europe/", "Europe/Kyiv\u{0}", "Europe/Kyiv;rm", "Європа/Київ", String(repeating: "a", count: 256)] {
            #expect(!TimeZoneDatabase.isZoneName(name), "\(name)")
        }
    }

    @Test func aRealZoneIsReadAsTZif() throws {
        let bytes = try TimeZoneDatabase.tzifBytes(named: "America/New_York", environment: [:])
        #expect(Array(bytes.prefix(4)) == Array("TZif".utf8))
    }

    @Test func anUnknownOrMalformedZoneIsNamed() {
        #expect(throws: TimeZoneDatabase.LookupError.unknownZone(name: "Mars/Olympus_Mons", directory: "/usr/share/zoneinfo")) {
            try TimeZoneDatabase.tzifBytes(named: "Mars/Olympus_Mons", environment: [:])
        }
        #expect(throws: TimeZoneDatabase.LookupError.invalidName("../../etc/passwd")) {
            try TimeZoneDatabase.tzifBytes(named: "../../etc/passwd", environment: [:])
        }
        // A directory of the database is not a zone.
        #expect(throws: TimeZoneDatabase.LookupError.unknownZone(name: "America", directory: "/usr/share/zoneinfo")) {
            try TimeZoneDatabase.tzifBytes(named: "America", environment: [:])
        }
    }

    @Test func tzdirNamesAnotherDatabase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tzdir-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Test"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("TZif-not-really".utf8).write(to: directory.appendingPathComponent("Test/Zone"))
        let bytes = try TimeZoneDatabase.tzifBytes(named: "Test/Zone", environment: ["TZDIR": directory.path])
        #expect(String(decoding: bytes, as: UTF8.self) == "TZif-not-really")
        #expect(throws: TimeZoneDatabase.LookupError.unknownZone(name: "America/New_York", directory: directory.path)) {
            try TimeZoneDatabase.tzifBytes(named: "America/New_York", environment: ["TZDIR": directory.path])
        }
    }
}
