import Testing
@testable import MetroGTFS

/// Calls of a trip leaving `start` and running `legs` (running seconds) with `dwell` seconds at each station
/// between.
private func calls(_ stations: [String], start: Int, legs: [Int], dwell: Int = 30) -> [FeedDigestBuilder.Call] {
    var result = [FeedDigestBuilder.Call(station: stations[0], arrival: start, departure: start)]
    var clock = start
    for (index, station) in stations.dropFirst().enumerated() {
        clock += legs[index]
        let isLast = index == stations.count - 2
        result.append(.init(station: station, arrival: clock, departure: isLast ? clock : clock + dwell))
        if !isLast { clock += dwell }
    }
    return result
}

@Suite struct FeedDigestBuilderTests {
    @Test func patternsAreCountedPerDayTypeAndABranchIsItsOwnPattern() {
        var builder = FeedDigestBuilder()
        builder.add(routeID: "1", directionID: 0, days: [.weekday, .saturday], calls: calls(["a", "b", "c"], start: 25_200, legs: [100, 100]))
        builder.add(routeID: "1", directionID: 0, days: [.weekday], calls: calls(["a", "b", "c"], start: 25_500, legs: [100, 100]))
        builder.add(routeID: "1", directionID: 0, days: [.weekday], calls: calls(["a", "b", "d"], start: 25_800, legs: [100, 120]))
        let digest = builder.finish()
        let trunk = FeedPattern(routeID: "1", directionID: 0, stations: ["a", "b", "c"])
        let branch = FeedPattern(routeID: "1", directionID: 0, stations: ["a", "b", "d"])
        #expect(digest.patterns[trunk] == [.weekday: 2, .saturday: 1])
        #expect(digest.patterns[branch] == [.weekday: 1])
        #expect(digest.patterns.count == 2)
        #expect(digest.tripsUsed == 3)
    }

    @Test func runningIsDepartureToArrivalAndDwellIsAtTheSegmentsEndButNotAtTheTerminus() {
        var builder = FeedDigestBuilder()
        for (start, leg) in [(25_200, 90), (25_500, 100), (25_800, 100), (26_100, 200)] {
            builder.add(routeID: "2", directionID: 1, days: [.weekday], calls: calls(["a", "b", "c"], start: start, legs: [leg, 60], dwell: 25))
        }
        let digest = builder.finish()
        let ab = digest.segments[FeedSegmentKey(routeID: "2", from: "a", to: "b")]
        let bc = digest.segments[FeedSegmentKey(routeID: "2", from: "b", to: "c")]
        #expect(ab?.running.median == 100)
        #expect(ab?.running.maximum == 200)
        #expect(ab?.dwell.median == 25)
        #expect(bc?.running.median == 60)
        #expect(bc?.dwell.total == 0)
        #expect(digest.segments[FeedSegmentKey(routeID: "2", from: "b", to: "a")] == nil)
    }

    @Test func consecutiveCallsAtOneStationAreOneCall() {
        var builder = FeedDigestBuilder()
        builder.add(routeID: "1", directionID: nil, days: [.sunday], calls: [
            .init(station: "a", arrival: 100, departure: 100), .init(station: "b", arrival: 200, departure: 210),
            .init(station: "b", arrival: 220, departure: 240), .init(station: "c", arrival: 340, departure: 340),
        ])
        let digest = builder.finish()
        #expect(digest.patterns.keys.first?.stations == ["a", "b", "c"])
        #expect(digest.segments[FeedSegmentKey(routeID: "1", from: "b", to: "c")]?.running.median == 100)
        #expect(digest.segments[FeedSegmentKey(routeID: "1", from: "a", to: "b")]?.dwell.median == 40)
    }

    @Test func tripsAtOneStationOrOnNoDayAreIgnoredWithTheirReason() {
        var builder = FeedDigestBuilder()
        builder.add(routeID: "1", directionID: 0, days: [.weekday], calls: [.init(station: "a", arrival: 0, departure: 0),
                                                                            .init(station: "a", arrival: 60, departure: 60)])
        builder.add(routeID: "1", directionID: 0, days: [], calls: calls(["a", "b"], start: 0, legs: [60]))
        builder.ignore(.routeNotSelected)
        let digest = builder.finish()
        #expect(digest.tripsUsed == 0)
        #expect(digest.tripsIgnored == [.tooFewStations: 1, .serviceNeverRuns: 1, .routeNotSelected: 1])
        #expect(digest.patterns.isEmpty)
    }

    @Test func headwaysComeFromDeparturesAtTheStationMostTripsServe() {
        // Every 5 minutes from 07:00 to 07:55 from "a", then every 10 minutes to 08:50; a short turn starting at
        // "b" (30 s + 100 s after "a"'s trains would be there) every 10 minutes in the first hour doubles the
        // service at "b" and "c": "b" is the trunk (served by more trips than "c", whose trains go nowhere from it),
        // where the trains of the first hour leave every 150 s.
        var builder = FeedDigestBuilder()
        var starts = Array(stride(from: 25_200, to: 28_800, by: 300))
        starts += Array(stride(from: 28_800, to: 32_400, by: 600))
        for start in starts {
            builder.add(routeID: "1", directionID: 0, days: [.weekday], calls: calls(["a", "b", "c"], start: start, legs: [100, 100]))
        }
        for start in stride(from: 25_200 + 100 + 30 + 150, to: 28_800, by: 300) {
            builder.add(routeID: "1", directionID: 0, days: [.weekday], calls: calls(["b", "c"], start: start, legs: [100]))
        }
        let headways = builder.finish().headways[FeedServiceKey(routeID: "1", directionID: 0, day: .weekday)]
        #expect(headways?[7] == FeedHeadway(start: 150, end: 150))
        // 08:00 falls between the last short turn (07:59:40 at "b") and the first 10-minute train (08:02:10).
        #expect(headways?[8] == FeedHeadway(start: 150, end: 600))
        #expect(headways?.keys.sorted() == [7, 8])
    }

    @Test func hourlyHeadwaysReadTheIntervalAcrossEachHourEdge() {
        let times = [3_600, 3_900, 4_500, 7_300]
        let headways = FeedDigestBuilder.hourlyHeadways(of: times)
        #expect(headways[1] == FeedHeadway(start: 300, end: 2_800))
        #expect(headways[2] == FeedHeadway(start: 2_800, end: 2_800))
        #expect(FeedDigestBuilder.hourlyHeadways(of: [3_600]).isEmpty)
        // A train alone after a pause of hours is no headway; one hour's edge in a pause takes the hour's own.
        let night = FeedDigestBuilder.hourlyHeadways(of: [25_200, 25_800, 26_400, 28_500, 87_000])
        #expect(night[7] == FeedHeadway(start: 600, end: 2_100))
        #expect(night[24] == nil)
        #expect(night.count == 1)
        let pause = FeedDigestBuilder.hourlyHeadways(of: [25_200, 25_500, 40_000, 40_300])
        #expect(pause[7] == FeedHeadway(start: 300, end: 300))
        #expect(pause[11] == FeedHeadway(start: 300, end: 300))
    }

    @Test func serviceHoursAreFirstAndLastDeparturePastMidnightIncludedAndNoneAtTheTerminus() {
        var builder = FeedDigestBuilder()
        for start in [19_800, 50_000, 90_000] { // 05:30, 13:53, 25:00
            builder.add(routeID: "1", directionID: 1, days: [.saturday], calls: calls(["x", "y"], start: start, legs: [120]))
        }
        let digest = builder.finish()
        let service = FeedServiceKey(routeID: "1", directionID: 1, day: .saturday)
        #expect(digest.serviceHours[FeedStationServiceKey(station: "x", service: service)] == FeedServiceWindow(first: 19_800, last: 90_000))
        #expect(digest.serviceHours[FeedStationServiceKey(station: "y", service: service)] == nil)
    }

    @Test func aSlowerPeakIsItsOwnTimeBand() {
        var timing = FeedSegmentTiming()
        for (hour, median) in [(6, 100), (7, 104), (8, 130), (9, 128), (10, 101)] {
            timing.runningByHour[hour, default: ValueHistogram()].add(median)
        }
        let bands = timing.bands()
        #expect(bands.map { [$0.startHour, $0.endHour, $0.firstMedian] } == [[6, 8, 100], [8, 10, 130], [10, 11, 101]])
        var flat = FeedSegmentTiming()
        for hour in 5...23 { flat.runningByHour[hour, default: ValueHistogram()].add(95) }
        #expect(flat.bands().count == 1)
    }
}
