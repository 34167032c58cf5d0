import MetroLab
import MetroTestSupport
import MetroModel
import Testing

/// The world model's draws stay inside the ranges docs/accuracy.md states, and are reproducible from the seed.
@Suite struct WorldDrawTests {
    let world = labWorlds[0]
    var assumptions: WorldAssumptions { world.assumptions }

    @Test func runningTimesComeFromTheOfficialSamplesPlusNoise() throws {
        let key = SegmentKey(from: "sviatoshyn", to: "nyvky")
        let samples = try #require(world.samples.of(key))
        let low = samples.min()! - assumptions.timetableDwell + assumptions.runningNoise.lowerBound
        let high = samples.max()! - assumptions.timetableDwell + assumptions.runningNoise.upperBound
        var random = SplitMix64(seed: 1)
        var draws: [Double] = []
        for _ in 0..<5_000 { draws.append(world.runningTime(key, &random)) }
        #expect(draws.allSatisfy { $0 >= low && $0 <= high }, "outside \(low)…\(high)")
        // Both ends of the spread are reached, not just its middle.
        #expect(draws.min()! < low + 3 && draws.max()! > high - 3)
        // The backward direction uses the same samples.
        var back = SplitMix64(seed: 1)
        #expect(world.runningTime(key.mirrored, &back) == draws[0])
    }

    @Test func dwellsAreInRangeWithOccasionalHolds() {
        var random = SplitMix64(seed: 2)
        let n = 20_000
        var holds = 0
        for _ in 0..<n {
            let d = world.dwell(&random)
            #expect(d >= assumptions.dwell.lowerBound)
            #expect(d <= assumptions.dwell.upperBound + assumptions.hold.upperBound)
            if d > assumptions.dwell.upperBound { holds += 1 }
        }
        let share = Double(holds) / Double(n)
        #expect(abs(share - assumptions.holdChance) < 0.01, "hold share \(share)")
    }

    @Test func walksScaleTheDataWalkByTheirRange() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<2_000 {
            let measured = world.walk(dataWalkSeconds: 120, measured: true, &random)
            #expect(measured >= 120 * assumptions.measuredWalkFactor.lowerBound)
            #expect(measured <= 120 * assumptions.measuredWalkFactor.upperBound)
            let estimated = world.walk(dataWalkSeconds: 150, measured: false, &random)
            #expect(estimated >= 150 * assumptions.estimatedWalkFactor.lowerBound)
            #expect(estimated <= 150 * assumptions.estimatedWalkFactor.upperBound)
        }
    }

    @Test func theWaitIsUniformOverTheHeadway() {
        var random = SplitMix64(seed: 4)
        var sum = 0.0
        let n = 20_000
        for _ in 0..<n {
            let w = world.wait(headway: 300, &random)
            #expect(w >= 0 && w < 300)
            sum += w
        }
        #expect(abs(sum / Double(n) - 150) < 3)
    }

    @Test func theTwoHeadwayReadings() throws {
        // M1 forward at 07:30 on a weekday: the pair is (300, 180).
        let unix = KyivTime.unixSeconds(year: 2026, month: 9, day: 15, hour: 7, minute: 30, second: 0)
        var random = SplitMix64(seed: 5)
        let interpolated = labWorlds.first { $0.headwayReading == .interpolated }!
        let range = labWorlds.first { $0.headwayReading == .range }!
        #expect(interpolated.headway(line: "m1", direction: .forward, atUnixSeconds: unix, &random) == 240)
        var seen: [Double] = []
        for _ in 0..<2_000 {
            seen.append(try #require(range.headway(line: "m1", direction: .forward, atUnixSeconds: unix, &random)))
        }
        #expect(seen.allSatisfy { $0 >= 180 && $0 <= 300 })
        #expect(seen.min()! < 185 && seen.max()! > 295)
    }

    @Test func aTrueRideIsOrderedAndItsChangeStartsWhenTheDoorsOpen() throws {
        let route = try world.network.route(from: "akademmistechko", to: "lukianivska")
        var random = SplitMix64(seed: 6)
        for _ in 0..<500 {
            let ride = world.drawRide(route: route, departureUnix: 1_789_000_000, &random)
            #expect(ride.pressDelay >= assumptions.pressDelay.lowerBound && ride.pressDelay <= assumptions.pressDelay.upperBound)
            for i in 1..<route.count {
                #expect(ride.arrival[i] >= ride.departure[i - 1] || route[i].isTransfer)
                #expect(ride.departure[i] >= ride.arrival[i])
            }
            let k = try #require(route.firstIndex { $0.isTransfer })
            #expect(ride.departure[k - 1] == ride.arrival[k - 1], "the walk starts at doors open")
            let headway = try #require(ride.headway)
            #expect(ride.departure[k] - ride.departure[k - 1] <= 150 * assumptions.estimatedWalkFactor.upperBound + headway)
        }
    }

    @Test func streamsAreReproducibleAndDistinct() {
        var a = SplitMix64.stream(seed: 9, 1, 2, 3), b = SplitMix64.stream(seed: 9, 1, 2, 3)
        var c = SplitMix64.stream(seed: 9, 1, 2, 4)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
        var u = SplitMix64(seed: 10)
        for _ in 0..<10_000 { let x = u.unit(); #expect(x >= 0 && x < 1) }
    }
}
