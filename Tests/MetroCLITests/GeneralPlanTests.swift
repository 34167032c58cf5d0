import Foundation
import MetroModel
import Testing
@testable import MetroCLI

/// A metro the project writes itself, in the shapes the importer must not assume away: no parent stations (the
/// two "Bravo" platforms 40 m apart become one station, id B1, B2 its alias), services only in calendar_dates.txt,
/// a line with a branch (L1: A–B–C–D, and A–B–G), a second line from Bravo (L2: Bravo–E–F), America/New_York time.
private func branchedFeed() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("metrotimer-general-plan-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func clock(_ seconds: Int) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(seconds / 3600)):\(two(seconds % 3600 / 60)):\(two(seconds % 60))"
    }
    var trips = "route_id,service_id,trip_id,direction_id\n"
    var stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
    func trip(_ route: String, _ id: String, start: Int, calls: [(String, Int)]) {
        trips += "\(route),S,\(id),0\n"
        for (sequence, (stop, offset)) in calls.enumerated() {
            stopTimes += "\(id),\(clock(start + offset)),\(clock(start + offset + (sequence == 0 || sequence == calls.count - 1 ? 0 : 20))),\(stop),\(sequence + 1)\n"
        }
    }
    for n in 0..<12 {
        let start = 6 * 3600 + n * 600
        if n % 2 == 0 {
            trip("L1", "L1-\(n)", start: start, calls: [("A", 0), ("B1", 120), ("C", 260), ("D", 400)])
        } else {
            trip("L1", "L1-\(n)", start: start, calls: [("A", 0), ("B1", 120), ("G", 300)])
        }
    }
    for n in 0..<20 {
        trip("L2", "L2-\(n)", start: 6 * 3600 + n * 360, calls: [("B2", 0), ("E", 180), ("F", 320)])
    }
    let files = [
        "agency.txt": "agency_name,agency_url,agency_timezone\nTestville Transit,http://example.org,America/New_York\n",
        "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,40.70,-74.00\nB1,Bravo,40.71,-74.00\n"
            + "B2,Bravo,40.7103,-74.0001\nC,Charlie,40.72,-74.00\nD,Delta,40.73,-74.00\nG,Golf,40.72,-73.99\n"
            + "E,Echo,40.71,-73.98\nF,Foxtrot,40.71,-73.97\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nL1,L1,Main,1\nL2,L2,Cross,1\n",
        "trips.txt": trips,
        "stop_times.txt": stopTimes,
        "calendar_dates.txt": "service_id,date,exception_type\n"
            + (17...28).map { "S,202608\($0),1\n" }.joined(),
    ]
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    return folder
}

/// The JSON object `plan --json` printed.
private func planJSON(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}

/// The branched feed imported into a network file; returns its path (the feed folder is removed by the caller).
private func importedNetwork(_ feed: URL) throws -> String {
    let out = feed.appendingPathComponent("net.json").path
    let r = run(["import-gtfs", feed.path, "--out", out])
    #expect(r.code == 0, "\(r.err)")
    return out
}

@Suite struct GeneralPlanTests {
    @Test func aRideWithAChangePlansOnTheNetworksOwnClock() throws {
        let feed = try branchedFeed()
        defer { try? FileManager.default.removeItem(at: feed) }
        let network = try importedNetwork(feed)
        let r = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", "2026-08-17T07:00", "--json"])
        #expect(r.code == 0, "\(r.err)")
        let json = try planJSON(r.out)
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.map { $0["station"] as? String } == ["A", "B1", "B1", "E", "F"])
        #expect(events.map { $0["line"] as? String } == ["L1", "L1", "L2", "L2", "L2"])
        #expect(events.map { $0["transfer"] as? Bool } == [false, false, true, false, false])
        // New York in August is on EDT, four hours behind UTC.
        #expect(json["start"] as? String == "2026-08-17T07:00:00-04:00")
        #expect(json["changes"] as? Int == 1)
        #expect(json["time_zone"] as? String == "America/New_York")
        let kinds = (json["alerts"] as? [[String: Any]])?.map { $0["kind"] as? String }
        #expect(kinds == ["transfer", "train_departed_reminder", "next_stop", "arrival"])
        // Running 120 s to Bravo and its 20 s dwell, the change on the spot (60 s: the feed gives no walk) and a
        // quarter of the 6-minute headway (90 s), then 180 s, 20 s at Echo and 120 s: 07:10:10.
        #expect(json["arrival"] as? String == "2026-08-17T07:10:10-04:00")

        let table = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", "2026-08-17T07:00"])
        #expect(table.code == 0, "\(table.err)")
        #expect(table.out.contains("Departure 2026-08-17 at 07:00:00 (Monday, America/New_York); weekday timetable; about 10 min on the way, 1 change"), "\(table.out)")
        #expect(table.out.contains("change to line L2 Cross, about 60 s"), "\(table.out)")
        let uk = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", "2026-08-17T07:00", "--lang", "uk"])
        #expect(uk.out.contains("Відправлення 2026-08-17 о 07:00:00 (понеділок, America/New_York); розклад робочого дня; у дорозі ≈10 хв, 1 пересадка"), "\(uk.out)")
    }

    @Test func theBranchAPlatformIdAndAFoldedNameAllPlan() throws {
        let feed = try branchedFeed()
        defer { try? FileManager.default.removeItem(at: feed) }
        let network = try importedNetwork(feed)
        // The branch to Golf: its own pattern, no change.
        let golf = run(["--data", network, "plan", "A", "golf", "--at", "2026-08-17T07:00", "--json"])
        #expect(golf.code == 0, "\(golf.err)")
        let golfPlan = try planJSON(golf.out)
        #expect(golfPlan["changes"] as? Int == 0, "\(golf.out)")
        // Bravo by name in capitals, and by B2, a platform of the merged station: both are B1.
        let bravo = run(["--data", network, "plan", "Alpha", "BRAVO", "--at", "2026-08-17T07:00", "--json"])
        #expect(bravo.code == 0, "\(bravo.err)")
        let bravoPlan = try planJSON(bravo.out)
        #expect(bravoPlan["to"] as? String == "B1", "\(bravo.out)")
        let alias = run(["--data", network, "plan", "Alpha", "B2", "--at", "2026-08-17T07:00", "--json"])
        let aliasPlan = try planJSON(alias.out)
        #expect(aliasPlan["to"] as? String == "B1", "\(alias.err)")
    }

    @Test func stationsListsAndFindsTheNetworksStationsWithTheirLines() throws {
        let feed = try branchedFeed()
        defer { try? FileManager.default.removeItem(at: feed) }
        let network = try importedNetwork(feed)
        let all = run(["--data", network, "stations", "--ids"])
        #expect(all.code == 0, "\(all.err)")
        #expect(all.out == "A\nB1\nC\nD\nE\nF\nG\n")
        let bravo = run(["--data", network, "stations", "brav", "--lang", "en"])
        #expect(bravo.out == "B1  Bravo  [lines L1, L2]\n")
        // A platform id finds its station.
        let platform = run(["--data", network, "stations", "B2", "--ids"])
        #expect(platform.out == "B1\n")
        let none = run(["--data", network, "stations", "Foxtrott"])
        #expect(none.code == 65)
        #expect(none.err.contains("no station matches 'Foxtrott'; did you mean: Foxtrot (F)"), "\(none.err)")
    }

    @Test func firstAndLastTrainsAreWarnedOfAtEachBoarding() throws {
        let feed = try branchedFeed()
        defer { try? FileManager.default.removeItem(at: feed) }
        let network = try importedNetwork(feed)
        func service(_ at: String) throws -> [String: String]? {
            let r = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", at, "--json"])
            #expect(r.code == 0, "\(r.err)")
            return try planJSON(r.out)["service"] as? [String: String]
        }
        // The L1 runs from Alpha 06:00–07:50, the L2 from Bravo 06:00–07:54, on New York's clock.
        #expect(try service("2026-08-17T05:00") == ["kind": "before_first", "station": "A", "time": "2026-08-17T06:00:00-04:00"])
        #expect(try service("2026-08-17T07:00") == ["kind": "last_soon", "station": "A", "time": "2026-08-17T07:50:00-04:00"])
        #expect(try service("2026-08-17T07:50") == ["kind": "after_last", "station": "B1", "time": "2026-08-17T07:54:00-04:00"])
        #expect(try service("2026-08-17T09:00") == ["kind": "after_last", "station": "A", "time": "2026-08-17T07:50:00-04:00"])
        let table = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", "2026-08-17T05:00"])
        #expect(table.out.hasSuffix("\nWarning: Too early: the first train from Alpha leaves at 06:00:00\n"), "\(table.out)")
    }

    @Test func changesAreBoundedAndRefusalsNameWhatWasWrong() throws {
        let feed = try branchedFeed()
        defer { try? FileManager.default.removeItem(at: feed) }
        let network = try importedNetwork(feed)
        let bounded = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", "2026-08-17T07:00", "--changes", "0"])
        #expect(bounded.code == 65)
        #expect(bounded.err.contains("every route needs at least 1 change, 0 allowed (--changes)"), "\(bounded.err)")
        let one = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", "2026-08-17T07:00", "--changes", "1"])
        #expect(one.code == 0, "\(one.err)")
        let bad = run(["--data", network, "plan", "Alpha", "Foxtrot", "--changes", "-1"])
        #expect(bad.code == 64)
        #expect(bad.err.contains("--changes: a number of changes 0–99, not '-1'"), "\(bad.err)")
        let unknown = run(["--data", network, "plan", "Alpha", "Foxtrott"])
        #expect(unknown.code == 65)
        #expect(unknown.err.contains("no station 'Foxtrott'; did you mean: Foxtrot (F)"), "\(unknown.err)")
        // A day outside the feed's calendar plans with the usual timetable of its day of the week, and says so.
        let late = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", "2027-01-04T07:00"])
        #expect(late.code == 0, "\(late.err)")
        #expect(late.out.contains("the feed's calendar covers 2026-08-17…2026-08-28, not 2027-01-04"), "\(late.out)")
        // A clock reading New York skips.
        let skipped = run(["--data", network, "plan", "Alpha", "Foxtrot", "--at", "2027-03-14T02:30"])
        #expect(skipped.code == 64)
        #expect(skipped.err.contains("02:30 on 2027-03-14 does not exist on the America/New_York clock"), "\(skipped.err)")
    }

    @Test func aDamagedNetworkFileIsRefusedByName() throws {
        let feed = try branchedFeed()
        defer { try? FileManager.default.removeItem(at: feed) }
        let network = try importedNetwork(feed)
        var file = try JSONDecoder().decode(GeneralNetworkFile.self, from: Data(contentsOf: URL(fileURLWithPath: network)))
        file.time_zone = "../etc/passwd"
        try JSONEncoder().encode(file).write(to: URL(fileURLWithPath: network))
        let r = run(["--data", network, "plan", "Alpha", "Foxtrot"])
        #expect(r.code == 65)
        #expect(r.err.contains("network data: 'time_zone' '../etc/passwd' is not a time zone name"), "\(r.err)")
    }

    @Test func kyivRoutesAreBoundedToo() {
        let refused = run(["plan", "akademmistechko", "poshtova-ploshcha", "--at", "2026-08-17T12:00", "--changes", "0"])
        #expect(refused.code == 65)
        #expect(refused.err.contains("every route needs at least 1 change, 0 allowed (--changes)"), "\(refused.err)")
        let allowed = run(["plan", "akademmistechko", "poshtova-ploshcha", "--at", "2026-08-17T12:00", "--changes", "1",
                           "--timetable"])
        #expect(allowed.code == 0, "\(allowed.err)")
    }
}
