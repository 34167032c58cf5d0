import Testing
@testable import MetroModel

/// The next-fire function of schedule reminders, across Kyiv's clock changes (2026: forward on 29 March, back on
/// 25 October).
@Suite struct ReminderScheduleTests {
    let daily = ReminderDays.daily

    @Test func anOrdinaryMorningIsTheNextWallTime() throws {
        let after = kyivUnix(2026, 8, 17, 6, 0)
        let next = try #require(ReminderSchedule.next(hour: 7, minute: 40, days: daily, after: after))
        #expect(next.unixSeconds == kyivUnix(2026, 8, 17, 7, 40))
        #expect(KyivTime.civil(unixSeconds: next.unixSeconds).description == "2026-08-17T07:40:00+03:00")
        #expect(next.skipped.isEmpty)
        // Exactly at the wall time it is not "after": the next is tomorrow's.
        let tomorrow = try #require(ReminderSchedule.next(hour: 7, minute: 40, days: daily, after: next.unixSeconds))
        #expect(tomorrow.unixSeconds == kyivUnix(2026, 8, 18, 7, 40))
    }

    @Test func weekdaysOnlySkipTheWeekend() throws {
        let friday = kyivUnix(2026, 8, 21, 8, 0)  // Friday, after 07:40
        let next = try #require(ReminderSchedule.next(hour: 7, minute: 40, days: try ReminderDays.parse("mon-fri"), after: friday))
        #expect(next.date == KyivDate(year: 2026, month: 8, day: 24))  // Monday
    }

    @Test func aTimeInTheSpringGapDoesNotExistThatDayAndIsNamed() throws {
        #expect(ReminderSchedule.instant(on: KyivDate(year: 2026, month: 3, day: 29), hour: 3, minute: 30) == nil)
        let saturday = kyivUnix(2026, 3, 28, 12, 0)
        let next = try #require(ReminderSchedule.next(hour: 3, minute: 30, days: daily, after: saturday))
        #expect(next.skipped == [KyivDate(year: 2026, month: 3, day: 29)])
        #expect(next.date == KyivDate(year: 2026, month: 3, day: 30))
        #expect(KyivTime.civil(unixSeconds: next.unixSeconds).description == "2026-03-30T03:30:00+03:00")
        // 02:59 and 04:00 exist on the same day.
        #expect(ReminderSchedule.instant(on: KyivDate(year: 2026, month: 3, day: 29), hour: 2, minute: 59) != nil)
        #expect(ReminderSchedule.instant(on: KyivDate(year: 2026, month: 3, day: 29), hour: 4, minute: 0) != nil)
    }

    @Test func aTimeInTheRepeatedAutumnHourFiresOnce() throws {
        let saturday = kyivUnix(2026, 10, 24, 12, 0)
        let first = try #require(ReminderSchedule.next(hour: 3, minute: 30, days: daily, after: saturday))
        #expect(KyivTime.civil(unixSeconds: first.unixSeconds).description == "2026-10-25T03:30:00+03:00")
        // One hour later the clock shows 03:30 again (winter time): that is not a second occurrence.
        let again = first.unixSeconds + 3600
        #expect(KyivTime.civil(unixSeconds: again).description == "2026-10-25T03:30:00+02:00")
        let next = try #require(ReminderSchedule.next(hour: 3, minute: 30, days: daily, after: first.unixSeconds))
        #expect(next.date == KyivDate(year: 2026, month: 10, day: 26))
        var book = ReminderBook([Reminder(hour: 3, minute: 30, days: daily, route: RouteChoice(from: "lisova", to: "teremky"),
                                          createdUnixSeconds: saturday)])
        #expect(book.takeDue(wallNow: first.unixSeconds).count == 1)
        #expect(book.takeDue(wallNow: again).isEmpty, "the repeated 03:30 must not fire a second time")
        #expect(book.nextFire(wallNow: again) == next.unixSeconds)
    }

    @Test func aClockSteppedBackDoesNotFireTwice() throws {
        let created = kyivUnix(2026, 8, 17, 7, 0)
        var book = ReminderBook([Reminder(hour: 7, minute: 40, days: daily, route: RouteChoice(from: "lisova", to: "teremky"),
                                          createdUnixSeconds: created)])
        #expect(book.nextFire(wallNow: created) == kyivUnix(2026, 8, 17, 7, 40))
        #expect(book.takeDue(wallNow: kyivUnix(2026, 8, 17, 7, 39, 59)).isEmpty)
        let fired = book.takeDue(wallNow: kyivUnix(2026, 8, 17, 7, 40))
        #expect(fired.count == 1)
        if case .due(_, let at)? = fired.first { #expect(at == kyivUnix(2026, 8, 17, 7, 40)) } else { Issue.record("not due: \(fired)") }
        // The clock is stepped back ten minutes: 07:40 comes round again, and is not fired again.
        #expect(book.takeDue(wallNow: kyivUnix(2026, 8, 17, 7, 40, 30)).isEmpty)
        #expect(book.nextFire(wallNow: kyivUnix(2026, 8, 17, 7, 30)) == kyivUnix(2026, 8, 18, 7, 40))
    }

    @Test func aReminderFoundTooLateIsMissedNotBuzzed() throws {
        let created = kyivUnix(2026, 8, 17, 7, 0)
        var book = ReminderBook([Reminder(hour: 7, minute: 40, days: daily, route: RouteChoice(from: "lisova", to: "teremky"),
                                          createdUnixSeconds: created)])
        let outcomes = book.takeDue(wallNow: kyivUnix(2026, 8, 17, 9, 0))
        guard case .missed(_, let at)? = outcomes.first else { Issue.record("expected missed: \(outcomes)"); return }
        #expect(at == kyivUnix(2026, 8, 17, 7, 40))
        #expect(book.takeDue(wallNow: kyivUnix(2026, 8, 17, 9, 1)).isEmpty, "a missed reminder is reported once")
    }

    @Test func anOccurrenceBeforeTheReminderExistedNeverFires() {
        var book = ReminderBook([Reminder(hour: 7, minute: 40, days: daily, route: RouteChoice(from: "lisova", to: "teremky"),
                                          createdUnixSeconds: kyivUnix(2026, 8, 17, 7, 45))])
        #expect(book.takeDue(wallNow: kyivUnix(2026, 8, 17, 7, 46)).isEmpty)
        #expect(book.nextFire(wallNow: kyivUnix(2026, 8, 17, 7, 46)) == kyivUnix(2026, 8, 18, 7, 40))
    }

    @Test func daysParseAndPrint() throws {
        #expect(try ReminderDays.parse("mon-fri").weekdays == [1, 2, 3, 4, 5])
        #expect(try ReminderDays.parse("sat,sun").weekdays == [6, 7])
        #expect(try ReminderDays.parse("пн-пт").weekdays == [1, 2, 3, 4, 5])
        #expect(try ReminderDays.parse("Fri-Mon").weekdays == [5, 6, 7, 1])
        #expect(try ReminderDays.parse("mon,wed-fri").text() == "mon,wed-fri")
        #expect(try ReminderDays.parse("sat,sun").text(.uk) == "сб,нд")
        #expect(try ReminderDays.parse("mon-sun").text() == "daily")
        for bad in ["", "mon-", "funday", "mon--fri", "1-5"] {
            #expect(throws: ReminderError.badDays(bad)) { try ReminderDays.parse(bad) }
        }
        #expect(try Reminder.parseTime("7:05") == (7, 5))
        #expect(throws: ReminderError.timeOutOfRange("25:00")) { try Reminder.parseTime("25:00") }
        #expect(throws: ReminderError.badTime("0740")) { try Reminder.parseTime("0740") }
    }

    @Test func bookNumbersByTimeOfDayAndRefusesDuplicates() throws {
        var book = ReminderBook()
        let r = RouteChoice(from: "lisova", to: "teremky")
        #expect(try book.add(Reminder(hour: 18, minute: 0, days: daily, route: r, createdUnixSeconds: 0)) == 1)
        #expect(try book.add(Reminder(hour: 7, minute: 40, days: daily, route: r, createdUnixSeconds: 0)) == 1)
        #expect(book.reminders.map(\.timeText) == ["07:40", "18:00"])
        #expect(throws: ReminderError.duplicate(2)) {
            try book.add(Reminder(hour: 18, minute: 0, days: daily, route: r, createdUnixSeconds: 5))
        }
        #expect(throws: ReminderError.noSuchReminder(3, count: 2)) { try book.remove(number: 3) }
        #expect(try book.remove(number: 1).timeText == "07:40")
    }
}
