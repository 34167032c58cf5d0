import Testing
@testable import MetroModel

@Suite("Service hours checks (model §7)")
struct ServiceTests {
    func clock(_ unix: Int64) -> String { KyivTime.civil(unixSeconds: unix).description }

    @Test func workedExample5LastSoonAtTheStart() throws {
        let trip = try plannedTrip("heroiv-dnipra", "hidropark", at: kyivUnix(2026, 8, 17, 22, 0))
        let issue = try #require(kyiv.serviceIssue(for: trip))
        #expect(issue.kind == .lastSoon && issue.station == "heroiv-dnipra")
        #expect(clock(issue.unixSeconds) == "2026-08-17T22:30:00+03:00")
    }

    @Test func workedExample6AfterLastAtTheTransfer() throws {
        let trip = try plannedTrip("akademmistechko", "pozniaky", at: kyivUnix(2026, 8, 17, 22, 20))
        let issue = try #require(kyiv.serviceIssue(for: trip))
        #expect(issue == ServiceIssue(kind: .afterLast, station: "zoloti-vorota", unixSeconds: kyivUnix(2026, 8, 17, 22, 41, 15)))
    }

    @Test func workedExample7BeforeFirstOnTheSpringClockChangeDay() throws {
        let trip = try plannedTrip("lisova", "darnytsia", at: kyivUnix(2026, 3, 29, 5, 10))
        let issue = try #require(kyiv.serviceIssue(for: trip))
        #expect(issue.kind == .beforeFirst && issue.station == "lisova")
        #expect(clock(issue.unixSeconds) == "2026-03-29T05:34:45+03:00")
    }

    @Test func autumnClockChangeDay() throws {
        // 2026-10-25: 05:34:45 on the (winter) clock.
        let trip = try plannedTrip("lisova", "darnytsia", at: kyivUnix(2026, 10, 25, 5, 10))
        let issue = try #require(kyiv.serviceIssue(for: trip))
        #expect(clock(issue.unixSeconds) == "2026-10-25T05:34:45+02:00")
    }

    @Test func workedExample8AfterMidnightBelongsToThePreviousServiceDay() throws {
        let trip = try plannedTrip("khreshchatyk", "poshtova-ploshcha", at: kyivUnix(2026, 12, 5, 0, 20))
        #expect(clock(trip.wall.unixSeconds(at: trip.events[1].arrival)) == "2026-12-05T00:23:52+02:00")
        let issue = try #require(kyiv.serviceIssue(for: trip))
        #expect(issue.kind == .afterLast && issue.station == "maidan-nezalezhnosti")
        #expect(clock(issue.unixSeconds) == "2026-12-04T22:50:30+02:00")
    }

    @Test func workedExample4NoStartCheckWhenTheRideBeginsWithTheWalk() throws {
        // At 12:00 maidan runs normally: no issue at all, and khreshchatyk's m1 hours are never consulted.
        let trip = try plannedTrip("khreshchatyk", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 12, 0))
        #expect(kyiv.serviceIssue(for: trip) == nil)
        // At 23:05 khreshchatyk (m1 forward) would be past its last train, but no train leaves it on this ride.
        let late = try plannedTrip("khreshchatyk", "poshtova-ploshcha", at: kyivUnix(2026, 8, 17, 22, 40))
        #expect(kyiv.serviceIssue(for: late)?.station != "khreshchatyk")
    }

    @Test func hardIssueBeatsAnEarlierLastSoon() throws {
        // Example 6: the start alone would be last_soon (22:30 at akademmistechko).
        let trip = try plannedTrip("akademmistechko", "universytet", at: kyivUnix(2026, 8, 17, 22, 20))
        let issue = try #require(kyiv.serviceIssue(for: trip))
        #expect(issue.kind == .lastSoon && issue.station == "akademmistechko")
        #expect(clock(issue.unixSeconds) == "2026-08-17T22:30:00+03:00")
    }

    @Test func noIssueAtMiddayAndBeforeFirstInTheEarlyMorning() throws {
        let midday = try plannedTrip("akademmistechko", "pozniaky", at: kyivUnix(2026, 8, 17, 12, 0))
        #expect(kyiv.serviceIssue(for: midday) == nil)
        let early = try plannedTrip("akademmistechko", "pozniaky", at: kyivUnix(2026, 8, 17, 4, 30))
        #expect(kyiv.serviceIssue(for: early)?.kind == .beforeFirst)
        #expect(kyiv.serviceIssue(for: early)?.station == "akademmistechko")
    }

    @Test func boundariesOfTheWindowAndOfTheHour() throws {
        // The start check at akademmistechko (m1 forward) on Monday 2026-08-17, to the second.
        let window = try #require(kyiv.serviceWindow(at: "akademmistechko", direction: .forward))
        let day = ServiceDay(year: 2026, month: 8, day: 17)
        let first = day.unix(ofWallSeconds: window.firstDeparture)
        let last = day.unix(ofWallSeconds: window.lastDeparture)
        try #require(last - first > 7200)
        func issue(at t0: Int64) throws -> ServiceIssue? {
            kyiv.serviceIssue(for: try plannedTrip("akademmistechko", "zhytomyrska", at: t0))
        }
        // boarding < first ⇒ before_first; boarding == first is the first train itself.
        #expect(try issue(at: first - 1) == ServiceIssue(kind: .beforeFirst, station: "akademmistechko", unixSeconds: first))
        #expect(try issue(at: first) == nil)
        // last − boarding < 3600 ⇒ last_soon; exactly an hour before is not yet "within the hour".
        #expect(try issue(at: last - 3600) == nil)
        #expect(try issue(at: last - 3599) == ServiceIssue(kind: .lastSoon, station: "akademmistechko", unixSeconds: last))
        // boarding > last ⇒ after_last; boarding == last is the last train itself.
        #expect(try issue(at: last) == ServiceIssue(kind: .lastSoon, station: "akademmistechko", unixSeconds: last))
        #expect(try issue(at: last + 1) == ServiceIssue(kind: .afterLast, station: "akademmistechko", unixSeconds: last))
    }

    @Test func messagesInBothLanguages() {
        let issue = ServiceIssue(kind: .afterLast, station: "zoloti-vorota", unixSeconds: kyivUnix(2026, 8, 17, 22, 41, 15))
        #expect(issue.message(.en, network: kyiv) == "Too late: the last train from Zoloti Vorota left at 22:41:15")
        #expect(issue.message(.uk, network: kyiv).contains("Золоті ворота") || issue.message(.uk, network: kyiv).contains("22:41:15"))
        for kind in ServiceIssueKind.allCases {
            let i = ServiceIssue(kind: kind, station: "lisova", unixSeconds: 0)
            #expect(i.message(.uk, network: kyiv) != i.message(.en, network: kyiv))
            #expect(!i.message(.en, network: kyiv).unicodeScalars.contains { (0x400...0x4FF).contains($0.value) })
        }
    }
}
