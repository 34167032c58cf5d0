import Foundation
import MetroLab
import MetroTestSupport
import Testing

/// The lab's noisy world on the NYC sample feed (`metrotimer-lab world`), small and with a fixed seed: the feed's
/// trips with noise, ridden through the real engine on the imported network, on one line and with a change.
/// Deterministic: the same rides every run.
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
        let pressing = FeedWorld.pressingTrainDeparted
        #expect(Set(run.world.figures.keys) == ["1", "2", "1 → 2", "2 → 1", "1 → 2" + pressing, "2 → 1" + pressing])
        for (line, figures) in run.world.figures {
            #expect(figures.late == 0, "\(line): never late, \(figures)")
            #expect(figures.silent == 0, "\(line): every ride warned, \(figures)")
        }
        for line in ["1", "2"] {
            let figures = try #require(run.world.figures[line])
            #expect(figures.rides >= 25, "line \(line): \(figures)")
            #expect(figures.inWindow > 0, "line \(line): some at the stop before")
        }
        // With a change, the rider boards the other line's next train to the destination after the walk, judged
        // where the engine plans that very ride; each draw ridden by a rider pressing only at the start and by one
        // pressing "train departed" when asked, on the same truth. The press moves the warning later, never past
        // the doors.
        for changing in ["1 → 2", "2 → 1"] {
            let startOnly = try #require(run.world.figures[changing])
            let pressed = try #require(run.world.figures[changing + pressing])
            #expect(startOnly.rides >= 10, "\(changing): \(startOnly)")
            #expect(pressed.rides == startOnly.rides, "\(changing): the same draws")
            #expect(startOnly.refusedPresses == 0)
            let pressedLead = try #require(pressed.lead.median)
            let startOnlyLead = try #require(startOnly.lead.median)
            #expect(pressedLead < startOnlyLead, "\(changing): pressing warns later (closer to the doors)")
        }
        let again = try FeedWorld.run(feed: Self.feedPath, world: world, every: 40, rides: 4, seed: 7)
        #expect(again.world.figures == run.world.figures, "a fixed seed rides the same rides")
    }
}
