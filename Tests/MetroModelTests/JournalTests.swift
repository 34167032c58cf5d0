import Foundation
import Testing
@testable import MetroModel

@Suite struct JournalTests {
    func entry(id: Int64 = 1, final: Int = 1000, confirmed: Int? = nil, outcome: TripOutcome = .arrived,
               manual: Int = 0, late: Int = 0) -> JournalEntry {
        JournalEntry(id: id, t0: Instant(seconds: 50), t0UnixMilliseconds: 1_786_946_400_000, from: "a", to: "b",
                     plannedSeconds: 990, finalSeconds: final, confirmedSeconds: confirmed, manualCorrections: manual,
                     lateCorrections: late, gpsCorrections: 0, transfers: 0, outcome: outcome)
    }

    @Test func errorIsConfirmedMinusFinal() {
        #expect(entry(final: 1000, confirmed: 1040).errorSeconds == 40)    // countdown ran fast: safe side
        #expect(entry(final: 1000, confirmed: 970).errorSeconds == -30)    // lagged: dangerous side
        #expect(entry(final: 1000, confirmed: nil).errorSeconds == nil)
    }

    @Test func onlyArrivedKeepsTheConfirmation() {
        #expect(entry(confirmed: 1040, outcome: .stopped).confirmedSeconds == nil)
        #expect(entry(confirmed: 1040, outcome: .expired).errorSeconds == nil)
    }

    @Test func entryFromInstantsRoundsHalfAwayFromZero() {
        let t0 = Instant(seconds: 100)
        let e = JournalEntry(id: 7, t0: t0, t0UnixMilliseconds: nil, from: "a", to: "b",
                             plannedArrival: Instant(nanoseconds: t0.nanoseconds + 1_334_500_000_000),
                             finalArrival: t0 + 1449, confirmedAt: Instant(nanoseconds: t0.nanoseconds + 1_460_499_999_999),
                             manualCorrections: 2, lateCorrections: 1, gpsCorrections: 1, transfers: 1, outcome: .arrived)
        #expect(e.plannedSeconds == 1335)
        #expect(e.finalSeconds == 1449)
        #expect(e.confirmedSeconds == 1460)
        #expect(e.errorSeconds == 11)
    }

    @Test func codableRoundTrip() throws {
        let e = entry(confirmed: 1010)
        let data = try JSONEncoder().encode(e)
        #expect(try JSONDecoder().decode(JournalEntry.self, from: data) == e)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""planned_s":990"#) && text.contains(#""outcome":"arrived""#))
    }

    @Test func oddCountMedian() {
        let stats = JournalStatistics(entries: [
            entry(final: 1000, confirmed: 1050), entry(final: 1000, confirmed: 990), entry(final: 1000, confirmed: 1010),
            entry(outcome: .stopped), entry(confirmed: 5000, outcome: .expired),
        ])
        #expect(stats.measuredTripCount == 3)
        #expect(stats.tripCount == 5)
        #expect(stats.medianErrorSeconds == 10)
    }

    @Test func evenCountTakesTheUpperMedian() {
        let stats = JournalStatistics(entries: [-40, 5, 20, -10].map { entry(final: 1000, confirmed: 1000 + $0) })
        #expect(stats.measuredTripCount == 4)
        #expect(stats.medianErrorSeconds == 5)   // sorted −40, −10, 5, 20
        let two = JournalStatistics(entries: [entry(final: 100, confirmed: 90), entry(final: 100, confirmed: 160)])
        #expect(two.medianErrorSeconds == 60)
    }

    @Test func shareWithinThirtySecondsIsInclusive() {
        let stats = JournalStatistics(entries: [30, -30, 31, -31, 0].map { entry(final: 1000, confirmed: 1000 + $0) })
        #expect(stats.withinThirtySecondsShare == 3.0 / 5.0)
    }

    @Test func lateCorrectionShares() {
        let stats = JournalStatistics(entries: [
            entry(manual: 3, late: 2), entry(outcome: .stopped, manual: 1, late: 0), entry(outcome: .expired, manual: 0, late: 0),
            entry(outcome: .expired, manual: 4, late: 1),
        ])
        #expect(stats.lateCorrectionShare == 3.0 / 8.0)
        #expect(stats.tripsWithLateCorrectionShare == 2.0 / 4.0)
    }

    @Test func emptyJournalHasNoFigures() {
        let stats = JournalStatistics(entries: [])
        #expect(stats.measuredTripCount == 0)
        #expect(stats.medianErrorSeconds == nil)
        #expect(stats.withinThirtySecondsShare == nil)
        #expect(stats.lateCorrectionShare == nil)
        #expect(stats.tripsWithLateCorrectionShare == nil)
        let unmeasured = JournalStatistics(entries: [entry(outcome: .stopped)])
        #expect(unmeasured.medianErrorSeconds == nil && unmeasured.lateCorrectionShare == nil)
    }
}
