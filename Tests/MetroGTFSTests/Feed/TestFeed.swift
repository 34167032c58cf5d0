import MetroModel
@testable import MetroGTFS

/// A feed held as texts: the test double of the zip and folder sources. `failing` names files whose stream
/// ends early with a read error, as a corrupt zip member's would.
final class TestFeed: FeedFileSource {
    var files: [String: String]
    var failing: Set<String> = []
    private(set) var opened: [String] = []

    init(_ files: [String: String]) { self.files = files }

    func contains(_ fileName: String) -> Bool { files[fileName] != nil }

    func open(_ fileName: String) throws(FeedSourceError) -> IndexingIterator<[UInt8]> {
        opened.append(fileName)
        let bytes = Array(files[fileName]!.utf8)
        // A failing stream stops halfway, as a member whose data is cut short would.
        return (failing.contains(fileName) ? Array(bytes.prefix(bytes.count / 2)) : bytes).makeIterator()
    }

    func readFailure(of fileName: String) -> FeedSourceError? {
        failing.contains(fileName) ? FeedSourceError(fileName: fileName, reason: Phrase(uk: "зіпсовано", en: "corrupt member")) : nil
    }

    /// A copy with some files replaced (nil removes one).
    func with(_ changes: [String: String?]) -> TestFeed {
        var files = self.files
        for (name, text) in changes { files[name] = text }
        return TestFeed(files)
    }

    /// A small metro: line "R" (a → b → c → d and back, every 10 min 06:00–08:00 on weekdays, two trips past
    /// midnight), a short turn "R" a → b, a bus route left out by type, and a Sunday service given only by dates.
    static func small() -> TestFeed {
        var stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
        var trips = "route_id,service_id,trip_id,direction_id,shape_id\n"
        func trip(_ id: String, route: String = "R", service: String = "WK", direction: Int, stops: [String], start: Int) {
            trips += "\(route),\(service),\(id),\(direction),\n"
            var t = start
            for (index, stop) in stops.enumerated() {
                let arrival = time(t), departure = time(index == 0 || index == stops.count - 1 ? t : t + 30)
                stopTimes += "\(id),\(arrival),\(departure),\(stop),\(index + 1)\n"
                t += (index == 0 || index == stops.count - 1 ? 0 : 30) + 90
            }
        }
        for n in 0..<12 {
            trip("F\(n)", direction: 0, stops: ["aN", "bN", "cN", "dN"], start: 21_600 + n * 600)
            trip("B\(n)", direction: 1, stops: ["dS", "cS", "bS", "aS"], start: 21_600 + n * 600)
        }
        trip("LATE1", direction: 0, stops: ["aN", "bN", "cN", "dN"], start: 24 * 3600 + 600)
        trip("SHORT", direction: 0, stops: ["aN", "bN"], start: 25_000)
        trip("SUN1", service: "SU", direction: 0, stops: ["aN", "bN", "cN", "dN"], start: 30_000)
        trip("BUS1", route: "BUS", direction: 0, stops: ["aN", "dN"], start: 30_000)
        var stops = "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n"
        for (index, id) in ["a", "b", "c", "d"].enumerated() {
            let lat = 50.40 + Double(index) * 0.01
            stops += "\(id),\(id.uppercased()) Square,\(lat),30.5,1,\n"
            stops += "\(id)N,\(id.uppercased()) Square,\(lat),30.5,0,\(id)\n\(id)S,\(id.uppercased()) Square,\(lat),30.5,,\(id)\n"
        }
        return TestFeed([
            "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Test Metro,http://example.org,Europe/Kyiv\n",
            "stops.txt": stops,
            "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type,route_color\nR,A,R,Red,1,ff0000\nBUS,A,7,,3,\n",
            "trips.txt": trips,
            "stop_times.txt": stopTimes,
            // Christmas (a Wednesday) runs the Sunday service instead of the weekday one.
            "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20241216,20250117\n",
            "calendar_dates.txt": "service_id,date,exception_type\nWK,20241225,2\nSU,20241222,1\nSU,20241225,1\nSU,20241229,1\n",
            "transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\naN,aS,2,90\n",
        ])
    }

    static func time(_ seconds: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }
}

/// The error an import of `feed` fails with, or nil when it does not fail.
func importError(_ feed: TestFeed, options: ImportOptions = ImportOptions()) -> FeedError? {
    do {
        _ = try FeedImport.run(source: feed, options: options, imported: ServiceDate(year: 2026, month: 12, day: 5))
        return nil
    } catch {
        return error
    }
}

/// The import of `feed`, which must succeed.
func imported(_ feed: TestFeed, options: ImportOptions = ImportOptions()) throws -> ImportResult {
    try FeedImport.run(source: feed, options: options, imported: ServiceDate(year: 2026, month: 12, day: 5))
}
