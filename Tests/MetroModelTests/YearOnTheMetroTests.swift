import Testing
@testable import MetroModel

/// The year on the metro from a journal.
@Suite struct YearOnTheMetroTests {
    func entry(_ id: Int64, _ from: StationID, _ to: StationID, at unix: Int64, final: Int, confirmed: Int?,
               outcome: TripOutcome = .arrived) -> JournalEntry
    {
        JournalEntry(id: id, t0: Instant(seconds: 100), t0UnixMilliseconds: unix * 1000, from: from, to: to,
                     plannedSeconds: final, finalSeconds: final, confirmedSeconds: confirmed, manualCorrections: 0,
                     lateCorrections: 0, gpsCorrections: 0, transfers: 0, outcome: outcome)
    }

    @Test func figuresOfOneYear() throws {
        let entries = [
            entry(1, "lisova", "teremky", at: kyivUnix(2025, 12, 31, 23, 0), final: 2000, confirmed: 2000),  // last year
            entry(2, "lisova", "khreshchatyk", at: kyivUnix(2026, 1, 5, 8, 0), final: 900, confirmed: 920),
            entry(3, "lisova", "khreshchatyk", at: kyivUnix(2026, 3, 2, 6, 10), final: 900, confirmed: 880),
            entry(4, "syrets", "zoloti-vorota", at: kyivUnix(2026, 6, 1, 23, 50), final: 400, confirmed: nil, outcome: .expired),
            entry(5, "syrets", "zoloti-vorota", at: kyivUnix(2026, 6, 2, 0, 20), final: 400, confirmed: 400),  // after midnight: latest
            entry(6, "lisova", "teremky", at: kyivUnix(2026, 7, 1, 12, 0), final: 2000, confirmed: nil, outcome: .stopped),
        ]
        let year = YearOnTheMetro(year: 2026, entries: entries.reversed(), network: kyiv)
        #expect(year.rides == 4 && year.cancelled == 1)
        #expect(year.secondsUnderground == 920 + 880 + 400 + 400)
        #expect(year.stations.count == 12, "lisova…khreshchatyk is 8 stations of M1, syrets…zoloti-vorota 4 of M3")
        #expect(year.lines == ["m1", "m3"])
        // Two routes twice each: the one ridden most recently wins the tie.
        #expect(year.favourite?.route == RouteChoice(from: "syrets", to: "zoloti-vorota") && year.favourite?.rides == 2)
        #expect(year.earliest?.civil.description == "2026-03-02T06:10:00+02:00")
        #expect(year.latest?.civil.description == "2026-06-02T00:20:00+03:00", "the service day runs past midnight")
        #expect(year.accuracy.measuredTripCount == 3 && year.accuracy.medianErrorSeconds == 0)
        #expect(year.accuracy.tripCount == 5, "accuracy is over that year's journal only")
    }

    /// Three start + "I'm off" one second apart on a 917 s route are presses by mistake: set aside in the year's
    /// accuracy (as `stats` sets them aside) and no confirmed duration underground.
    @Test func mistakenPressesAreNotMeasured() {
        let entries = (1...3).map { entry(Int64($0), "lisova", "khreshchatyk", at: kyivUnix(2026, 5, 4, 8, $0), final: 917, confirmed: 1) }
            + [entry(4, "lisova", "khreshchatyk", at: kyivUnix(2026, 5, 5, 8, 0), final: 917, confirmed: 927)]
        let year = YearOnTheMetro(year: 2026, entries: entries, network: kyiv)
        #expect(year.accuracy.measuredTripCount == 1, "only the real arrival measures")
        #expect(year.accuracy.medianErrorSeconds == 10)
        #expect(year.secondsUnderground == 3 * 917 + 927, "a mistaken press is no confirmation of the ride's length")
        #expect(RideAccuracy(entries: entries).setAsideCount == 3, "the same presses stats sets aside")
        let stats = JournalStatistics(entries: entries)
        #expect(stats.measuredTripCount == RideAccuracy(entries: entries).all.rides, "stats counts the rides accuracy measures")
    }

    @Test func anEmptyYear() {
        let year = YearOnTheMetro(year: 2030, entries: [], network: kyiv)
        #expect(year.rides == 0 && year.secondsUnderground == 0 && year.favourite == nil && year.earliest == nil)
        #expect(year.accuracy.medianErrorSeconds == nil)
    }
}
