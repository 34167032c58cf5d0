import Foundation
import MetroLab
import MetroTestSupport
import Testing

/// The lab's noisy world on the NYC sample feed (`metrotimer-lab world`), small and with a fixed seed: the feed's
/// trips with noise, ridden through the real engine on the imported network. Deterministic: the same rides every
/// run.
@Suite struct FeedWorldTests {
    static var feedPath: String { SampleFeeds.newYorkSubway }

    @Test func noYoursIsNextComesAfterTheDoorsOpenOnTheFeedsOwnTrips() throws {
        guard FileManager.default.fileExists(atPath: Self.feedPath) else {
            Issue.record("the NYC sample feed is missing at \(Self.feedPath): run `make sample-feeds` (scripts/fetch-sample-feeds.sh)")
            return
        }
        let world = try WorldAssumptions.load(path: repositoryRoot + "/Data/accuracy-world.json")
        let run = try FeedWorld.run(feed: Self.feedPath, world: world, every: 40, rides: 4, seed: 7)
        #expect(run.date == "2024-12-16", "the first weekday of the feed's calendar")
        #expect(Set(run.world.figures.keys) == ["1", "2"])
        for (line, figures) in run.world.figures {
            #expect(figures.rides >= 40, "line \(line): \(figures)")
            #expect(figures.late == 0, "line \(line): never late, \(figures)")
            #expect(figures.inWindow > 0, "line \(line): some at the stop before, \(figures)")
        }
        let again = try FeedWorld.run(feed: Self.feedPath, world: world, every: 40, rides: 4, seed: 7)
        #expect(again.world.figures == run.world.figures, "a fixed seed rides the same rides")
    }
}
