import MetroLab
import MetroModel
import MetroTestSupport
import Testing

/// What GPS teaches calibration, measured against the truth: the store a ride ends with, segment by segment,
/// against that ride's true running times.
@Suite struct CalibrationBiasTests {
    @Test func eachLearnedSegmentIsComparedWithItsTrueRunningTime() {
        var store = CalibrationStore()
        store.add(CalibrationSample(key: SegmentKey(from: "a", to: "b"), field: .running, seconds: 100))
        store.add(CalibrationSample(key: SegmentKey(from: "b", to: "c"), field: .running, seconds: 70))
        store.add(CalibrationSample(key: SegmentKey(from: "b", to: "c"), field: .running, seconds: 90))
        store.add(CalibrationSample(key: SegmentKey(from: "c", to: "d"), field: .dwell, seconds: 25))
        store.add(CalibrationSample(key: SegmentKey(from: "x", to: "y"), field: .running, seconds: 60))
        let truth: [SegmentKey: Double] = [SegmentKey(from: "a", to: "b"): 91.5, SegmentKey(from: "b", to: "c"): 83,
                                           SegmentKey(from: "c", to: "d"): 99]
        var bias = CalibrationBias()
        bias.add(store) { truth[$0] }
        // a>b learned 100 (8.5 s long), b>c 80 from two samples (3 s short); c>d has no running average, and the
        // ride never ran x>y.
        #expect(bias.segments == 2 && bias.samples == 3)
        #expect(bias.withinFive == 1)
        #expect(bias.error.quantile(0.5) == -3 && bias.error.quantile(1) == 9)
        #expect(bias.absoluteError.quantile(0.95) == 9)
        #expect(bias.row("test") == "| test | 2 | 3 | -3 s | 3 s | 9 s | 50.0 % |\n")
        var twice = bias
        twice.merge(bias)
        #expect(twice.segments == 4 && twice.samples == 6 && twice.withinFive == 2 && twice.error.total == 4)
    }

    @Test func theTrueRunningTimeIsDoorsClosedToDoorsOpenOnATrain() throws {
        let world = labWorlds[0]
        // A route with a change: the change is a walk, not a segment run by train.
        let route = try world.network.route(from: "arsenalna", to: "lukianivska")
        var random = SplitMix64(seed: 21)
        let truth = world.drawRide(route: route, departureUnix: 1_789_452_000, &random)
        var checked = 0
        for j in 0..<(route.count - 1) {
            let key = SegmentKey(from: route[j].station, to: route[j + 1].station)
            if route[j + 1].isTransfer {
                #expect(truth.runningTime(key, route: route) == nil, "\(key) is the walk of the change")
            } else {
                let running = try #require(truth.runningTime(key, route: route))
                #expect(running == truth.arrival[j + 1] - truth.departure[j])
                #expect(running >= world.assumptions.runningFloor)
                checked += 1
            }
        }
        #expect(checked >= 3)
        #expect(route.contains { $0.isTransfer })
        #expect(truth.runningTime(SegmentKey(from: route[1].station, to: route[0].station), route: route) == nil,
                "the other direction is another segment")
    }
}
