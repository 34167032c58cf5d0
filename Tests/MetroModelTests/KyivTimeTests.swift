import Foundation
import Glibc
import Testing
@testable import MetroModel

@Suite("Kyiv time, service day and clock changes", .serialized)
struct KyivTimeTests {
    @Test func knownInstants() {
        // 2026-08-17 19:20:00 UTC is 22:20 EEST on a Monday.
        let summer = KyivTime.civil(unixSeconds: 1_786_994_400)
        #expect(summer.description == "2026-08-17T22:20:00+03:00")
        #expect(summer.weekday == 1)
        let winter = KyivTime.civil(unixSeconds: 1_796_509_200)  // 2026-12-05 22:20 UTC
        #expect(winter.description == "2026-12-06T00:20:00+02:00")
        #expect(winter.weekday == 7)
        #expect(kyivUnix(2026, 8, 17, 22, 20) == 1_786_994_400)
    }

    @Test func transitionsOf2026() {
        // Spring forward: 2026-03-29 01:00 UTC (03:00 → 04:00 local); fall back 2026-10-25 01:00 UTC.
        let spring = KyivTime.transitionUnixSeconds(year: 2026, month: 3)
        #expect(KyivTime.civil(unixSeconds: spring - 1).description == "2026-03-29T02:59:59+02:00")
        #expect(KyivTime.civil(unixSeconds: spring).description == "2026-03-29T04:00:00+03:00")
        let autumn = KyivTime.transitionUnixSeconds(year: 2026, month: 10)
        #expect(KyivTime.civil(unixSeconds: autumn - 1).description == "2026-10-25T03:59:59+03:00")
        #expect(KyivTime.civil(unixSeconds: autumn).description == "2026-10-25T03:00:00+02:00")
    }

    @Test func skippedAndRepeatedWallTimes() {
        // 03:30 on 2026-03-29 never shows on a clock: shifted forward to 04:30 summer time.
        let skipped = kyivUnix(2026, 3, 29, 3, 30)
        #expect(KyivTime.civil(unixSeconds: skipped).description == "2026-03-29T04:30:00+03:00")
        // 03:30 on 2026-10-25 happens twice: the earlier one (summer time) is chosen.
        let repeated = kyivUnix(2026, 10, 25, 3, 30)
        #expect(KyivTime.civil(unixSeconds: repeated).description == "2026-10-25T03:30:00+03:00")
        #expect(KyivTime.civil(unixSeconds: repeated + 3600).description == "2026-10-25T03:30:00+02:00")
        // Fields roll over like a calendar.
        #expect(KyivTime.unixSeconds(year: 2026, month: 8, day: 17, hour: 25) == kyivUnix(2026, 8, 18, 1, 0))
        #expect(KyivTime.unixSeconds(year: 2026, month: 13, day: 1) == kyivUnix(2027, 1, 1, 0, 0))
    }

    /// Cross-checks the built-in rule against the system tz database, hourly for 3 days around every transition
    /// of 2000–2037 and at noon on the 1st and 15th of every month.
    @Test func agreesWithSystemTimeZoneDatabase() throws {
        var zone = "Europe/Kyiv"
        if !FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Kyiv") {
            zone = "Europe/Kiev"
            print("NOTE: /usr/share/zoneinfo/Europe/Kyiv is missing; cross-checking against the old name Europe/Kiev")
        }
        try #require(FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + zone),
                     "no tz database entry for Kyiv: install tzdata")
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        var samples: [Int64] = []
        for year in 2000...2037 {
            for month in [3, 10] {
                let t = KyivTime.transitionUnixSeconds(year: year, month: month)
                for h in -36...36 { samples.append(t + Int64(h) * 3600) }
                samples.append(t - 1)
            }
            for month in 1...12 { for day in [1, 15] { samples.append(kyivUnix(year, month, day, 12, 0)) } }
        }
        var checked = 0
        for unix in samples {
            var time = time_t(unix)
            var tm = tm()
            try #require(localtime_r(&time, &tm) != nil)
            let civil = KyivTime.civil(unixSeconds: unix)
            #expect(civil.year == Int(tm.tm_year) + 1900 && civil.month == Int(tm.tm_mon) + 1
                && civil.day == Int(tm.tm_mday) && civil.hour == Int(tm.tm_hour) && civil.minute == Int(tm.tm_min)
                && civil.second == Int(tm.tm_sec) && civil.utcOffsetSeconds == tm.tm_gmtoff
                && civil.weekday == (tm.tm_wday == 0 ? 7 : Int(tm.tm_wday)), "at \(unix): \(civil)")
            // And back: a wall time that exists once maps to the same instant.
            let back = KyivTime.unixSeconds(year: civil.year, month: civil.month, day: civil.day, hour: civil.hour,
                                            minute: civil.minute, second: civil.second)
            let repeatedHour = civil.utcOffsetSeconds == KyivTime.standardOffset && civil.month == 10
                && civil.hour == 3 && civil.day >= 25
            if !repeatedHour { #expect(back == unix, "round trip of \(civil)") }
            checked += 1
        }
        #expect(checked > 5000)
    }

    @Test func serviceDayBoundaryAt0400() {
        let beforeBoundary = ServiceDay(unixSeconds: kyivUnix(2026, 12, 5, 3, 59, 59))
        #expect(beforeBoundary.description == "2026-12-04")
        #expect(beforeBoundary.weekday == 5)
        #expect(beforeBoundary.dayType == .weekday)
        let atBoundary = ServiceDay(unixSeconds: kyivUnix(2026, 12, 5, 4, 0))
        #expect(atBoundary.description == "2026-12-05")
        #expect(atBoundary.dayType == .weekend)
        #expect(ServiceDay(unixSeconds: kyivUnix(2026, 12, 7, 0, 30)).dayType == .weekend)  // Sunday's service
        #expect(ServiceDay(unixSeconds: kyivUnix(2026, 12, 7, 4, 30)).dayType == .weekday)  // Monday
        #expect(ServiceDay(unixSeconds: kyivUnix(2027, 1, 1, 1, 0)).description == "2026-12-31")
    }

    @Test(arguments: [(2026, 3, 29), (2026, 10, 25), (2026, 8, 17)])
    func wallTimesFollowTheClockOnClockChangeDays(_ date: (Int, Int, Int)) {
        let day = ServiceDay(year: date.0, month: date.1, day: date.2)
        for seconds in stride(from: 4 * 3600, to: 28 * 3600, by: 37) {
            let civil = KyivTime.civil(unixSeconds: day.unix(ofWallSeconds: seconds))
            #expect(civil.secondsOfDay == seconds % 86_400, "\(day) + \(seconds) s → \(civil)")
            #expect(civil.day == (seconds < 86_400 ? date.2 : date.2 + 1))
        }
        // On the spring day "midnight + N seconds" would be an hour late; the clock reading is not.
        let midnight = KyivTime.unixSeconds(year: 2026, month: 3, day: 29)
        #expect(ServiceDay(year: 2026, month: 3, day: 29).unix(ofWallSeconds: 20085) == midnight + 20085 - 3600)
    }
}
