import MetroModel
import Testing
@testable import MetroGTFS

private func file(running: Int, dwell: Int, runningMinimum: Int? = nil, dwellMinimum: Int? = nil,
                  bands: [GeneralNetworkFile.BandRecord] = []) -> GeneralNetworkFile {
    let stations = ["a", "b", "c", "d"]
    return GeneralNetworkFile(
        about: "t", provenance: .init(source: "gtfs", agency: "T", publisher: nil, feed_version: nil, valid_from: "2026-01-01",
                                      valid_to: "2026-12-31", imported: "2026-12-05"),
        time_zone: "Europe/Kyiv", defaults: .init(running_s: running, dwell_s: dwell),
        lines: [.init(id: "L", uk: "L", en: "L", color: "#808080", patterns: [.init(id: "L-f1", direction: "forward", stations: stations, trips: [:])])],
        stations: stations.map { .init(id: $0, uk: $0, en: $0, lat: 50, lon: 30, surface: false, closed: false, aliases: []) },
        segments: zip(stations, stations.dropFirst()).map {
            .init(line: "L", from: $0, to: $1, running_s: running, running_p10_s: running, running_p90_s: running,
                  running_min_s: runningMinimum, dwell_s: dwell, dwell_p90_s: dwell, dwell_min_s: dwellMinimum, samples: 1,
                  bands: bands, suspended: false)
        },
        transfers: [], headways: [], service_hours: [])
}

/// A trip leaving a at `start`, `legs` running seconds, `dwell` at each station between.
private func calls(start: Int, legs: [Int], dwell: Int) -> [FeedDigestBuilder.Call] {
    var result = [FeedDigestBuilder.Call(station: "a", arrival: start, departure: start)]
    var t = start
    for (index, station) in ["b", "c", "d"].enumerated() {
        t += legs[index]
        let last = index == 2
        result.append(.init(station: station, arrival: t, departure: last ? t : t + dwell))
        if !last { t += dwell }
    }
    return result
}

@Suite struct ScheduleTruthTests {
    @Test func aTripRunningAsTheMediansIsMetExactlyWithYoursIsNextAtTheStopBefore() {
        var truth = ScheduleTruth(file: file(running: 120, dwell: 30))
        truth.add(line: "L", calls: calls(start: 8 * 3600, legs: [120, 120, 120], dwell: 30))
        let all = truth.total(of: "L")
        // a→b, a→c, a→d, b→c, b→d, c→d.
        #expect(all.rides == 6)
        #expect(all.arrivalError.counts == [0: 6])
        #expect(all.nextStopLate == 0)
        #expect(all.nextStopAtTheStopBefore == 6)
        #expect(truth.figures["L"]?[.morningPeak]?.rides == 6)
    }

    @Test func aTripFarFasterThanTheMediansMakesYoursIsNextLate() {
        // Every leg 40 % faster than the file says: more than the model's 15 % + 5 s allowance, so on the longer
        // rides "yours is next" comes after the scheduled doors-open.
        var truth = ScheduleTruth(file: file(running: 200, dwell: 30))
        truth.add(line: "L", calls: calls(start: 25 * 3600, legs: [120, 120, 120], dwell: 30))
        let all = truth.total(of: "L")
        #expect(all.rides == 6)
        #expect(all.arrivalError.counts == [80: 3, 160: 2, 240: 1])
        #expect(all.nextStopLate > 0)
        #expect(truth.figures["L"]?[.night]?.rides == 6)
    }

    @Test func theShortestRunningTimeOfTheFeedKeepsAFastTripFromBeingLate() {
        // The same fast trip as above, but the file knows a trip ran each segment in 120 s.
        var truth = ScheduleTruth(file: file(running: 200, dwell: 30, runningMinimum: 120))
        truth.add(line: "L", calls: calls(start: 25 * 3600, legs: [120, 120, 120], dwell: 30))
        let all = truth.total(of: "L")
        #expect(all.arrivalError.counts == [80: 3, 160: 2, 240: 1])
        #expect(all.nextStopLate == 0)
    }

    @Test func theShortestDwellKeepsATripHeldNowhereFromBeingLate() {
        // Most trains wait 150 s at each station, this one not at all: far beyond the model's 30 % of a dwell.
        var held = ScheduleTruth(file: file(running: 60, dwell: 150))
        held.add(line: "L", calls: calls(start: 12 * 3600, legs: [60, 60, 60], dwell: 0))
        #expect(held.total(of: "L").nextStopLate > 0)
        var known = ScheduleTruth(file: file(running: 60, dwell: 150, dwellMinimum: 0))
        known.add(line: "L", calls: calls(start: 12 * 3600, legs: [60, 60, 60], dwell: 0))
        #expect(known.total(of: "L").nextStopLate == 0)
    }

    @Test func theRunningTimeOfTheHoursBandIsTheOneTaken() {
        // Medians of 200 s, but 120 s in the band 22:00–26:00: a trip at 23:00 running 120 s is met exactly.
        var truth = ScheduleTruth(file: file(running: 200, dwell: 30,
                                             bands: [.init(from_hour: 22, to_hour: 26, running_s: 120)]))
        truth.add(line: "L", calls: calls(start: 23 * 3600, legs: [120, 120, 120], dwell: 30))
        #expect(truth.total(of: "L").arrivalError.counts == [0: 6])
        #expect(truth.total(of: "L").nextStopLate == 0)
    }

    @Test func theTableNamesEveryLineAndBand() {
        var truth = ScheduleTruth(file: file(running: 120, dwell: 30))
        truth.add(line: "L", calls: calls(start: 6 * 3600, legs: [120, 120, 120], dwell: 30))
        let table = truth.markdown(title: "T")
        // "Yours is next" at the start of the three one-stop rides (120 s before the doors open), at the stop before
        // on the three others (its 30 s dwell and a 120 s run: 150 s); the median is the lower middle value.
        #expect(table.contains("| L | before 07:00 | 6 | 0 / 0 / 0 | 0 (0.0 %) | 100.0 % | 120 / 150 |"))
        #expect(table.contains("| **L** | **all day** | 6 |"))
    }
}
