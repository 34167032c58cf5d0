import MetroModel
import Testing
@testable import MetroGTFS

@Suite struct FeedImportTests {
    @Test func aSmallFeedImportsWhole() throws {
        let result = try imported(TestFeed.small())
        let file = result.file
        #expect(file.lines.map(\.id) == ["R"])
        #expect(file.lines[0].color == "#FF0000")
        #expect(file.lines[0].patterns.map(\.stations) == [["a", "b", "c", "d"], ["a", "b"], ["d", "c", "b", "a"]])
        #expect(file.stations.map(\.id) == ["a", "b", "c", "d"])
        #expect(file.stations[0].aliases == ["aN", "aS"])
        #expect(file.time_zone == "Europe/Kyiv")
        #expect(file.transfers == [GeneralNetworkFile.TransferRecord(a: "a", b: "a", walk_s: 90, possible: true)])
        let ab = file.segments.first { $0.from == "a" && $0.to == "b" }
        #expect(ab?.running_s == 90)
        #expect(ab?.dwell_s == 30)
        let summary = result.summary
        #expect(summary.routesSkippedByType == [3: 1])
        #expect(summary.tripsRead == 28)
        #expect(summary.tripsIgnored[.routeNotSelected] == 1)
        #expect(summary.stopTimesRead == 12 * 8 + 4 + 2 + 4 + 2)
        #expect(summary.validFrom == ServiceDate(year: 2024, month: 12, day: 16))
        #expect(summary.validTo == ServiceDate(year: 2025, month: 1, day: 17))
        // The weekday is an ordinary one, not Christmas; Sunday comes from dates alone (the earliest of two alike);
        // no Saturday service.
        #expect(summary.representativeDates == [.weekday: ServiceDate(year: 2024, month: 12, day: 16),
                                                .sunday: ServiceDate(year: 2024, month: 12, day: 22)])
    }

    @Test func timesPastMidnightStayOnTheirServiceDay() throws {
        let file = try imported(TestFeed.small()).file
        let first = file.service_hours.first { $0.station == "a" && $0.direction == "forward" && $0.day == "weekday" }
        #expect(first?.first_s == 21_600)
        #expect(first?.last_s == 24 * 3600 + 600)
    }

    @Test func headwaysComeFromTheDepartures() throws {
        let file = try imported(TestFeed.small()).file
        let seven = file.headways.first { $0.direction == "backward" && $0.day == "weekday" && $0.hour == 7 }
        #expect(seven?.start_s == 600)
        #expect(seven?.end_s == 600)
    }

    @Test func interleavedStopTimesGiveTheSameNetwork() throws {
        let feed = TestFeed.small()
        var lines = feed.files["stop_times.txt"]!.split(separator: "\n").map(String.init)
        let header = lines.removeFirst()
        // Every other row moved to the end: no trip's rows are together any more.
        let shuffled = lines.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) + lines.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let interleaved = feed.with(["stop_times.txt": ([header] + shuffled).joined(separator: "\n") + "\n"])
        #expect(try imported(interleaved).file == imported(feed).file)
    }

    @Test func stopsBetweenTimepointsAreInterpolated() throws {
        let feed = TestFeed.small().with([
            "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nF0,06:00:00,06:00:00,aN,1\nF0,,,bN,2\nF0,,,cN,3\nF0,06:09:00,06:09:00,dN,4\n",
        ])
        let file = try imported(feed).file
        #expect(file.segments.map { [$0.from, $0.to, "\($0.running_s)"] } == [["a", "b", "180"], ["b", "c", "180"], ["c", "d", "180"]])
    }

    @Test func servicesByDatesAloneAndRemovedDatesAreHonoured() throws {
        let feed = TestFeed.small().with(["calendar.txt": nil])
        let result = try imported(feed)
        // Without calendar.txt only the Sunday service runs, on its three dates.
        #expect(result.summary.representativeDates == [.sunday: ServiceDate(year: 2024, month: 12, day: 22),
                                                       .weekday: ServiceDate(year: 2024, month: 12, day: 25)])
        let calendar = ServiceCalendar(calendars: [FeedCalendar(serviceID: "WK", weekdays: [true, true, true, true, true, false, false],
                                                                start: ServiceDate(year: 2024, month: 12, day: 16),
                                                                end: ServiceDate(year: 2025, month: 1, day: 17), line: 2)],
                                       dates: [FeedCalendarDate(serviceID: "WK", date: ServiceDate(year: 2024, month: 12, day: 25), isAdded: false, line: 2),
                                               FeedCalendarDate(serviceID: "WK", date: ServiceDate(year: 2025, month: 2, day: 1), isAdded: true, line: 3)])
        #expect(calendar.isActive("WK", on: ServiceDate(year: 2024, month: 12, day: 24)))
        #expect(!calendar.isActive("WK", on: ServiceDate(year: 2024, month: 12, day: 25)))
        #expect(!calendar.isActive("WK", on: ServiceDate(year: 2024, month: 12, day: 28)))
        #expect(calendar.isActive("WK", on: ServiceDate(year: 2025, month: 2, day: 1)))
        #expect(calendar.lastDate == ServiceDate(year: 2025, month: 2, day: 1))
    }

    @Test(arguments: [false, true])
    func frequencyTripsAreExpandedIntoTheirRepetitions(exactTimes: Bool) throws {
        let feed = TestFeed.small().with([
            "frequencies.txt": "trip_id,start_time,end_time,headway_secs,exact_times\nF0,07:00:00,08:00:00,300,\(exactTimes ? 1 : 0)\n",
        ])
        let result = try imported(feed)
        // F0 stands for 12 trips 07:00 … 07:55 instead of its own 06:00 one.
        #expect(result.summary.tripsRead == 28 - 1 + 12)
        let forwardAtSeven = result.file.headways.first { $0.direction == "forward" && $0.day == "weekday" && $0.hour == 7 }
        #expect(forwardAtSeven?.end_s == 300)
    }

    @Test func platformsWithoutParentsBecomeOneStationPerNameAndPlace() throws {
        let feed = TestFeed.small()
        let stops = feed.files["stops.txt"]!.split(separator: "\n").filter { !$0.contains(",1,") }
            .map { $0.replacingOccurrences(of: ",a\n", with: ",\n") }
            .map { line -> String in
                var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if fields.count == 6 && fields[0] != "stop_id" { fields[5] = "" }
                return fields.joined(separator: ",")
            }
        let result = try imported(feed.with(["stops.txt": stops.joined(separator: "\n") + "\n"]))
        #expect(result.file.stations.map(\.id) == ["aN", "bN", "cN", "dN"])
        #expect(result.file.stations[0].aliases == ["aS"])
    }
}
