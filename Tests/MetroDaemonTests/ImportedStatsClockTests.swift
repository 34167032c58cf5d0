import MetroControl
import MetroModel
import MetroSystem
import MetroTestSupport
import Testing

/// `stats` and `stats --year` on an imported network read the rides' times on the network's own clock, as its
/// riders read them, not on Kyiv's: the documents the daemon answers from its journal tally.
@Suite struct ImportedStatsClockTests {
    /// `SketchNetwork.threeLinesInARow` in New York.
    private func newYork() throws -> ImportedNetwork {
        ImportedNetwork(general: try SketchNetwork.threeLinesInARow(timeZone: "America/New_York").loaded(),
                        zone: try TimeZoneDatabase.rules(named: "America/New_York", environment: [:]))
    }

    private func ride(_ id: Int64, _ from: StationID, _ to: StationID, unix: Int64) -> JournalEntry {
        JournalEntry(id: id, t0: Instant(seconds: 100), t0UnixMilliseconds: unix * 1000, from: from, to: to,
                     plannedSeconds: 300, finalSeconds: 300, confirmedSeconds: 310, manualCorrections: 0,
                     lateCorrections: 0, gpsCorrections: 0, transfers: 0, outcome: .arrived, nextStopSeconds: 250)
    }

    @Test func timesOfDayAndRideTimesAreTheNetworksOwn() throws {
        var tally = JournalTally(network: try newYork())
        // Monday 2026-03-02 08:30 in New York (-05:00) is 15:30 in Kyiv: peak there, midday here.
        tally.add(ride(1, "A", "F", unix: 1_772_458_200))
        // Friday 2026-03-06 22:00 in New York is Saturday 05:00 in Kyiv: late on a weekday, not the weekend.
        tally.add(ride(2, "C", "H", unix: 1_772_852_400))

        let accuracy = AccuracyDocument(tally.accuracy)
        #expect(accuracy.groups.map { "\($0.from)-\($0.to) \($0.time_of_day ?? "-")" } == ["A-F peak", "C-H late"])

        let year = YearDocument(tally.year(2026))
        #expect(year.rides == 2)
        #expect(year.earliest?.t0 == "2026-03-02T08:30:00-05:00", "\(String(describing: year.earliest))")
        #expect(year.latest?.t0 == "2026-03-06T22:00:00-05:00", "\(String(describing: year.latest))")
    }

    @Test func kyivsOwnJournalKeepsKyivsClock() {
        // The same instants on Kyiv's clock: what the tally of Kyiv's network still says.
        let accuracy = RideAccuracy(entries: [ride(1, "A", "F", unix: 1_772_458_200), ride(2, "C", "H", unix: 1_772_852_400)])
        #expect(accuracy.groups.keys.sorted().map { $0.timeOfDay } == [.midday, .weekend])
    }
}
