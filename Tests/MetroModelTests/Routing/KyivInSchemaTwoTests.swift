import Foundation
import Testing
@testable import MetroModel

/// Kyiv expressed in schema 2 (`GeneralNetworkFile(network:)`) plans exactly as Kyiv's own data does: what schema 1
/// says, schema 2 says too.
@Suite("Kyiv in schema 2")
struct KyivInSchemaTwoTests {
    static let file = GeneralNetworkFile(network: kyiv)
    static let fromFile = RoutePlanner(graph: RouteGraph(file: file))
    static let fromNetwork = RoutePlanner(graph: RouteGraph(network: kyiv, calibration: .empty))

    /// Every ordered pair at a Kyiv wall time on a kind of day: the pairs whose route or expected seconds differ.
    func differences(day: Int, dayName: String, hour: Int, minute: Int) throws -> (checked: Int, differing: [String]) {
        let t0 = kyivUnix(2026, 8, day, hour, minute)
        let networkHeadway = kyiv.routeHeadway(departingAtUnixSeconds: t0)
        let fileHeadway = RouteHeadways(file: Self.file).routeHeadway(day: dayName, departingAtSecondsAfterMidnight: hour * 3600 + minute * 60)
        var checked = 0
        var differing: [String] = []
        for from in kyiv.stationOrder {
            for to in kyiv.stationOrder where from != to {
                let a = try Self.fromNetwork.plan(from: from, to: to, headway: networkHeadway)
                let b = try Self.fromFile.plan(from: from, to: to, headway: fileHeadway)
                checked += 1
                if a.events != b.events || a.expectedSeconds != b.expectedSeconds {
                    differing.append("\(from)→\(to): \(a.expectedSeconds) s against \(b.expectedSeconds) s")
                }
            }
        }
        return (checked, differing)
    }

    @Test(arguments: [(17, "weekday", 12, 0), (17, "weekday", 7, 30), (22, "saturday", 12, 0), (23, "sunday", 21, 40)])
    func everyPairPlansAlikeFromEitherSchema(_ when: (Int, String, Int, Int)) throws {
        let result = try differences(day: when.0, dayName: when.1, hour: when.2, minute: when.3)
        #expect(result.checked == 52 * 51)
        #expect(result.differing == [])
    }

    @Test func theFileHoldsKyivWholeAndSurvivesJSON() throws {
        let file = Self.file
        #expect(file.schema == 2)
        #expect(file.lines.map(\.id) == ["m1", "m2", "m3"])
        #expect(file.lines.allSatisfy { $0.patterns.count == 2 })
        #expect(file.stations.count == 52)
        // Every segment both ways on its line, and the three transfers.
        #expect(file.segments.count == 2 * (52 - 3))
        #expect(file.transfers.count == 3)
        #expect(Set(file.headways.map(\.day)) == ["weekday", "saturday", "sunday"])
        let decoded = try JSONDecoder().decode(GeneralNetworkFile.self, from: try JSONEncoder().encode(file))
        #expect(decoded == file)
    }
}
