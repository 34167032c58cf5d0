import MetroModel
import Testing
@testable import MetroGTFS

private func file(running: Int, dwell: Int) -> GeneralNetworkFile {
    let stations = ["a", "b", "c", "d"]
    return GeneralNetworkFile(
        about: "t", provenance: .init(source: "gtfs", agency: "T", publisher: nil, feed_version: nil, valid_from: "2026-01-01",
                                      valid_to: "2026-12-31", imported: "2026-12-05"),
        time_zone: "Europe/Kyiv", defaults: .init(running_s: running, dwell_s: dwell),
        lines: [.init(id: "L", uk: "L", en: "L", color: "#808080", patterns: [.init(id: "L-f1", direction: "forward", stations: stations, trips: [:])])],
        stations: stations.map { .init(id: $0, uk: $0, en: $0, lat: 50, lon: 30, surface: false, closed: false, aliases: []) },
        segments: zip(stations, stations.dropFirst()).map {
            .init(line: "L", from: $0, to: $1, running_s: running, running_p10_s: running, running_p90_s: running,
                  dwell_s: dwell, dwell_p90_s: dwell, samples: 1, bands: [], suspended: false)
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

    @Test func theTableNamesEveryLineAndBand() {
        var truth = ScheduleTruth(file: file(running: 120, dwell: 30))
        truth.add(line: "L", calls: calls(start: 6 * 3600, legs: [120, 120, 120], dwell: 30))
        let table = truth.markdown(title: "T")
        #expect(table.contains("| L | before 07:00 | 6 | 0 / 0 / 0 | 0 (0.0 %) | 100.0 % |"))
        #expect(table.contains("| **L** | **all day** | 6 |"))
    }
}
