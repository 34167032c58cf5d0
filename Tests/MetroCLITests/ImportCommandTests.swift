import Foundation
import MetroModel
import Testing
@testable import MetroCLI

/// A two-station feed written into a fresh folder; `changes` replace or add files.
private func feedFolder(_ changes: [String: String] = [:]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-import-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var files = [
        "agency.txt": "agency_name,agency_url,agency_timezone\nTest Metro,http://example.org,Europe/Kyiv\n",
        "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\nA1,Alpha,50.40,30.50\nB1,Beta,50.41,30.50\n",
        "routes.txt": "route_id,route_short_name,route_type\nL,L1,1\n",
        "trips.txt": "route_id,service_id,trip_id,direction_id\nL,ALL,T1,0\nL,ALL,T2,0\n",
        "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,06:00:00,06:00:00,A1,1\nT1,06:02:00,06:02:00,B1,2\nT2,06:10:00,06:10:00,A1,1\nT2,06:12:00,06:12:00,B1,2\n",
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20260101,20261231\n",
    ]
    for (name, text) in changes { files[name] = text }
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    return folder
}

@Suite struct ImportCommandTests {
    @Test func aFeedBecomesANetworkFileAndASummary() throws {
        let feed = try feedFolder()
        defer { try? FileManager.default.removeItem(at: feed) }
        let out = feed.appendingPathComponent("net.json").path
        let r = run(["import-gtfs", feed.path, "--out", out])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("'Test Metro' (Europe/Kyiv), timetable from 2026-01-01 to 2026-12-31"))
        #expect(r.out.contains("lines: 1, stations: 2"))
        #expect(r.out.contains("wrote \(out)"))
        let file = try JSONDecoder().decode(GeneralNetworkFile.self, from: Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(file.schema == 2)
        #expect(file.stations.map(\.id) == ["A1", "B1"])
        #expect(file.segments.first?.running_s == 120)
        #expect(file.provenance.imported == "2026-08-17")
        let uk = run(["import-gtfs", feed.path, "--out", out, "--lang", "uk"])
        #expect(uk.out.contains("ліній: 1, станцій: 2"))
    }

    @Test func aBrokenFeedWritesNothingAndKeepsWhatWasThere() throws {
        let feed = try feedFolder(["stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,06:00:00,06:00:00,A1,1\nT1,6:0:00,06:02:00,B1,2\n"])
        defer { try? FileManager.default.removeItem(at: feed) }
        let out = feed.appendingPathComponent("net.json")
        try Data("previous\n".utf8).write(to: out)
        let r = run(["import-gtfs", feed.path, "--out", out.path])
        #expect(r.code == 65)
        #expect(r.err.contains("stop_times.txt, line 3, field 2: arrival_time '6:0:00' is not a time H:MM:SS or HH:MM:SS"), "\(r.err)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: feed.path).filter { $0.hasPrefix(".net.json") }
        #expect(names.isEmpty, "a temporary file left behind: \(names)")
    }

    @Test func aZoneTheTzDatabaseDoesNotKnowIsRefused() throws {
        let feed = try feedFolder(["agency.txt": "agency_name,agency_url,agency_timezone\nTest Metro,http://example.org,Mars/Olympus\n"])
        defer { try? FileManager.default.removeItem(at: feed) }
        let out = feed.appendingPathComponent("net.json").path
        let r = run(["import-gtfs", feed.path, "--out", out])
        #expect(r.code == 65)
        #expect(r.err.contains("agency.txt: no time zone 'Mars/Olympus'"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let feed = try feedFolder()
        defer { try? FileManager.default.removeItem(at: feed) }
        let out = feed.appendingPathComponent("net.json").path
        for (arguments, message) in [(["import-gtfs", feed.path], "needs --out FILE"),
                                     (["import-gtfs", "--out", out], "needs one FEED"),
                                     (["import-gtfs", feed.path, "--out", out, "--route-types", "1,x"], "'x' is not a GTFS route type"),
                                     (["import-gtfs", feed.path, "--out", out, "--route-types", "1,1800"], "'1800' is not a GTFS route type"),
                                     (["import-gtfs", feed.path, "--out", out, "--routes", ","], "--routes needs at least one route_id")] {
            let r = run(arguments)
            #expect(r.code == 64, "\(arguments)")
            #expect(r.err.contains(message), "\(arguments): \(r.err)")
        }
        let missing = run(["import-gtfs", feed.path + "-missing", "--out", out])
        #expect(missing.code == 66)
        #expect(missing.err.contains("cannot open the feed \(feed.path)-missing"))
        let help = run(["import-gtfs", "--help"])
        #expect(help.out.hasPrefix("usage: metrotimer import-gtfs FEED --out FILE"))
    }
}
