import MetroTestSupport
import Testing
@testable import MetroModel

/// The tally kept as trips are journaled gives the figures a from-scratch pass over the whole journal gives: here
/// against the from-scratch computation the year on the metro used before the tally (kept below as the oracle),
/// over 10 000 trips fed in shuffled order, ties of start time included.
@Suite struct JournalTallyTests {
    static func journal(_ count: Int, _ random: inout SplitMix64) -> [JournalEntry] {
        let stations = kyiv.allStations.map(\.id) + ["closed-long-ago"]
        let routes = (0..<30).map { _ in (stations.randomElement(using: &random)!, stations.randomElement(using: &random)!) }
        let start = kyivUnix(2025, 1, 1, 0, 0)
        // Few distinct start instants, so rides share a start and their order is decided by id.
        let instants = (0..<400).map { _ in start + Int64.random(in: 0..<(3 * 365 * 86_400), using: &random) }
        return (0..<count).map { index in
            let (from, to) = routes.randomElement(using: &random)!
            let final = Int.random(in: 300...3000, using: &random)
            let wall: Int64? = index % 101 == 0 ? nil : instants.randomElement(using: &random)! * 1000
            return JournalEntry(
                id: Int64(index + 1), t0: Instant(seconds: 100), t0UnixMilliseconds: wall, from: from, to: to,
                plannedSeconds: final + Int.random(in: -200...200, using: &random), finalSeconds: final,
                confirmedSeconds: final + Int.random(in: -900...900, using: &random),
                manualCorrections: Int.random(in: 0...3, using: &random), lateCorrections: Int.random(in: 0...1, using: &random),
                gpsCorrections: 0, transfers: 0,
                outcome: [.arrived, .arrived, .expired, .stopped].randomElement(using: &random)!,
                nextStopSeconds: Bool.random(using: &random) ? final - 90 : nil)
        }
    }

    @Test func theTallyOfTenThousandTripsInAnyOrderEqualsTheFiguresFromScratch() {
        var random = SplitMix64(seed: 2026)
        let entries = Self.journal(10_000, &random)
        var tally = JournalTally(network: kyiv)
        for entry in entries.shuffled(using: &random) { tally.add(entry) }
        #expect(tally.count == 10_000)
        for year in 2024...2028 {
            let expected = YearOracle(year: year, entries: entries, network: kyiv)
            let year = tally.year(year)
            #expect(year.rides == expected.rides && year.cancelled == expected.cancelled, "\(year.year)")
            #expect(year.secondsUnderground == expected.secondsUnderground)
            #expect(year.stations == expected.stations && year.lines == expected.lines)
            #expect(year.favourite?.route == expected.favourite?.route && year.favourite?.rides == expected.favourite?.rides)
            #expect(year.earliest == expected.earliest && year.latest == expected.latest)
            #expect(year.accuracy == StatisticsOracle(entries: expected.inYear).figures)
        }
        #expect(tally.statisticsFigures == StatisticsOracle(entries: entries).figures)
        #expect(tally.accuracy == RideAccuracy(entries: entries))
        let oracleAccuracy = AccuracyOracle(entries: entries)
        #expect(tally.accuracy.all.p95AbsoluteErrorSeconds == oracleAccuracy.p95)
        #expect(tally.accuracy.all.withinThirtySecondsShare == oracleAccuracy.within30)
        #expect(tally.accuracy.all.errors == oracleAccuracy.errors)
    }
}

/// The year on the metro as it was computed from scratch before the tally (the oracle).
struct YearOracle {
    let rides: Int, cancelled: Int, secondsUnderground: Int
    let stations: Set<StationID>
    let lines: [LineID]
    let favourite: (route: RouteChoice, rides: Int)?
    let earliest: YearOnTheMetro.RideTime?, latest: YearOnTheMetro.RideTime?
    let inYear: [JournalEntry]

    init(year: Int, entries: [JournalEntry], network: Network) {
        inYear = entries.filter { entry in
            guard let ms = entry.t0UnixMilliseconds, ms > 0 else { return false }
            return KyivTime.civil(unixSeconds: floorDivide(ms, by: 1000)).year == year
        }.sorted { ($0.t0UnixMilliseconds ?? 0, $0.id) < ($1.t0UnixMilliseconds ?? 0, $1.id) }
        let ridden = inYear.filter { $0.outcome != .stopped }
        rides = ridden.count
        cancelled = inYear.count - ridden.count
        secondsUnderground = ridden.reduce(0) { $0 + max(0, $1.measuredConfirmedSeconds ?? $1.finalSeconds) }
        var stations = Set<StationID>()
        var counts: [RouteChoice: (count: Int, last: Int)] = [:]
        for (index, entry) in ridden.enumerated() {
            let route = RouteChoice(from: entry.from, to: entry.to)
            counts[route] = ((counts[route]?.count ?? 0) + 1, index)
            if let events = try? network.withLocalSuspensions([]).route(from: entry.from, to: entry.to) {
                stations.formUnion(events.map(\.station))
            } else {
                stations.formUnion([entry.from, entry.to].filter { network.station($0) != nil })
            }
        }
        self.stations = stations
        lines = Set(stations.compactMap { network.station($0)?.line }).sorted()
        favourite = counts.max { ($0.value.count, $0.value.last) < ($1.value.count, $1.value.last) }.map { ($0.key, $0.value.count) }
        let times = ridden.map { entry in
            YearOnTheMetro.RideTime(unixMilliseconds: entry.t0UnixMilliseconds!, route: RouteChoice(from: entry.from, to: entry.to),
                                    civil: KyivTime.civil(unixSeconds: floorDivide(entry.t0UnixMilliseconds!, by: 1000)))
        }
        func key(_ t: YearOnTheMetro.RideTime) -> Int {
            let s = t.civil.secondsOfDay
            return s < 4 * 3600 ? s + 86_400 : s
        }
        earliest = times.min { key($0) < key($1) }
        latest = times.max { key($0) < key($1) }
    }
}

/// `JournalStatistics` as it was computed from scratch before the tally (the oracle).
struct StatisticsOracle {
    let figures: JournalStatistics
    init(entries: [JournalEntry]) {
        let errors = entries.compactMap(\.measuredErrorSeconds).sorted()
        let manual = entries.reduce(0) { $0 + $1.manualCorrections }
        let late = entries.reduce(0) { $0 + $1.lateCorrections }
        var tally = JournalStatistics.Tally()
        for entry in entries { tally.add(entry) }
        figures = JournalStatistics(tally)
        #expect(figures.tripCount == entries.count)
        #expect(figures.measuredTripCount == errors.count)
        #expect(figures.medianErrorSeconds == (errors.isEmpty ? nil : errors[errors.count / 2]))
        #expect(figures.withinThirtySecondsShare == (errors.isEmpty ? nil : Double(errors.filter { abs($0) <= 30 }.count) / Double(errors.count)))
        #expect(figures.lateCorrectionShare == (manual > 0 ? Double(late) / Double(manual) : nil))
        #expect(figures.tripsWithLateCorrectionShare
            == (entries.isEmpty ? nil : Double(entries.filter { $0.lateCorrections > 0 }.count) / Double(entries.count)))
    }
}

/// `RideAccuracy`'s overall figures as they were computed before (sorting on every read; the oracle).
struct AccuracyOracle {
    let errors: [Int], p95: Int?, within30: Double?
    init(entries: [JournalEntry]) {
        var errors: [Int] = []
        for entry in entries where entry.outcome == .arrived {
            guard let confirmed = entry.confirmedSeconds,
                  RideAccuracy.setAsideReason(confirmed: confirmed, final: entry.finalSeconds) == nil else { continue }
            errors.append(confirmed - entry.plannedSeconds)
        }
        self.errors = errors.sorted()
        let sizes = errors.map(abs).sorted()
        p95 = sizes.isEmpty ? nil : sizes[max(Int((0.95 * Double(sizes.count)).rounded(.up)) - 1, 0)]
        within30 = errors.isEmpty ? nil : Double(errors.filter { abs($0) <= 30 }.count) / Double(errors.count)
    }
}
