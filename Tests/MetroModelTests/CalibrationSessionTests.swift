import Foundation
import Testing
@testable import MetroModel

@Suite struct CalibrationSessionTests {
    /// a — b — c(closed) — d — e, with seeds into b 100, c 60, d 180, e 120.
    let line: [CalibrationSession.Stop] = [
        .init(station: "a", isClosed: false, seedRunningSeconds: 0),
        .init(station: "b", isClosed: false, seedRunningSeconds: 100),
        .init(station: "c", isClosed: true, seedRunningSeconds: 60),
        .init(station: "d", isClosed: false, seedRunningSeconds: 180),
        .init(station: "e", isClosed: false, seedRunningSeconds: 120),
    ]

    func at(_ s: Int64) -> Instant { Instant(seconds: s) }
    func key(_ a: StationID, _ b: StationID) -> SegmentKey { SegmentKey(from: a, to: b) }

    @Test func pressesAlternateAndYieldSamples() throws {
        var session = try #require(CalibrationSession(line: "m9", direction: .forward, start: "a", stationsInTravelOrder: line))
        let dep = session.press(at: at(0))
        #expect(dep.kind == .departure && dep.station == "a" && dep.samples.isEmpty)
        let stopB = session.press(at: at(110))
        #expect(stopB.kind == .stop && stopB.station == "b")
        #expect(stopB.samples == [CalibrationSample(key: key("a", "b"), field: .running, seconds: 110)])
        let depB = session.press(at: at(135))
        #expect(depB.kind == .departure && depB.station == "b")
        #expect(depB.samples == [CalibrationSample(key: key("a", "b"), field: .dwell, seconds: 25)])
        // Stop at d, passing closed c: 300 s split 60 : 180.
        let stopD = session.press(at: at(435))
        #expect(stopD.station == "d")
        #expect(stopD.samples == [
            CalibrationSample(key: key("b", "c"), field: .running, seconds: 75),
            CalibrationSample(key: key("c", "d"), field: .running, seconds: 225),
        ])
        // The dwell at d is keyed by the adjacent segment c>d.
        #expect(session.press(at: at(455)).samples == [CalibrationSample(key: key("c", "d"), field: .dwell, seconds: 20)])
        let stopE = session.press(at: at(575))
        #expect(stopE.samples == [CalibrationSample(key: key("d", "e"), field: .running, seconds: 120)])
        #expect(stopE.isFinished)
        #expect(session.expecting == .finished)
        let extra = session.press(at: at(600))
        #expect(extra.kind == .ignored && extra.samples.isEmpty)
        #expect(session.rawPresses == [0, 110, 135, 435, 455, 575, 600].map { at($0) })
    }

    @Test func replayReproducesTheSamples() throws {
        var session = try #require(CalibrationSession(line: "m9", direction: .forward, start: "b", stationsInTravelOrder: line))
        #expect(session.start == "b")
        var live: [CalibrationSample] = []
        for t: Int64 in [1000, 1290, 1315, 1450] { live += session.press(at: at(t)).samples }
        let replayed = CalibrationSession.replay(line: "m9", direction: .forward, start: "b",
                                                 stationsInTravelOrder: line, presses: session.rawPresses)
        #expect(replayed == live)
        #expect(live.count == 4)   // b>c, c>d running, c>d dwell, d>e running
        // A stored session survives encoding and keeps replaying the same way.
        let decoded = try JSONDecoder().decode(CalibrationSession.self, from: JSONEncoder().encode(session))
        #expect(decoded == session)
    }

    @Test func samplesStillMeetThePlausibilityRules() throws {
        var session = try #require(CalibrationSession(line: "m9", direction: .forward, start: "a", stationsInTravelOrder: line))
        _ = session.press(at: at(0))
        let stop = session.press(at: at(10))   // a mis-press: 10 s "running time"
        var store = CalibrationStore()
        let outcomes = store.add(stop.samples)
        #expect(outcomes.count == 1)
        if case .accepted = outcomes[0] { Issue.record("10 s running accepted") }
        #expect(store.isEmpty)
    }

    /// A press too soon to be the stop (or the departure) the session waits for is a stray press: the rider feels
    /// "cannot" and presses again at the real one, so the session must still be waiting for it. Were it to move on,
    /// every later press would be read one step out of phase, and each running time would pass as a plausible dwell.
    @Test func aStrayPressTooSoonLeavesTheSessionWaitingForTheRealOne() throws {
        var session = try #require(CalibrationSession(line: "m9", direction: .forward, start: "a", stationsInTravelOrder: line))
        _ = session.press(at: at(0))                         // departs a
        let stray = session.press(at: at(10))                // 10 s: not the stop at b
        #expect(stray.samples == [CalibrationSample(key: key("a", "b"), field: .running, seconds: 10)],
                "the implausible sample is still handed over, for the store to reject and report")
        #expect(session.expecting == .stop && session.position == 0)
        let stopB = session.press(at: at(110))
        #expect(stopB.kind == .stop && stopB.station == "b")
        #expect(stopB.samples == [CalibrationSample(key: key("a", "b"), field: .running, seconds: 110)])
        let bounce = session.press(at: at(111))              // 1 s after the stop: no departure yet
        #expect(bounce.samples == [CalibrationSample(key: key("a", "b"), field: .dwell, seconds: 1)])
        #expect(session.expecting == .departure && session.position == 1)
        let depB = session.press(at: at(135))
        #expect(depB.kind == .departure && depB.station == "b")
        #expect(depB.samples == [CalibrationSample(key: key("a", "b"), field: .dwell, seconds: 25)])
        // A real stop after a long hold-up is still the stop (the sample is rejected, the session moves on).
        let late = session.press(at: at(1135))
        #expect(late.kind == .stop && late.station == "d")
        #expect(session.position == 3)
        // The stored presses replay to the same samples.
        let replayed = CalibrationSession.replay(line: "m9", direction: .forward, start: "a", stationsInTravelOrder: line,
                                                 presses: session.rawPresses)
        #expect(replayed == [stray, stopB, bounce, depB, late].flatMap(\.samples))
    }

    @Test func startMustBeAnOpenStationOfTheLine() {
        #expect(CalibrationSession(line: "m9", direction: .forward, start: "c", stationsInTravelOrder: line) == nil)
        #expect(CalibrationSession(line: "m9", direction: .forward, start: "zz", stationsInTravelOrder: line) == nil)
        #expect(CalibrationSession.replay(line: "m9", direction: .forward, start: "c", stationsInTravelOrder: line, presses: []) == nil)
    }

    @Test func startingAtTheTerminusIsFinishedAtOnce() throws {
        var session = try #require(CalibrationSession(line: "m9", direction: .forward, start: "e", stationsInTravelOrder: line))
        #expect(session.expecting == .finished)
        #expect(session.press(at: at(1)).kind == .ignored)
    }

    @Test func zeroSeedsSplitEvenly() throws {
        let stations: [CalibrationSession.Stop] = [
            .init(station: "a", isClosed: false, seedRunningSeconds: 0),
            .init(station: "b", isClosed: true, seedRunningSeconds: 0),
            .init(station: "c", isClosed: false, seedRunningSeconds: 0),
        ]
        var session = try #require(CalibrationSession(line: "m9", direction: .backward, start: "a", stationsInTravelOrder: stations))
        _ = session.press(at: at(0))
        #expect(session.press(at: at(200)).samples.map(\.seconds) == [100, 100])
    }
}
