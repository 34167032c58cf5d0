import MetroModel
import Testing
@testable import MetroGTFS

/// Checks that importing `feed` fails at exactly this file, line and field, with this problem.
private func expectRefusal(_ feed: TestFeed, _ file: String, line: Int?, column: Int?, _ problem: FeedProblem,
                           options: ImportOptions = ImportOptions(), sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = importError(feed, options: options) else {
        Issue.record("imported without an error; expected \(problem)", sourceLocation: sourceLocation)
        return
    }
    #expect(error.fileName == file, sourceLocation: sourceLocation)
    #expect(error.line == line, "line", sourceLocation: sourceLocation)
    #expect(error.column == column, "field", sourceLocation: sourceLocation)
    #expect(error.problem == problem, sourceLocation: sourceLocation)
}

private let stopTimesHeader = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"

@Suite struct BadFeedTests {
    @Test func missingFilesAndColumns() {
        expectRefusal(TestFeed.small().with(["stops.txt": nil]), "stops.txt", line: nil, column: nil, .missingFile)
        expectRefusal(TestFeed.small().with(["stop_times.txt": nil]), "stop_times.txt", line: nil, column: nil, .missingFile)
        expectRefusal(TestFeed.small().with(["calendar.txt": nil, "calendar_dates.txt": nil]), "calendar.txt", line: nil, column: nil, .missingCalendar)
        expectRefusal(TestFeed.small().with(["agency.txt": "agency_name,agency_url\nX,http://x\n"]), "agency.txt", line: 1, column: nil,
                      .missingColumn("agency_timezone"))
        expectRefusal(TestFeed.small().with(["stop_times.txt": "trip_id,arrival_time,departure_time,stop_sequence\n"]), "stop_times.txt",
                      line: 1, column: nil, .missingColumn("stop_id"))
    }

    @Test(arguments: ["7:5:00", "24:60:00", "x", "48:00:00", "-1:00:00", "12:00"])
    func badTimesAreNamedWithTheirPlace(time: String) {
        let feed = TestFeed.small().with(["stop_times.txt": stopTimesHeader + "F0,06:00:00,06:00:00,aN,1\nF0,\(time),06:02:00,bN,2\n"])
        expectRefusal(feed, "stop_times.txt", line: 3, column: 2,
                      .badValue(column: "arrival_time", value: time,
                                expected: Phrase(uk: "час Г:ХХ:СС або ГГ:ХХ:СС (до 47:59:59)", en: "a time H:MM:SS or HH:MM:SS (up to 47:59:59)")))
    }

    @Test func timesUpToFortySevenHoursAndLeapDaysAreRead() throws {
        let feed = TestFeed.small().with([
            "stop_times.txt": stopTimesHeader + "F0,47:58:00,47:58:00,aN,1\nF0,47:59:59,47:59:59,bN,2\n",
            "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20240226,20240301\n",
            "calendar_dates.txt": "service_id,date,exception_type\nSU,20240229,1\n",
        ])
        let result = try imported(feed)
        #expect(result.file.segments.first?.running_s == 119)
        #expect(result.summary.validTo == ServiceDate(year: 2024, month: 3, day: 1))
    }

    @Test func aDateThatDoesNotExistIsRefused() {
        let feed = TestFeed.small().with(["calendar_dates.txt": "service_id,date,exception_type\nSU,20230229,1\n"])
        expectRefusal(feed, "calendar_dates.txt", line: 2, column: 2,
                      .badValue(column: "date", value: "20230229", expected: Phrase(uk: "дата РРРРММДД", en: "a date YYYYMMDD")))
    }

    @Test func duplicateIDsNameTheFirstLine() {
        let routes = "route_id,route_short_name,route_long_name,route_type\nR,R,Red,1\nBUS,7,,3\nR,R2,,1\n"
        expectRefusal(TestFeed.small().with(["routes.txt": routes]), "routes.txt", line: 4, column: 1,
                      .duplicateID(column: "route_id", id: "R", firstLine: 2))
        var trips = TestFeed.small().files["trips.txt"]!
        trips += "R,WK,F3,0,\n"
        let lineOfF3 = trips.split(separator: "\n").firstIndex { $0.contains(",F3,") }! + 1
        expectRefusal(TestFeed.small().with(["trips.txt": trips]), "trips.txt", line: trips.split(separator: "\n").count, column: 3,
                      .duplicateID(column: "trip_id", id: "F3", firstLine: lineOfF3))
        let stopTimes = stopTimesHeader + "F0,06:00:00,06:00:00,aN,1\nF0,06:02:00,06:02:00,bN,1\n"
        expectRefusal(TestFeed.small().with(["stop_times.txt": stopTimes]), "stop_times.txt", line: 3, column: nil,
                      .duplicateStopSequence(tripID: "F0", stopSequence: 1))
    }

    @Test func unknownReferencesAreNamed() {
        let small = TestFeed.small()
        expectRefusal(small.with(["trips.txt": "route_id,service_id,trip_id\nNOPE,WK,T1\n"]), "trips.txt", line: 2, column: 1,
                      .unknownReference(column: "route_id", id: "NOPE", file: "routes.txt"))
        expectRefusal(small.with(["trips.txt": "route_id,service_id,trip_id\nR,HOLIDAY,T1\n"]), "trips.txt", line: 2, column: 2,
                      .unknownReference(column: "service_id", id: "HOLIDAY", file: "calendar.txt / calendar_dates.txt"))
        expectRefusal(small.with(["stop_times.txt": stopTimesHeader + "GHOST,06:00:00,06:00:00,aN,1\n"]), "stop_times.txt", line: 2, column: 1,
                      .unknownReference(column: "trip_id", id: "GHOST", file: "trips.txt"))
        expectRefusal(small.with(["stop_times.txt": stopTimesHeader + "F0,06:00:00,06:00:00,zz,1\n"]), "stop_times.txt", line: 2, column: 4,
                      .unknownReference(column: "stop_id", id: "zz", file: "stops.txt"))
        expectRefusal(small.with(["stops.txt": "stop_id,stop_name,stop_lat,stop_lon,parent_station\naN,A,50.4,30.5,nowhere\n"]),
                      "stops.txt", line: 2, column: nil, .unknownReference(column: "parent_station", id: "nowhere", file: "stops.txt"))
        expectRefusal(small.with(["transfers.txt": "from_stop_id,to_stop_id,transfer_type\naN,qq,0\n"]), "transfers.txt", line: 2, column: 2,
                      .unknownReference(column: "to_stop_id", id: "qq", file: "stops.txt"))
        expectRefusal(small.with(["frequencies.txt": "trip_id,start_time,end_time,headway_secs\nT9,06:00:00,07:00:00,300\n"]),
                      "frequencies.txt", line: 2, column: 1, .unknownReference(column: "trip_id", id: "T9", file: "trips.txt"))
    }

    @Test func brokenQuotingIsACSVErrorInItsFile() {
        let feed = TestFeed.small().with(["routes.txt": "route_id,route_short_name,route_type\nR,\"Red,1\n"])
        expectRefusal(feed, "routes.txt", line: 2, column: 2, .csv(.unterminatedQuote))
    }

    @Test func aStreamCutShortIsTheSourcesErrorNotACSVOne() {
        let feed = TestFeed.small()
        feed.failing = ["stop_times.txt"]
        expectRefusal(feed, "stop_times.txt", line: nil, column: nil, .unreadable(Phrase(uk: "зіпсовано", en: "corrupt member")))
    }

    @Test func aTripWithOneStopAndTimesGoingBackAreRefused() {
        expectRefusal(TestFeed.small().with(["stop_times.txt": stopTimesHeader + "F0,06:00:00,06:00:00,aN,1\n"]), "stop_times.txt",
                      line: 2, column: nil, .tripTooShort(tripID: "F0", stopTimes: 1))
        expectRefusal(TestFeed.small().with(["stop_times.txt": stopTimesHeader + "F0,06:00:00,06:05:00,aN,1\nF0,06:03:00,06:04:00,bN,2\n"]),
                      "stop_times.txt", line: 3, column: nil, .timeGoesBack(tripID: "F0", stopSequence: 2))
        expectRefusal(TestFeed.small().with(["stop_times.txt": stopTimesHeader + "F0,06:00:00,06:00:00,aN,1\nF0,,,bN,2\n"]),
                      "stop_times.txt", line: 3, column: nil, .tripEndWithoutTime(tripID: "F0"))
    }

    @Test func aStationWithoutCoordinatesIsRefused() {
        let feed = TestFeed.small().with(["stops.txt": "stop_id,stop_name,stop_lat,stop_lon\naN,A,50.4,30.5\nbN,B,,30.5\n"])
        expectRefusal(feed, "stops.txt", line: 3, column: 3, .missingCoordinates(stopID: "bN"))
    }

    @Test func differentTimeZonesAndNoMetroRoutesAreRefused() {
        let agencies = "agency_id,agency_name,agency_url,agency_timezone\nA,One,http://a,Europe/Kyiv\nB,Two,http://b,Europe/Warsaw\n"
        expectRefusal(TestFeed.small().with(["agency.txt": agencies]), "agency.txt", line: 3, column: nil,
                      .timeZonesDiffer("Europe/Kyiv", "Europe/Warsaw"))
        expectRefusal(TestFeed.small(), "routes.txt", line: nil, column: nil, .noRouteSelected(available: [1: 1, 3: 1]),
                      options: ImportOptions(routeTypes: [2]))
    }

    @Test func frequenciesRepeatingTooOftenAndEndlessTripsAreRefused() {
        let rows = (0..<30).map { _ in "F0,00:00:00,47:00:00,1" }.joined(separator: "\n")
        expectRefusal(TestFeed.small().with(["frequencies.txt": "trip_id,start_time,end_time,headway_secs\n" + rows + "\n"]),
                      "frequencies.txt", line: 13, column: nil,
                      .tooMany(what: Phrase(uk: "рейсів разом із повтореннями", en: "trips, repetitions included"), limit: 2_000_000))
        let endless = (1...10_001).map { "F0,06:00:00,06:00:00,aN,\($0)" }.joined(separator: "\n")
        expectRefusal(TestFeed.small().with(["stop_times.txt": stopTimesHeader + endless + "\n"]), "stop_times.txt", line: 10_002, column: nil,
                      .tooMany(what: Phrase(uk: "зупинок у рейсі «F0»", en: "stop times in trip 'F0'"), limit: 10_000))
    }

    @Test func chosenRoutesOverrideTheTypes() throws {
        let result = try imported(TestFeed.small(), options: ImportOptions(routeIDs: ["BUS"]))
        #expect(result.file.lines.map(\.id) == ["BUS"])
        #expect(result.file.lines[0].en == "7")
        #expect(result.summary.tripsIgnored[.routeNotSelected] == 27)
    }
}
