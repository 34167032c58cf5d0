import Testing
@testable import MetroModel

@Suite("Headway at an instant (model §3.1)")
struct HeadwayTests {
    @Test(arguments: [(8, 0, 210), (8, 30, 188), (9, 0, 165), (3, 0, 540), (23, 40, 540)])
    func specExamplesM1ForwardMonday(_ example: (Int, Int, Int)) {
        let unix = kyivUnix(2026, 8, 17, example.0, example.1)
        #expect(kyiv.headway(line: "m1", direction: .forward, atUnixSeconds: unix) == example.2)
    }

    @Test func interpolatesWithinTheHourAndRoundsHalfAwayFromZero() throws {
        let pair = try #require(kyiv.headwayPair(line: "m2", hour: 8, day: .weekday, direction: .backward))
        for minute in stride(from: 0, to: 60, by: 7) {
            let unix = kyivUnix(2026, 8, 17, 8, minute, 13)
            let f = Double(minute * 60 + 13) / 3600
            #expect(kyiv.headway(line: "m2", direction: .backward, atUnixSeconds: unix)
                == rha(Double(pair.start) + Double(pair.end - pair.start) * f))
        }
        // Example 2 of §13: m2 backward at 08:05:47 is 207.
        #expect(kyiv.headway(line: "m2", direction: .backward, atUnixSeconds: kyivUnix(2026, 8, 17, 8, 5, 47)) == 207)
    }

    /// A network whose m1 weekday 08:00 row, forward, is `pair`.
    func networkWithM1Forward8(_ pair: [Int]) throws -> Network {
        var object = try networkObject()
        var rows = object["headways"] as! [[String: Any]]
        let i = try #require(rows.firstIndex {
            $0["line"] as? String == "m1" && $0["hour"] as? Int == 8 && $0["day"] as? String == "weekday"
        })
        rows[i]["forward"] = pair
        object["headways"] = rows
        return try Network.load(json: encode(object))
    }

    @Test func exactHalvesRoundAwayFromZeroWhateverTheBinaryFraction() throws {
        // 420 → 120 across the hour: at 08:38:30 the value is 420 − 300 · 2310/3600 = 227.5 exactly, which
        // rha() makes 228 (and the quarter-headway wait 57). Computed as 420 + (−300 · 0.641666…) in binary
        // floating point it is 227.49999999999997 and would round to 227 (wait 56).
        let network = try networkWithM1Forward8([420, 120])
        #expect(network.headway(line: "m1", direction: .forward, atUnixSeconds: kyivUnix(2026, 8, 17, 8, 38, 30)) == 228)
        // Every second of the hour against exact integer arithmetic: rha(n / 3600) = ⌊(2n + 3600) / 7200⌋, n > 0.
        for second in 0..<3600 {
            let n = 420 * 3600 - 300 * second
            let unix = kyivUnix(2026, 8, 17, 8, second / 60, second % 60)
            #expect(network.headway(line: "m1", direction: .forward, atUnixSeconds: unix) == (2 * n + 3600) / 7200,
                    "08:\(second / 60):\(second % 60)")
        }
    }

    @Test func dayTypeComesFromTheServiceDay() throws {
        // m1 backward at the start of hour 6: the weekday and weekend rows differ, so the day type shows.
        let weekday = try #require(kyiv.headwayPair(line: "m1", hour: 6, day: .weekday, direction: .backward))
        let weekend = try #require(kyiv.headwayPair(line: "m1", hour: 6, day: .weekend, direction: .backward))
        try #require(weekday.start != weekend.start)
        // Before 06:00 the row of hour 6 at f = 0, of the service day's type:
        // Saturday 00:20 belongs to Friday's service day (weekday table) ...
        #expect(kyiv.headway(line: "m1", direction: .backward, atUnixSeconds: kyivUnix(2026, 12, 5, 0, 20))
            == weekday.start)
        // ... Saturday 05:00 to Saturday's (weekend), and Monday 03:59:59 still to Sunday's (weekend) ...
        #expect(kyiv.headway(line: "m1", direction: .backward, atUnixSeconds: kyivUnix(2026, 12, 5, 5, 0))
            == weekend.start)
        #expect(kyiv.headway(line: "m1", direction: .backward, atUnixSeconds: kyivUnix(2026, 12, 7, 3, 59, 59))
            == weekend.start)
        // ... and Monday 04:00 to Monday's (weekday).
        #expect(kyiv.headway(line: "m1", direction: .backward, atUnixSeconds: kyivUnix(2026, 12, 7, 4, 0))
            == weekday.start)
    }

    @Test func tableEndsBefore6AndAfter22ButHours6And22Interpolate() throws {
        // m1 forward, weekday 6:00 row: 540 → 240. f = 0 for any h < 6; within hour 6 the value moves.
        let pair = try #require(kyiv.headwayPair(line: "m1", hour: 6, day: .weekday, direction: .forward))
        try #require(pair.start != pair.end)
        func at(_ h: Int, _ m: Int, _ s: Int = 0) -> Int? {
            kyiv.headway(line: "m1", direction: .forward, atUnixSeconds: kyivUnix(2026, 8, 17, h, m, s))
        }
        #expect(at(5, 59, 59) == pair.start)
        #expect(at(6, 0) == pair.start)
        #expect(at(6, 30) == rha(Double(pair.start + pair.end) / 2))
        // One second before 07:00 the value is within half a second of the row's end.
        try #require(abs(pair.end - pair.start) < 1800)
        #expect(at(6, 59, 59) == pair.end)
        // After 22:59 the end of the row of hour 22, however late.
        let late = try #require(kyiv.headwayPair(line: "m1", hour: 22, day: .weekday, direction: .backward))
        #expect(kyiv.headway(line: "m1", direction: .backward, atUnixSeconds: kyivUnix(2026, 8, 17, 23, 0)) == late.end)
        #expect(kyiv.headway(line: "m1", direction: .backward, atUnixSeconds: kyivUnix(2026, 8, 17, 22, 0)) == late.start)
    }

    @Test func everyLineDirectionAndHourHasAHeadway() {
        for line in kyiv.lines {
            for direction in Direction.allCases {
                for hour in 0..<24 {
                    let value = kyiv.headway(line: line.id, direction: direction,
                                             atUnixSeconds: kyivUnix(2026, 8, 17, hour, 30))
                    #expect(value != nil && value! > 0)
                }
            }
        }
    }
}
