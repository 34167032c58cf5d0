import Testing
import MetroModel

/// Times and numbers as a rider writes them: digits only, no sign, no hexadecimal.
@Suite struct PlainNumberTests {
    @Test func wholeNumbersAreDigitsOnly() {
        #expect(PlainNumber.whole("0") == 0 && PlainNumber.whole("0042") == 42 && PlainNumber.whole("2026") == 2026)
        for text in ["", "+1", "-0", "-1", " 1", "1 ", "0x10", "1.0", "١", "99999999999999999999999"] {
            #expect(PlainNumber.whole(text) == nil, "\(text)")
        }
    }

    @Test func decimalsAreDigitsAndOnePoint() {
        #expect(PlainNumber.decimal("16") == 16 && PlainNumber.decimal("2.5") == 2.5)
        for text in ["0x10", "+2", "-1", "1e2", ".5", "5.", "1.2.3", "inf", "nan", ""] {
            #expect(PlainNumber.decimal(text) == nil, "\(text)")
        }
    }

    @Test func aReminderTimeTakesNoSigns() throws {
        for text in ["+1:+5", "12:-0", "-1:30", "+7:40", "07:+5"] {
            #expect(throws: ReminderError.badTime(text)) { try Reminder.parseTime(text) }
        }
        let time = try Reminder.parseTime("7:05")
        #expect(time.hour == 7 && time.minute == 5)
    }
}
