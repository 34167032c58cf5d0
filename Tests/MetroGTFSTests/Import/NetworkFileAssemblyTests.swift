import FoundationEssentials
import MetroModel
import Testing
@testable import MetroGTFS

private func platform(_ id: String, _ name: String, parent: String?) -> FeedStop {
    FeedStop(id: id, name: name, latitude: 40.7, longitude: -73.9, kind: parent == nil ? .station : .platform,
             parentStation: parent, line: 2)
}

/// A feed of two routes: "L" (local, a → b → c → d and back) and "X" (express, a → d), sharing a and d, with
/// platforms under parent stations, transfers given per platform, and a stop no kept trip uses.
private func assembled() -> GeneralNetworkFile {
    let stops = ["a", "b", "c", "d", "z"].flatMap { id in
        [platform(id, id.uppercased() + " St", parent: nil), platform(id + "N", id.uppercased() + " St", parent: id),
         platform(id + "S", id.uppercased() + " St", parent: id)]
    }
    let grouping = StationGrouping(stops: stops)
    var builder = FeedDigestBuilder()
    func call(_ station: String, _ t: Int) -> FeedDigestBuilder.Call { .init(station: station, arrival: t, departure: t + 20) }
    for start in stride(from: 21_600, to: 25_200, by: 600) {
        builder.add(routeID: "L", directionID: 0, days: [.weekday],
                    calls: [call("a", start), call("b", start + 100), call("c", start + 200), call("d", start + 300)])
        builder.add(routeID: "L", directionID: 1, days: [.weekday, .sunday],
                    calls: [call("d", start), call("c", start + 100), call("b", start + 200), call("a", start + 300)])
    }
    builder.add(routeID: "L", directionID: 0, days: [.weekday], calls: [call("a", 30_000), call("b", 30_100)])
    builder.add(routeID: "X", directionID: 0, days: [.saturday], calls: [call("a", 30_000), call("d", 30_200)])
    let routes = [
        FeedRoute(id: "X", agencyID: nil, shortName: "X", longName: "Express", type: 1, color: nil, line: 3),
        FeedRoute(id: "L", agencyID: nil, shortName: "L", longName: "", type: 1, color: "ee352e", line: 2),
        FeedRoute(id: "Q", agencyID: nil, shortName: "Q", longName: "Unused", type: 1, color: nil, line: 4),
    ]
    let transfers = [
        FeedTransfer(fromStopID: "aN", toStopID: "aS", kind: .minimumTime, minimumSeconds: 120, line: 2),
        FeedTransfer(fromStopID: "aS", toStopID: "aN", kind: .minimumTime, minimumSeconds: 180, line: 3),
        FeedTransfer(fromStopID: "dN", toStopID: "bS", kind: .notPossible, minimumSeconds: nil, line: 4),
        FeedTransfer(fromStopID: "zN", toStopID: "aN", kind: .recommended, minimumSeconds: nil, line: 5),
    ]
    let feed = FeedDescription(agencyName: "Test Transit", timeZone: "America/New_York",
                               info: FeedInfo(publisherName: "Pub", version: "v7", start: nil, end: nil),
                               stops: stops, routes: routes, transfers: transfers,
                               firstServiceDate: ServiceDate(year: 2024, month: 12, day: 15),
                               lastServiceDate: ServiceDate(year: 2025, month: 1, day: 17))
    return GeneralNetworkFile(digest: builder.finish(), feed: feed, grouping: grouping,
                              imported: ServiceDate(year: 2026, month: 12, day: 5))
}

@Suite struct NetworkFileAssemblyTests {
    @Test func linesAreTheRoutesWithTripsAndTheirPatternsMostRunFirst() {
        let file = assembled()
        #expect(file.schema == 2)
        #expect(file.lines.map(\.id) == ["L", "X"])
        let local = file.lines[0]
        #expect(local.en == "L")
        #expect(local.color == "#EE352E")
        #expect(file.lines[1].color == "#808080")
        #expect(file.lines[1].en == "X Express")
        #expect(local.patterns.map(\.id) == ["L-f1", "L-f2", "L-b1"])
        #expect(local.patterns[0].stations == ["a", "b", "c", "d"])
        #expect(local.patterns[1].stations == ["a", "b"])
        #expect(local.patterns[2].direction == "backward")
        #expect(local.patterns[2].stations == ["d", "c", "b", "a"])
        #expect(local.patterns[2].trips == ["weekday": 6, "sunday": 6])
    }

    @Test func stationsAreTheUsedOnesWithTheirPlatformsAsAliases() {
        let file = assembled()
        #expect(file.stations.map(\.id) == ["a", "b", "c", "d"])
        #expect(file.stations[0].aliases == ["aN", "aS"])
        #expect(file.stations[0].en == "A St")
    }

    @Test func segmentsCarryMediansAndTransfersAreMergedPerStationPair() {
        let file = assembled()
        let ab = file.segments.first { $0.line == "L" && $0.from == "a" && $0.to == "b" }
        #expect(ab?.running_s == 80)
        #expect(ab?.dwell_s == 20)
        #expect(ab?.samples == 7)
        #expect(file.segments.first { $0.line == "X" }?.running_s == 180)
        // aN↔aS given twice: one same-station change with the longer walk; z is unused, so its transfer is dropped.
        #expect(file.transfers == [
            GeneralNetworkFile.TransferRecord(a: "a", b: "a", walk_s: 180, possible: true),
            GeneralNetworkFile.TransferRecord(a: "b", b: "d", walk_s: 0, possible: false),
        ])
    }

    @Test func headwaysAndServiceHoursNameDirectionAndDay() {
        let file = assembled()
        let forward = file.headways.filter { $0.line == "L" && $0.direction == "forward" && $0.day == "weekday" }
        #expect(forward.first?.hour == 6)
        #expect(forward.first?.start_s == 600)
        let firstAtD = file.service_hours.first { $0.station == "d" && $0.direction == "backward" && $0.day == "sunday" }
        #expect(firstAtD?.first_s == 21_620)
        #expect(firstAtD?.last_s == 24_620)
    }

    @Test func provenanceAndTheJSONRoundTrip() throws {
        let file = assembled()
        #expect(file.provenance.valid_from == "2024-12-15")
        #expect(file.provenance.imported == "2026-12-05")
        #expect(file.provenance.feed_version == "v7")
        #expect(file.time_zone == "America/New_York")
        let decoded = try JSONDecoder().decode(GeneralNetworkFile.self, from: try JSONEncoder().encode(file))
        #expect(decoded == file)
    }
}
