import MetroModel
import Testing

/// `metrotimer stats`' accuracy from real rides: late warnings, the planned arrival's error, mistaken presses.
@Suite struct RideAccuracyTests {
    /// Tuesday 15 September 2026 08:20 Kyiv (peak) and 13:00 (midday); Saturday 19th 11:00 (weekend).
    static let peak = KyivTime.unixSeconds(year: 2026, month: 9, day: 15, hour: 8, minute: 20, second: 0) * 1000
    static let midday = KyivTime.unixSeconds(year: 2026, month: 9, day: 15, hour: 13, minute: 0, second: 0) * 1000
    static let weekend = KyivTime.unixSeconds(year: 2026, month: 9, day: 19, hour: 11, minute: 0, second: 0) * 1000

    static func ride(_ id: Int64, from: StationID = "lisova", to: StationID = "arsenalna", at unixMs: Int64? = peak,
                     planned: Int = 600, confirmed: Int?, nextStop: Int?, outcome: TripOutcome = .arrived) -> JournalEntry
    {
        JournalEntry(id: id, t0: Instant(seconds: 100), t0UnixMilliseconds: unixMs, from: from, to: to,
                     plannedSeconds: planned, finalSeconds: planned, confirmedSeconds: confirmed, manualCorrections: 0,
                     lateCorrections: 0, gpsCorrections: 0, transfers: 0, outcome: outcome, nextStopSeconds: nextStop)
    }

    @Test func anImOffBeforeYoursIsNextIsALateRide() {
        let a = RideAccuracy(entries: [
            Self.ride(1, confirmed: 610, nextStop: 480),   // warned 130 s before: in time
            Self.ride(2, confirmed: 470, nextStop: 480),   // off before the warning: late
            Self.ride(3, confirmed: 600, nextStop: nil),   // journaled before warnings were kept: not in the rate
        ])
        #expect(a.all.rides == 3)
        #expect(a.all.warned == 2)
        #expect(a.all.late == 1)
        #expect(a.all.lateShare == 0.5)
    }

    @Test func errorFiguresAreOfThePlannedArrival() {
        let errors = [-40, -10, 0, 5, 20, 25, 30, 31, 90, 200]
        let a = RideAccuracy(entries: errors.enumerated().map { Self.ride(Int64($0.offset), confirmed: 600 + $0.element, nextStop: 400) })
        #expect(a.all.medianErrorSeconds == 20)          // nearest rank: the 5th of 10
        #expect(a.all.p95AbsoluteErrorSeconds == 200)    // the 10th of 10 sizes
        #expect(a.all.withinThirtySecondsShare == 0.6)   // −10, 0, 5, 20, 25, 30
    }

    @Test func mistakenPressesAreSetAsideAndCounted() {
        let a = RideAccuracy(entries: [
            Self.ride(1, planned: 600, confirmed: 250, nextStop: 400),    // under half the ride: on the platform
            Self.ride(2, planned: 600, confirmed: 1801, nextStop: 400),   // over twice the ride + 10 min
            Self.ride(3, planned: 600, confirmed: 1800, nextStop: 400),   // just plausible
            Self.ride(4, planned: 600, confirmed: 300, nextStop: 400),    // exactly half: plausible (and late)
            Self.ride(5, planned: 600, confirmed: nil, nextStop: 400, outcome: .expired),
        ])
        #expect(a.setAside[.tooEarly] == 1)
        #expect(a.setAside[.tooLate] == 1)
        #expect(a.setAsideCount == 2)
        #expect(a.all.rides == 2)
        #expect(a.all.late == 1)
    }

    @Test func groupedByDirectionAndTimeOfDay() {
        let a = RideAccuracy(entries: [
            Self.ride(1, confirmed: 610, nextStop: 480),
            Self.ride(2, from: "arsenalna", to: "lisova", confirmed: 590, nextStop: 480),
            Self.ride(3, at: Self.midday, confirmed: 650, nextStop: 480),
            Self.ride(4, at: Self.weekend, confirmed: 600, nextStop: 480),
            Self.ride(5, at: nil, confirmed: 600, nextStop: 480),
        ])
        let keys = a.groups.keys.sorted()
        #expect(keys.count == 5)
        #expect(a.groups[.init(from: "lisova", to: "arsenalna", timeOfDay: .peak)]?.medianErrorSeconds == 10)
        #expect(a.groups[.init(from: "arsenalna", to: "lisova", timeOfDay: .peak)]?.medianErrorSeconds == -10)
        #expect(a.groups[.init(from: "lisova", to: "arsenalna", timeOfDay: .midday)]?.medianErrorSeconds == 50)
        #expect(a.groups[.init(from: "lisova", to: "arsenalna", timeOfDay: .weekend)]?.rides == 1)
        #expect(a.groups[.init(from: "lisova", to: "arsenalna", timeOfDay: nil)]?.rides == 1)
    }

    @Test func timesOfDay() {
        func at(_ d: Int, _ h: Int) -> RideAccuracy.TimeOfDay {
            RideAccuracy.TimeOfDay(unixSeconds: KyivTime.unixSeconds(year: 2026, month: 9, day: d, hour: h, minute: 30, second: 0))
        }
        #expect(at(15, 7) == .peak)
        #expect(at(15, 9) == .peak)
        #expect(at(15, 10) == .midday)
        #expect(at(15, 16) == .evening)
        #expect(at(15, 20) == .late)
        #expect(at(15, 6) == .late)
        #expect(at(19, 8) == .weekend)
        // 00:30 on Saturday still belongs to Friday's (weekday) service.
        #expect(at(19, 0) == .late)
    }
}
