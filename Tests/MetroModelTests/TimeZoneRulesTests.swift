import Foundation
import Testing
@testable import MetroModel

@Suite("Time zone rules from the system's tz database")
struct TimeZoneRulesTests {
    /// The reader's Kyiv is the model's Kyiv: every hour of 2000–2040 (the table to 2037, the footer after),
    /// by UTC instant and by local wall time, gaps and overlaps read by KyivTime's rule.
    @Test func europeKyivAgreesWithKyivTimeEveryHourFrom2000To2040() throws {
        let zone = try systemZone("Europe/Kyiv")
        var offsetMismatches = 0
        for unix in stride(from: utc(2000, 1, 1), to: utc(2041, 1, 1), by: 3600) {
            let type = zone.localTimeType(atUnixSeconds: unix)
            let expected = KyivTime.utcOffset(atUnixSeconds: unix)
            let summer = expected == KyivTime.summerOffset
            if type.utcOffsetSeconds != expected || type.isDaylightSaving != summer
                || type.abbreviation != (summer ? "EEST" : "EET")
            {
                offsetMismatches += 1
                if offsetMismatches <= 5 { Issue.record("at \(unix): \(type), KyivTime says \(expected)") }
            }
        }
        #expect(offsetMismatches == 0)
        // The second before each change, where an off-by-one would show.
        for year in 2000...2040 {
            for month in [3, 10] {
                let change = KyivTime.transitionUnixSeconds(year: year, month: month)
                #expect(zone.utcOffset(atUnixSeconds: change - 1) == KyivTime.utcOffset(atUnixSeconds: change - 1))
                #expect(zone.utcOffset(atUnixSeconds: change) == KyivTime.utcOffset(atUnixSeconds: change))
            }
        }

        var skipped = 0
        var repeated = 0
        var wallMismatches = 0
        for day in KyivTime.daysFromCivil(year: 2000, month: 1, day: 1)..<KyivTime.daysFromCivil(year: 2041, month: 1, day: 1) {
            let (y, m, d) = KyivTime.civilFromDays(day)
            for hour in 0..<24 {
                let local = day * 86_400 + Int64(hour) * 3600
                let expected = KyivTime.unixSeconds(year: y, month: m, day: d, hour: hour)
                let resolved: Int64?
                switch zone.instants(ofLocalSeconds: local) {
                case .once(let unix):
                    resolved = unix
                case .repeated(let all):
                    repeated += 1
                    #expect(all.count == 2 && all[1] - all[0] == 3600, "\(y)-\(m)-\(d) \(hour):00 → \(all)")
                    resolved = all.first  // KyivTime: the earlier, summer-time instant
                case .skipped(let gap):
                    skipped += 1
                    #expect(gap.offsetAfter - gap.offsetBefore == 3600)
                    resolved = local - Int64(gap.offsetBefore)  // KyivTime: read on the clock before the gap
                case .unrepresentable:
                    resolved = nil
                }
                if resolved != expected {
                    wallMismatches += 1
                    if wallMismatches <= 5 { Issue.record("\(y)-\(m)-\(d) \(hour):00 → \(String(describing: resolved)), KyivTime \(expected)") }
                }
            }
        }
        #expect(wallMismatches == 0)
        #expect(skipped == 41 && repeated == 41, "one skipped and one repeated hour a year")
    }

    @Test func americaNewYorkChangesAtItsKnownInstants() throws {
        let zone = try systemZone("America/New_York")
        let changes: [(unix: Int64, after: Int, abbreviation: String)] = [
            (utc(2024, 3, 10, 7), -14_400, "EDT"), (utc(2024, 11, 3, 6), -18_000, "EST"),
            (utc(2025, 3, 9, 7), -14_400, "EDT"), (utc(2025, 11, 2, 6), -18_000, "EST"),
        ]
        for change in changes {
            let before = zone.localTimeType(atUnixSeconds: change.unix - 1)
            let after = zone.localTimeType(atUnixSeconds: change.unix)
            #expect(before.utcOffsetSeconds == (change.after == -14_400 ? -18_000 : -14_400))
            #expect(after.utcOffsetSeconds == change.after && after.abbreviation == change.abbreviation)
            #expect(after.isDaylightSaving == (change.abbreviation == "EDT"))
        }
        // 02:30 on 2024-03-10 never shows; 01:30 on 2024-11-03 shows twice, an hour apart.
        #expect(zone.instants(ofLocalSeconds: wall(2024, 3, 10, 2, 30))
            == .skipped(ClockGap(transition: utc(2024, 3, 10, 7), offsetBefore: -18_000, offsetAfter: -14_400)))
        #expect(zone.instants(ofLocalSeconds: wall(2024, 11, 3, 1, 30))
            == .repeated([utc(2024, 11, 3, 5, 30), utc(2024, 11, 3, 6, 30)]))
        #expect(zone.instants(ofLocalSeconds: wall(2024, 7, 4, 12)) == .once(utc(2024, 7, 4, 16)))
    }

    /// Past the last transition in the file (2037 in Debian's "fat" files) the footer's rule answers.
    @Test func americaNewYorkIn2100ComesFromTheFooter() throws {
        let zone = try systemZone("America/New_York")
        let last = try #require(zone.transitions.last)
        #expect(last < utc(2100, 1, 1))
        #expect(zone.footer != nil)
        #expect(zone.localTimeType(atUnixSeconds: utc(2100, 3, 14, 7) - 1).abbreviation == "EST")
        #expect(zone.localTimeType(atUnixSeconds: utc(2100, 3, 14, 7)).abbreviation == "EDT")
        #expect(zone.localTimeType(atUnixSeconds: utc(2100, 11, 7, 6) - 1).utcOffsetSeconds == -14_400)
        #expect(zone.localTimeType(atUnixSeconds: utc(2100, 11, 7, 6)).utcOffsetSeconds == -18_000)
        #expect(zone.instants(ofLocalSeconds: wall(2100, 3, 14, 2, 30))
            == .skipped(ClockGap(transition: utc(2100, 3, 14, 7), offsetBefore: -18_000, offsetAfter: -14_400)))
        #expect(zone.instants(ofLocalSeconds: wall(2100, 11, 7, 1, 30))
            == .repeated([utc(2100, 11, 7, 5, 30), utc(2100, 11, 7, 6, 30)]))
    }

    @Test func etcUTCIsZeroForEveryInstant() throws {
        let zone = try systemZone("Etc/UTC")
        for unix: Int64 in [.min, -(1 << 59), -1, 0, 1, utc(2100, 1, 1), .max] {
            let type = zone.localTimeType(atUnixSeconds: unix)
            #expect(type.utcOffsetSeconds == 0 && !type.isDaylightSaving && type.abbreviation == "UTC")
            #expect(zone.instants(ofLocalSeconds: unix) == .once(unix))
        }
    }

    @Test func asiaKolkataKeepsHalfAnHourEastOfTheHour() throws {
        let zone = try systemZone("Asia/Kolkata")
        for unix in [utc(2024, 1, 1), utc(2024, 7, 1), utc(2100, 7, 1)] {
            let type = zone.localTimeType(atUnixSeconds: unix)
            #expect(type.utcOffsetSeconds == 19_800 && type.abbreviation == "IST" && !type.isDaylightSaving)
        }
        #expect(zone.instants(ofLocalSeconds: wall(2024, 7, 1, 5, 30)) == .once(utc(2024, 7, 1)))
    }

    @Test func americaStJohnsChangesAtHalfPastTheHour() throws {
        let zone = try systemZone("America/St_Johns")
        for (change, year) in [(utc(2024, 3, 10, 5, 30), 2024), (utc(2100, 3, 14, 5, 30), 2100)] {
            #expect(zone.localTimeType(atUnixSeconds: change - 1).utcOffsetSeconds == -12_600, "\(year)")
            let after = zone.localTimeType(atUnixSeconds: change)
            #expect(after.utcOffsetSeconds == -9000 && after.abbreviation == "NDT", "\(year)")
        }
        for (change, year) in [(utc(2024, 11, 3, 4, 30), 2024), (utc(2100, 11, 7, 4, 30), 2100)] {
            #expect(zone.localTimeType(atUnixSeconds: change - 1).abbreviation == "NDT", "\(year)")
            #expect(zone.localTimeType(atUnixSeconds: change).utcOffsetSeconds == -12_600, "\(year)")
        }
        #expect(zone.instants(ofLocalSeconds: wall(2024, 11, 3, 1, 30))
            == .repeated([utc(2024, 11, 3, 4), utc(2024, 11, 3, 5)]))
    }

    /// Lord Howe Island moves its clock by half an hour: the gap and the overlap are 30 minutes.
    @Test func australiaLordHoweHasHalfHourDaylightSaving() throws {
        guard FileManager.default.fileExists(atPath: zoneinfoDirectory + "Australia/Lord_Howe") else {
            print("NOTE: Australia/Lord_Howe is not in this tz database; its test is skipped")
            return
        }
        let zone = try systemZone("Australia/Lord_Howe")
        #expect(zone.localTimeType(atUnixSeconds: utc(2024, 4, 6, 15) - 1)
            == LocalTimeType(utcOffsetSeconds: 39_600, isDaylightSaving: true, abbreviation: "+11"))
        #expect(zone.localTimeType(atUnixSeconds: utc(2024, 4, 6, 15))
            == LocalTimeType(utcOffsetSeconds: 37_800, isDaylightSaving: false, abbreviation: "+1030"))
        #expect(zone.localTimeType(atUnixSeconds: utc(2100, 10, 2, 15, 30) - 1).utcOffsetSeconds == 37_800)
        #expect(zone.localTimeType(atUnixSeconds: utc(2100, 10, 2, 15, 30)).utcOffsetSeconds == 39_600)
        #expect(zone.instants(ofLocalSeconds: wall(2024, 4, 7, 1, 45))
            == .repeated([utc(2024, 4, 6, 14, 45), utc(2024, 4, 6, 15, 15)]))
        #expect(zone.instants(ofLocalSeconds: wall(2024, 10, 6, 2, 15))
            == .skipped(ClockGap(transition: utc(2024, 10, 5, 15, 30), offsetBefore: 37_800, offsetAfter: 39_600)))
    }

    /// Int64's ends: before the first transition type 0 answers (RFC 8536), after the last the footer; a wall
    /// time whose instant Int64 cannot hold says so.
    @Test func extremeInstantsHaveAnswers() throws {
        let zone = try systemZone("America/New_York")
        #expect(zone.localTimeType(atUnixSeconds: .min).abbreviation == "LMT")
        #expect(["EST", "EDT"].contains(zone.localTimeType(atUnixSeconds: .max).abbreviation))
        #expect(zone.instants(ofLocalSeconds: .max) == .unrepresentable)  // local − (−5 h) is past Int64.max
        #expect(zone.instants(ofLocalSeconds: .min).candidates == [Int64.min + 17_762])  // LMT −4:56:02
        let kolkata = try systemZone("Asia/Kolkata")
        #expect(kolkata.instants(ofLocalSeconds: .min) == .unrepresentable)
        #expect(kolkata.instants(ofLocalSeconds: .max).candidates == [Int64.max - 19_800])
    }

    /// Every zone of the system's database reads, and every sampled instant is among the instants of the wall
    /// time it shows — table, footer and the seam between them. The "right/" zones, which count leap seconds,
    /// are refused by name.
    @Test func everySystemZoneReadsAndRoundTrips() throws {
        let root = URL(fileURLWithPath: zoneinfoDirectory)
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var read = 0
        for case let url as URL in enumerator {
            let path = url.path
            guard let data = FileManager.default.contents(atPath: path), data.starts(with: Array("TZif".utf8)) else {
                continue
            }
            let bytes = Array(data)
            if path.contains("/right/") {
                #expect(tzifError(bytes) == .leapSeconds, "\(path)")
                continue
            }
            let zone: TimeZoneRules
            do { zone = try TimeZoneRules(tzif: bytes) } catch {
                Issue.record("\(path): \(error)")
                continue
            }
            read += 1
            var samples: [Int64] = [.min, -(1 << 59), 0, utc(2024, 6, 1), utc(2100, 1, 15), utc(2100, 7, 15), .max]
            for transition in zone.transitions.suffix(4) { samples += [transition - 1, transition, transition + 1] }
            for unix in samples {
                let offset = zone.utcOffset(atUnixSeconds: unix)
                let (local, overflow) = unix.addingReportingOverflow(Int64(offset))
                if overflow { continue }
                #expect(zone.instants(ofLocalSeconds: local).candidates.contains(unix), "\(path) at \(unix)")
            }
        }
        #expect(read > 300, "zones read from \(zoneinfoDirectory)")
    }
}
