import Foundation
import MetroLab
import MetroModel
import MetroTestSupport
import Testing

/// GPS riders in the lab's noisy world on the NYC sample feed: fixes only where the lab's own truth
/// (Data/lab/nyc-open-sky.json) has the train under open sky, a GPS row beside each row with an open-sky stretch,
/// the other rows riding exactly what they rode without it. Small and with a fixed seed.
@Suite struct FeedWorldGPSTests {
    static var feedPath: String { SampleFeeds.newYorkSubway }
    static let openSkyPath = repositoryRoot + "/Data/lab/nyc-open-sky.json"

    func feedPresent() -> Bool {
        guard FileManager.default.fileExists(atPath: Self.feedPath) else {
            Issue.record("the NYC sample feed is missing at \(Self.feedPath): run `make sample-feeds` (scripts/fetch-sample-feeds.sh)")
            return false
        }
        return true
    }

    @Test func theGPSRiderGetsFixesOnlyOnOpenSkyStretches() throws {
        guard feedPresent() else { return }
        let openSky = try FeedWorld.loadOpenSky(path: Self.openSkyPath)
        #expect(openSky.count == 33)
        #expect(openSky.isSuperset(of: ["116", "109", "101", "220", "201", "251", "257"]))
        #expect(openSky.isDisjoint(with: ["120", "115", "117", "221", "250"]), "96 St, 137 St, 116 St, 3 Av-149 St, Utica Av are underground")
        var exact = try WorldAssumptions.load(path: repositoryRoot + "/Data/accuracy-world.json")
        exact.gpsErrorMeters = 0
        exact.gpsGapChance = 0
        let run = try FeedWorld.run(feed: Self.feedPath, world: exact, every: 400, rides: 1, seed: 7, openSky: openSky)
        #expect(run.unknownOpenSky.isEmpty, "every open-sky id is a station of the feed")
        let world = run.world

        // The 1 northbound from 157 St (underground) to Van Cortlandt Park, the 2 from Prospect Av (on the
        // elevated) back into the tunnel at 3 Av-149 St, and on to Brooklyn's New Lots elevated after a tunnel stop.
        let trips: [[String]] = [
            ["113", "112", "111", "110", "109", "108", "107", "106", "104", "103", "101"],
            ["219", "220", "221", "222"],
            ["250", "251", "252", "253"],
            ["120", "119", "118", "117", "116", "115", "114"],
        ]
        var random = SplitMix64(seed: 3)
        var onOpenSky = 0
        for stations in trips {
            var arrival: [Double] = [], departure: [Double] = []
            for k in stations.indices {
                arrival.append(k == 0 ? 0 : departure[k - 1] + 95)
                departure.append(k == 0 || k == stations.count - 1 ? arrival[k] : arrival[k] + 30)
            }
            let stops = FeedWorld.TrueStops(stations: stations, arrival: arrival, departure: departure,
                                            runsOn: stations.indices.map { $0 < stations.count - 1 })
            let fixes = world.fixes(stops, &random)
            let points = try stations.map { id in try #require(world.network.station(StationID(id)), "\(id)") }
            for fix in fixes {
                // Standing at an open-sky station, where it stands then; or between two open-sky stations, on the
                // straight line between them, while the train runs from one to the other.
                let standing = stations.indices.contains { k in
                    openSky.contains(stations[k]) && fix.seconds >= arrival[k] && fix.seconds < max(departure[k], arrival[k] + 5)
                        && abs(fix.latitude - points[k].latitude) < 1e-9 && abs(fix.longitude - points[k].longitude) < 1e-9
                }
                let running = stations.indices.dropLast().contains { k in
                    guard openSky.contains(stations[k]), openSky.contains(stations[k + 1]),
                          fix.seconds >= departure[k], fix.seconds < arrival[k + 1] else { return false }
                    let a = points[k], b = points[k + 1]
                    let f = (fix.latitude - a.latitude) / (b.latitude - a.latitude)
                    let g = (fix.longitude - a.longitude) / (b.longitude - a.longitude)
                    return f >= -1e-9 && f <= 1 + 1e-9 && abs(f - g) < 1e-6
                }
                #expect(standing || running, "\(stations): a fix at \(fix.seconds) s off the open sky")
                if standing || running { onOpenSky += 1 }
            }
            switch stations[0] {
            case "113":
                // Underground until 191 St; open sky from Dyckman St (index 4): nothing before its arrival.
                #expect(fixes.allSatisfy { $0.seconds >= arrival[4] })
                #expect(fixes.count > 50)
            case "219":
                // Prospect Av → Jackson Av on the elevated, then the tunnel: nothing after leaving Jackson Av.
                #expect(!fixes.isEmpty && fixes.allSatisfy { $0.seconds < departure[1] })
            case "250":
                #expect(fixes.allSatisfy { $0.seconds >= arrival[1] } && !fixes.isEmpty)
            default:
                // 125 St alone on the 1's viaduct: standing there only.
                #expect(!fixes.isEmpty && fixes.allSatisfy { $0.seconds >= arrival[4] && $0.seconds < departure[4] })
            }
        }
        #expect(onOpenSky > 60)
    }

    @Test func ridesWithAnOpenSkyStretchAreRiddenAgainWithGPS() throws {
        guard feedPresent() else { return }
        let world = try WorldAssumptions.load(path: repositoryRoot + "/Data/accuracy-world.json")
        let openSky = try FeedWorld.loadOpenSky(path: Self.openSkyPath)
        let run = try FeedWorld.run(feed: Self.feedPath, world: world, every: 40, rides: 4, seed: 7, openSky: openSky)
        let gps = FeedWorld.withGPS
        for line in ["1", "2", "1 → 2", "2 → 1"] {
            let plain = try #require(run.world.figures[line])
            let withGPS = try #require(run.world.figures[line + gps], "\(line): a GPS row")
            // Only the rides with an open-sky stretch, and not all of them (much of both lines is underground).
            #expect(withGPS.rides > 0 && withGPS.rides < plain.rides, "\(line): \(withGPS.rides) of \(plain.rides)")
            #expect(withGPS.fixes > 0, "\(line): fixes were fed")
            #expect(withGPS.late == 0, "\(line): \(withGPS)")
            #expect(run.world.calibration[line + gps] != nil, "\(line): its calibration measured")
            // The same rides with the start press only, for the like-for-like comparison.
            let twin = try #require(run.world.figures[line + FeedWorld.sameRidesWithoutGPS])
            #expect(twin.rides == withGPS.rides && twin.fixes == 0 && twin.late == 0, "\(line): \(twin)")
        }
        #expect(run.world.calibrationMarkdown().contains("| 1\(gps): \(run.world.figures["1" + gps]!.rides) rides"))
        // The GPS riders draw from their own stream: every other row rides what it rode without them.
        let without = try FeedWorld.run(feed: Self.feedPath, world: world, every: 40, rides: 4, seed: 7)
        #expect(run.world.figures.filter { !$0.key.hasSuffix(gps) && !$0.key.hasSuffix(FeedWorld.sameRidesWithoutGPS) }
            == without.world.figures)
        #expect(without.world.calibration.isEmpty)
        let again = try FeedWorld.run(feed: Self.feedPath, world: world, every: 40, rides: 4, seed: 7, openSky: openSky)
        #expect(again.world.figures == run.world.figures && again.world.calibration == run.world.calibration,
                "a fixed seed rides the same rides")
    }
}
