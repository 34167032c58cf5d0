import Foundation
import MetroControl
import MetroModel
import Testing

/// The exact bytes of the documents whose empty figures are written as `null` (`ExplicitNull`): a year with no
/// rides, a journal entry that knows no true arrival, and one that does. The expected lines were taken from the
/// hand-written encoders these documents had before, so a change of helper cannot change what clients read.
@Suite struct DocumentEncodingTests {
    static let expired = JournalEntry(
        id: 7, t0: Instant(seconds: 1), t0UnixMilliseconds: KyivTime.unixSeconds(year: 2026, month: 9, day: 1, hour: 8, minute: 0) * 1000,
        from: "lisova", to: "teremky", plannedSeconds: 2000, finalSeconds: 1990, confirmedSeconds: nil, manualCorrections: 1,
        lateCorrections: 0, gpsCorrections: 2, transfers: 0, outcome: .expired)
    static let arrived = JournalEntry(
        id: 8, t0: Instant(seconds: 1), t0UnixMilliseconds: nil, from: "lisova", to: "teremky", plannedSeconds: 2000,
        finalSeconds: 2000, confirmedSeconds: 2010, manualCorrections: 0, lateCorrections: 0, gpsCorrections: 0, transfers: 1,
        outcome: .arrived, nextStopSeconds: 1800)

    @Test func aYearWithoutRides() {
        let year = YearDocument(YearOnTheMetro(year: 2025, entries: [Self.expired], network: network))
        #expect(jsonLine(year) == #"{"accuracy":{"measured_trips":0},"cancelled":0,"earliest":null,"favourite_route":null,"latest":null,"lines":[],"rides":0,"stations":0,"time_underground_s":0,"year":2025}"#, "\(jsonLine(year))")
    }

    @Test func aYearWithRides() {
        let year = YearDocument(YearOnTheMetro(year: 2026, entries: [Self.expired, Self.arrived], network: network))
        #expect(jsonLine(year) == #"{"accuracy":{"measured_trips":0},"cancelled":0,"earliest":{"from":"lisova","t0":"2026-09-01T08:00:00+03:00","to":"teremky"},"favourite_route":{"from":"lisova","rides":1,"to":"teremky"},"latest":{"from":"lisova","t0":"2026-09-01T08:00:00+03:00","to":"teremky"},"lines":["m1","m2"],"rides":1,"stations":19,"time_underground_s":1990,"year":2026}"#, "\(jsonLine(year))")
    }

    @Test func journalEntries() {
        #expect(jsonLine(JournalDocument(Self.expired)) == #"{"confirmed_s":null,"error_s":null,"final_s":1990,"from":"lisova","gps_corrections":2,"id":7,"late_corrections":0,"manual_corrections":1,"next_stop_s":null,"outcome":"expired","planned_s":2000,"t0":"2026-09-01T08:00:00.000+03:00","to":"teremky","transfers":0}"#, "\(jsonLine(JournalDocument(Self.expired)))")
        #expect(jsonLine(JournalDocument(Self.arrived)) == #"{"confirmed_s":2010,"error_s":10,"final_s":2000,"from":"lisova","gps_corrections":0,"id":8,"late_corrections":0,"manual_corrections":0,"next_stop_s":1800,"outcome":"arrived","planned_s":2000,"t0":"","to":"teremky","transfers":1}"#, "\(jsonLine(JournalDocument(Self.arrived)))")
    }
}
