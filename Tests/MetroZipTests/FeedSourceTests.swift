import Foundation
import MetroGTFS
import MetroGTFSFiles
import MetroModel
import MetroTestSupport
import MetroZip
import Testing

private func text<S: FeedFileSource>(_ source: S, _ name: String) throws -> String {
    var bytes = try source.open(name)
    var out: [UInt8] = []
    while let byte = bytes.next() { out.append(byte) }
    return String(decoding: out, as: UTF8.self)
}

@Suite struct FeedSourceTests {
    @Test func aZipWithItsFilesInOneFolderIsReadAsIfAtTheTop() throws {
        let fixtures = try ZipFixtures()
        let path = try fixtures.zip("nested.zip", [.init(name: "feed-2025/agency.txt", bytes: Array("agency_name\nX\n".utf8)),
                                                    .init(name: "feed-2025/stops.txt", bytes: Array("stop_id\n1\n".utf8))])
        let source = try ZipFeedSource(path: path)
        #expect(source.prefix == "feed-2025/")
        #expect(source.contains("stops.txt"))
        #expect(!source.contains("trips.txt"))
        #expect(try text(source, "stops.txt") == "stop_id\n1\n")
        let flat = try ZipFeedSource(path: try fixtures.zip("flat.zip", [.init(name: "stops.txt", bytes: Array("stop_id\n".utf8)),
                                                                           .init(name: "extra/readme.txt", bytes: [0x41])]))
        #expect(flat.prefix == "")
        #expect(flat.contains("stops.txt"))
    }

    @Test func aCorruptMemberIsTheSourcesReadFailure() throws {
        // A deflated member whose compressed bytes are flipped in the middle: libzip's inflate or CRC check fails
        // while streaming, and the source says so after the stream ends.
        let fixtures = try ZipFixtures()
        let content = Array(String(repeating: "trip_id,stop_id,stop_sequence\n", count: 5_000).utf8)
        let good = try fixtures.zip("good.zip", [.init(name: "stop_times.txt", bytes: content)])
        let bad = try fixtures.patched(good, as: "bad.zip") { bytes in
            let start = headerOffsets(bytes, signature: localHeader)[0] + 30 + "stop_times.txt".utf8.count
            for k in 40..<80 { bytes[start + k] ^= 0x5A }
        }
        let source = try ZipFeedSource(path: bad)
        #expect(source.readFailure(of: "stop_times.txt") == nil)
        var stream = try source.open("stop_times.txt")
        var count = 0
        while stream.next() != nil { count += 1 }
        #expect(count < content.count)
        #expect(source.readFailure(of: "stop_times.txt") != nil)
    }

    @Test func aFolderFeedReadsItsOwnRegularFilesOnly() throws {
        let fixtures = try ZipFixtures()
        let feed = fixtures.folder.appendingPathComponent("feed")
        _ = try fixtures.file("feed/stops.txt", Array(String(repeating: "x", count: 200_000).utf8))
        _ = try fixtures.file("outside.txt", Array("secret\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: feed.appendingPathComponent("trips.txt").path,
                                                   withDestinationPath: fixtures.folder.appendingPathComponent("outside.txt").path)
        try FileManager.default.createDirectory(at: feed.appendingPathComponent("routes.txt"), withIntermediateDirectories: true)
        let source = try #require(FolderFeedSource(path: feed.path))
        #expect(try text(source, "stops.txt").count == 200_000)
        #expect(!source.contains("trips.txt"), "a link leading out of the folder")
        #expect(!source.contains("routes.txt"), "a directory")
        #expect(!source.contains("../outside.txt"))
        #expect(throws: FeedSourceError.self) { try source.open("trips.txt") }
        #expect(FolderFeedSource(path: fixtures.folder.appendingPathComponent("none").path) == nil)
    }

    @Test func aPathIsOpenedAsAFolderOrAZipAndAMissingOneIsNamed() throws {
        let fixtures = try ZipFixtures()
        _ = try fixtures.file("dir/agency.txt", [0x41])
        guard case .folder = try FeedSource.open(path: fixtures.folder.appendingPathComponent("dir").path) else {
            Issue.record("a folder not opened as one"); return
        }
        let zip = try fixtures.zip("f.zip", [.init(name: "agency.txt", bytes: [0x41])])
        guard case .zip = try FeedSource.open(path: zip) else { Issue.record("a zip not opened as one"); return }
        let missing = fixtures.folder.appendingPathComponent("missing.zip").path
        #expect(throws: FeedSourceError(fileName: missing, reason: Phrase(uk: "не вдалося відкрити фід \(missing): «No such file or directory»",
                                                                         en: "cannot open the feed \(missing): No such file or directory"))) {
            try FeedSource.open(path: missing)
        }
    }
}

/// The real feed the import is written for: MTA New York City Transit's routes 1 and 2, fetched by
/// `make sample-feeds` into the test cache (docs/data.md).
@Suite struct NewYorkFeedTests {
    static var feedPath: String { SampleFeeds.newYorkSubway }

    /// The feed imported with the default options, or nil after recording that it is missing (loudly: a test
    /// that cannot run is a failure, not a pass).
    static func imported() throws -> ImportResult? {
        guard FileManager.default.fileExists(atPath: feedPath) else {
            Issue.record("the NYC sample feed is missing at \(feedPath): run `make sample-feeds` (scripts/fetch-sample-feeds.sh)")
            return nil
        }
        return try FeedImport.run(source: try FeedSource.open(path: feedPath), options: ImportOptions(),
                                  imported: ServiceDate(year: 2026, month: 12, day: 5))
    }

    @Test func theNewYorkFeedImportsWithItsKnownCounts() throws {
        guard let result = try Self.imported() else { return }
        let summary = result.summary
        #expect(summary.agency == "MTA New York City Transit")
        #expect(summary.timeZone == "America/New_York")
        #expect(summary.stations == 91)
        #expect(summary.lines == 2)
        #expect(summary.tripsRead == 1_990)
        #expect(summary.tripsUsed == 1_990)
        #expect(summary.stopTimesRead == 86_150)
        #expect(summary.validFrom == ServiceDate(year: 2024, month: 12, day: 15))
        #expect(summary.validTo == ServiceDate(year: 2025, month: 1, day: 17))
        // Christmas runs the Sunday timetable (calendar_dates.txt), so an ordinary Monday stands for weekdays.
        #expect(summary.representativeDates[.weekday] == ServiceDate(year: 2024, month: 12, day: 16))
        let file = result.file
        #expect(file.lines.map(\.id) == ["1", "2"])
        // The 1's main forward pattern (GTFS direction 0, northbound in this feed): South Ferry to Van Cortlandt
        // Park-242 St, 38 stations.
        #expect(file.lines[0].patterns[0].stations.count == 38)
        #expect(file.lines[0].patterns[0].stations.first == "142")
        #expect(file.lines[0].patterns[0].stations.last == "101")
        // Times Sq-42 St is served by both lines; its platforms are its aliases.
        let timesSquare = file.stations.first { $0.id == "127" }
        #expect(timesSquare?.aliases == ["127N", "127S"])
        let lines = Set(file.lines.filter { $0.patterns.contains { $0.stations.contains("127") } }.map(\.id))
        #expect(lines == ["1", "2"])
        #expect(file.segments.allSatisfy { (30...900).contains($0.running_s) })
    }

    /// The trips on a date's clock, as the lab's world rides them: that date's services, and the day before's trips
    /// still running after its midnight, a day earlier. Counted from the feed's files independently: 786 weekday
    /// trips and 31 Sunday trips past 24:00 on Monday 16 December 2024; on Christmas (the Sunday timetable by
    /// calendar_dates.txt) 554 Sunday trips and 39 of Christmas Eve's weekday trips.
    @Test func theTripsOfADateAreItsServicesAndLastNightsAfterMidnight() throws {
        guard let result = try Self.imported() else { return }
        func trips(on date: ServiceDate) throws -> (count: Int, beforeMidnight: Int) {
            var count = 0, beforeMidnight = 0
            try ScheduleTruth.forEachTrip(source: try FeedSource.open(path: Self.feedPath), file: result.file,
                                          runningOn: date, restart: { count = 0; beforeMidnight = 0 }) { _, calls in
                count += 1
                if calls[0].departure < 0 { beforeMidnight += 1 }
            }
            return (count, beforeMidnight)
        }
        let monday = try trips(on: ServiceDate(year: 2024, month: 12, day: 16))
        #expect(monday.count == 786 + 31)
        #expect(monday.beforeMidnight > 0 && monday.beforeMidnight <= 31, "last night's trips start before midnight")
        let christmas = try trips(on: ServiceDate(year: 2024, month: 12, day: 25))
        #expect(christmas.count == 554 + 39)
    }

    /// The imported network plans rides on the 1, on the 2 and from one to the other, on New York's clock.
    @Test func ridesOnTheOneAndTheTwoPlanWithAndWithoutAChange() throws {
        guard let result = try Self.imported() else { return }
        let network = try GeneralNetwork.load(json: Array(try JSONEncoder().encode(result.file)))
        let zone = try TimeZoneRules(tzif: Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/America/New_York"))))
        // Monday 16 December 2024, 08:00 EST (13:00 UTC).
        let unix = KyivTime.daysFromCivil(year: 2024, month: 12, day: 16) * 86_400 + 13 * 3600
        let service = ZonedServiceTime(unixSeconds: unix, rules: zone)
        #expect(service.kindOfDay == "weekday")
        #expect(service.secondsAfterMidnight == 8 * 3600)
        func plan(_ from: StationID, _ to: StationID, maxChanges: Int? = nil) throws -> GeneralPlan {
            try network.plan(from: from, to: to, t0: Instant(seconds: unix), wall: .unixTimeline, service: service,
                             maxChanges: maxChanges)
        }
        // Van Cortlandt Park-242 St to South Ferry with no change: the whole of the 1, 38 stations.
        let one = try plan("101", "142", maxChanges: 0)
        #expect(one.route.changes == 0)
        #expect(one.route.legs.map(\.line) == ["1"])
        #expect(one.trip.events.count == 38)
        // With any number of changes, the 2 express between 72 St (123) and Chambers St (137) saves more than the two changes
        // cost: the 1, the 2, the 1 again, sooner.
        let express = try plan("101", "142")
        #expect(express.route.legs.map(\.line) == ["1", "2", "1"])
        #expect(express.route.legs.map(\.alighting) == ["123", "137", "142"])
        #expect(express.trip.arrival < one.trip.arrival)
        #expect(express.alerts.filter { $0.kind == .transfer }.map(\.station) == ["123", "137"])
        // Wakefield-241 St to Flatbush Av: the 2 end to end.
        let two = try plan("201", "247")
        #expect(two.route.legs.map(\.line) == ["2"])
        // Van Cortlandt Park-242 St to Flatbush Av: the 1, then the 2 (the 1 does not go to Brooklyn).
        let both = try plan("101", "247")
        #expect(both.route.changes == 1)
        #expect(both.route.legs.map(\.line) == ["1", "2"])
        #expect(both.alerts.map(\.kind) == [.transfer, .trainDepartedReminder, .nextStop, .arrival])
        // The subway runs all night: no boarding of these is before the first train or after the last, at 08:00
        // or at 03:30 (when the trains still run on the previous day's timetable, past 24:00).
        #expect([one, express, two, both].allSatisfy { $0.serviceIssue == nil })
        let night = KyivTime.daysFromCivil(year: 2024, month: 12, day: 17) * 86_400 + (3 * 3600 + 1800) + 5 * 3600
        let overnight = try network.plan(from: "101", to: "247", t0: Instant(seconds: night), wall: .unixTimeline,
                                         service: ZonedServiceTime(unixSeconds: night, rules: zone))
        #expect(overnight.service.secondsAfterMidnight == 27 * 3600 + 1800)
        #expect(overnight.serviceIssue == nil)
        for ride in [one, express, two, both] {
            let nextStop = try #require(ride.alerts.first { $0.kind == .nextStop })
            #expect(nextStop.instant <= ride.trip.arrival)
        }
    }
}
