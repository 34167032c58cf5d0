import Testing
@testable import MetroModel

@Suite("POSIX TZ strings, as TZif footers hold them")
struct PosixTimeZoneRuleTests {
    private func rule(_ text: String) throws -> PosixTimeZoneRule { try PosixTimeZoneRule(parsing: Array(text.utf8)) }

    private func parseError(_ text: String) -> PosixTimeZoneRuleError? {
        do {
            _ = try PosixTimeZoneRule(parsing: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func usEasternRule() throws {
        let eastern = try rule("EST5EDT,M3.2.0,M11.1.0")
        #expect(eastern.standard == LocalTimeType(utcOffsetSeconds: -18_000, isDaylightSaving: false, abbreviation: "EST"))
        let dst = try #require(eastern.daylightSaving)
        #expect(dst.time == LocalTimeType(utcOffsetSeconds: -14_400, isDaylightSaving: true, abbreviation: "EDT"))
        #expect(dst.start == .init(day: .monthWeekDay(month: 3, week: 2, weekday: 0), secondsAfterMidnight: 7200))
        #expect(dst.end == .init(day: .monthWeekDay(month: 11, week: 1, weekday: 0), secondsAfterMidnight: 7200))
        #expect(eastern.localTimeType(atUnixSeconds: utc(2030, 3, 10, 7) - 1).abbreviation == "EST")
        #expect(eastern.localTimeType(atUnixSeconds: utc(2030, 3, 10, 7)).abbreviation == "EDT")
        #expect(eastern.localTimeType(atUnixSeconds: utc(2030, 11, 3, 6) - 1).abbreviation == "EDT")
        #expect(eastern.localTimeType(atUnixSeconds: utc(2030, 11, 3, 6)).abbreviation == "EST")
    }

    /// Kyiv's footer, with its times of day (03:00, 04:00 local), agrees with the model's Kyiv for centuries.
    @Test func easternEuropeanRuleMatchesKyivTime() throws {
        let eet = try rule("EET-2EEST,M3.5.0/3,M10.5.0/4")
        for year in [2038, 2100, 2400, 9999] {
            for month in [3, 10] {
                let change = KyivTime.transitionUnixSeconds(year: year, month: month)
                for unix in [change - 1, change] {
                    #expect(eet.localTimeType(atUnixSeconds: unix).utcOffsetSeconds == KyivTime.utcOffset(atUnixSeconds: unix),
                            "\(year)-\(month) at \(unix)")
                }
            }
        }
    }

    @Test func quotedNamesAndFixedOffsets() throws {
        let moscowLike = try rule("<+03>-3")
        #expect(moscowLike.standard == LocalTimeType(utcOffsetSeconds: 10_800, isDaylightSaving: false, abbreviation: "+03"))
        #expect(moscowLike.daylightSaving == nil)
        let india = try rule("IST-5:30")
        let newfoundland = try rule("<-0330>3:30")
        let seconds = try rule("XXX+1:02:03")
        #expect(india.standard.utcOffsetSeconds == 19_800)
        #expect(newfoundland.standard.utcOffsetSeconds == -12_600)
        #expect(seconds.standard.utcOffsetSeconds == -3723)
        let lordHowe = try rule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0")
        #expect(lordHowe.daylightSaving?.time.abbreviation == "+11")
        // The southern hemisphere: daylight saving across New Year.
        #expect(lordHowe.localTimeType(atUnixSeconds: utc(2100, 1, 1)).utcOffsetSeconds == 39_600)
        #expect(lordHowe.localTimeType(atUnixSeconds: utc(2100, 7, 1)).utcOffsetSeconds == 37_800)
    }

    /// An omitted daylight-saving offset is one hour ahead of standard time.
    @Test func daylightSavingOffsetDefaultsToOneHourAhead() throws {
        let central = try rule("CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(central.daylightSaving?.time.utcOffsetSeconds == 7200)
    }

    /// `Jn` never counts February 29; `n` does.
    @Test func julianAndZeroBasedDays() throws {
        let julian = try rule("AAA3BBB,J60/0,J300/0")
        let zeroBased = try rule("AAA3BBB,59/0,299/0")
        for (year, leap) in [(2023, false), (2024, true)] {
            // J60 is March 1 in every year; day 59 (zero-based) is March 1, or February 29 in a leap year.
            let march1 = utc(year, 3, 1, 3)
            #expect(julian.localTimeType(atUnixSeconds: march1 - 1).abbreviation == "AAA", "\(year)")
            #expect(julian.localTimeType(atUnixSeconds: march1).abbreviation == "BBB", "\(year)")
            let zeroBasedStart = leap ? utc(year, 2, 29, 3) : march1
            #expect(zeroBased.localTimeType(atUnixSeconds: zeroBasedStart - 1).abbreviation == "AAA", "\(year)")
            #expect(zeroBased.localTimeType(atUnixSeconds: zeroBasedStart).abbreviation == "BBB", "\(year)")
        }
        let firstDay = try rule("AAA3BBB,0/0,365/0")
        #expect(firstDay.daylightSaving?.start.day == .zeroBasedDay(0))
    }

    /// RFC 8536 version 3: rule hours from −167 to 167, negative times (Greenland's `M3.5.0/-1`), and daylight
    /// saving all year (`0/0,J365/25`).
    @Test func version3Extensions() throws {
        let greenland = try rule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        // The last Sunday of March 2030 is the 31st: −1:00 that day is 23:00 on the 30th at −02, 01:00 UTC.
        #expect(greenland.localTimeType(atUnixSeconds: utc(2030, 3, 31, 1) - 1).abbreviation == "-02")
        #expect(greenland.localTimeType(atUnixSeconds: utc(2030, 3, 31, 1)).abbreviation == "-01")
        let late = try rule("AAA0BBB,M3.1.0/167,M10.1.0/-167")
        #expect(late.daylightSaving?.start.secondsAfterMidnight == 167 * 3600)
        #expect(late.daylightSaving?.end.secondsAfterMidnight == -167 * 3600)
        let permanent = try rule("EST5EDT,0/0,J365/25")
        var unix = utc(2020, 12, 25)
        while unix < utc(2023, 1, 10) {
            #expect(permanent.localTimeType(atUnixSeconds: unix).abbreviation == "EDT", "at \(unix)")
            unix += 3 * 3600 + 17
        }
        #expect(permanent.changes(after: utc(2021, 12, 30), through: utc(2022, 1, 3)).isEmpty)
    }

    /// Ireland's rule has "daylight saving" in winter, one hour behind standard time.
    @Test func negativeDaylightSaving() throws {
        let dublin = try rule("IST-1GMT0,M10.5.0,M3.5.0/1")
        #expect(dublin.localTimeType(atUnixSeconds: utc(2100, 7, 1))
            == LocalTimeType(utcOffsetSeconds: 3600, isDaylightSaving: false, abbreviation: "IST"))
        #expect(dublin.localTimeType(atUnixSeconds: utc(2100, 1, 1))
            == LocalTimeType(utcOffsetSeconds: 0, isDaylightSaving: true, abbreviation: "GMT"))
    }

    @Test func changesWithinASpan() throws {
        let eastern = try rule("EST5EDT,M3.2.0,M11.1.0")
        let changes = eastern.changes(after: utc(2100, 3, 13), through: utc(2100, 3, 15))
        #expect(changes.map(\.at) == [utc(2100, 3, 14, 7)])
        #expect(changes.map(\.type.abbreviation) == ["EDT"])
        #expect(eastern.changes(after: utc(2100, 3, 14, 7), through: utc(2100, 3, 15)).isEmpty)  // `after` is open
        #expect(eastern.changes(after: utc(2100, 3, 14, 6), through: utc(2100, 3, 14, 7)).count == 1)
    }

    @Test func extremeInstantsNeverTrap() throws {
        for text in ["EST5EDT,M3.2.0,M11.1.0", "EST5EDT,0/0,J365/25", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
                     "AAA0BBB,M3.1.0/167,M10.1.0/-167"] {
            let parsed = try rule(text)
            for unix: Int64 in [.min, .min + 1, -(1 << 62), 0, 1 << 62, .max - 1, .max] {
                _ = parsed.localTimeType(atUnixSeconds: unix)
                _ = parsed.changes(after: unix, through: unix)
            }
            _ = parsed.changes(after: .max - 86_400, through: .max)
            _ = parsed.changes(after: .min, through: .min + 86_400)
            _ = parsed.changes(after: .min, through: .max)  // too long a span: no answer, no trap
        }
    }

    @Test(arguments: [
        ("", PosixTimeZoneRuleError.Problem.badName, 0),
        ("E5", .badName, 0),
        ("EST", .badOffset, 3),
        ("EST25", .badOffset, 3),
        ("EST5:60", .badOffset, 3),
        ("EST1234", .badOffset, 3),
        ("<+03-3", .badName, 6),
        ("<+0>-3", .badName, 0),
        ("EST5EDT", .missingRule, 7),
        ("EST5EDT4", .missingRule, 8),
        ("EST5EDT,M13.1.0,M11.1.0", .badDate, 8),
        ("EST5EDT,M3.6.0,M11.1.0", .badDate, 8),
        ("EST5EDT,M3.2.7,M11.1.0", .badDate, 8),
        ("EST5EDT,J0,M11.1.0", .badDate, 8),
        ("EST5EDT,366,M11.1.0", .badDate, 8),
        ("EST5EDT,M3.2.0", .badDate, 14),
        ("EST5EDT,M3.2.0/168,M11.1.0", .badTime, 15),
        ("EST5EDT,M3.2.0/-168,M11.1.0", .badTime, 15),
        ("EST5EDT,M3.2.0,M11.1.0x", .trailingCharacters, 22),
        ("EST5 ", .badName, 4),
    ])
    func refusedStrings(_ text: String, _ problem: PosixTimeZoneRuleError.Problem, _ position: Int) {
        #expect(parseError(text) == PosixTimeZoneRuleError(problem, at: position), "\(text)")
    }
}
