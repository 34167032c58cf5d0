import MetroModel
import Testing
@testable import MetroGTFS

@Suite struct RepresentativeDaysTests {
    @Test func theBusiestDateOfEachKindIsChosenSoAHolidayIsNot() {
        // 2024-12-15 (a Sunday) to 2025-01-17; 2024-12-25 (a Wednesday) runs the Sunday timetable.
        // Weekdays run 600 trips, Saturdays 500 (one of them 520), Sundays 300 (one of them 320).
        let days = RepresentativeDays(first: ServiceDate(year: 2024, month: 12, day: 15),
                                      last: ServiceDate(year: 2025, month: 1, day: 17)) { date in
            if date == ServiceDate(year: 2024, month: 12, day: 25) { return 300 }
            if date == ServiceDate(year: 2025, month: 1, day: 4) { return 520 }
            if date == ServiceDate(year: 2024, month: 12, day: 29) { return 320 }
            let day = KyivTime.daysFromCivil(year: date.year, month: date.month, day: date.day)
            switch RepresentativeDays.weekdayIndex(ofDay: day) {
            case 5: return 500
            case 6: return 300
            default: return 600
            }
        }
        #expect(days.dates[.weekday] == ServiceDate(year: 2024, month: 12, day: 16))
        #expect(days.dates[.saturday] == ServiceDate(year: 2025, month: 1, day: 4))
        #expect(days.dates[.sunday] == ServiceDate(year: 2024, month: 12, day: 29))
    }

    @Test func aHolidayOnTheSundayTimetableIsNotTheWeekday() {
        // Every weekday but Christmas (a Wednesday) runs 600 trips; were the feed to start on Christmas, its
        // first day would still not win.
        let days = RepresentativeDays(first: ServiceDate(year: 2024, month: 12, day: 25),
                                      last: ServiceDate(year: 2024, month: 12, day: 31)) { date in
            date.day == 25 ? 300 : 600
        }
        #expect(days.dates[.weekday] == ServiceDate(year: 2024, month: 12, day: 26))
    }

    @Test func weekdaysAreCountedFromAThursday() {
        #expect(RepresentativeDays.weekdayIndex(ofDay: 0) == 3) // 1970-01-01
        #expect(RepresentativeDays.weekdayIndex(ofDay: 20_072) == 6) // 2024-12-15, a Sunday
        #expect(RepresentativeDays.weekdayIndex(ofDay: -1) == 2) // 1969-12-31, a Wednesday
    }

    @Test func aKindWithNoTripsIsAbsent() {
        let days = RepresentativeDays(first: ServiceDate(year: 2025, month: 1, day: 6),
                                      last: ServiceDate(year: 2025, month: 1, day: 12)) { date in date.day <= 10 ? 100 : 0 }
        #expect(days.dates == [.weekday: ServiceDate(year: 2025, month: 1, day: 6)])
    }
}
