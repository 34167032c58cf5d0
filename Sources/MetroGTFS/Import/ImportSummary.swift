import MetroModel

/// What an import made of a feed, for the person who ran it: what was kept, what was left out and why.
public struct ImportSummary: Sendable, Equatable {
    public var agency: String
    public var timeZone: String
    public var validFrom: ServiceDate
    public var validTo: ServiceDate
    public var lines: Int
    public var stations: Int
    public var patterns: Int
    public var segments: Int
    public var transfers: Int
    /// Rows of `stop_times.txt` read, and trips (scheduled and expanded from `frequencies.txt`) read.
    public var stopTimesRead: Int
    public var tripsRead: Int
    public var tripsUsed: Int
    public var tripsIgnored: [FeedIgnoredReason: Int]
    /// Routes left out by the selection, by route type.
    public var routesSkippedByType: [Int: Int]
    /// The dates whose timetables stand for each kind of day.
    public var representativeDates: [FeedDayType: ServiceDate]

    public init(agency: String, timeZone: String, validFrom: ServiceDate, validTo: ServiceDate, lines: Int, stations: Int,
                patterns: Int, segments: Int, transfers: Int, stopTimesRead: Int, tripsRead: Int, tripsUsed: Int,
                tripsIgnored: [FeedIgnoredReason: Int], routesSkippedByType: [Int: Int],
                representativeDates: [FeedDayType: ServiceDate]) {
        self.agency = agency; self.timeZone = timeZone; self.validFrom = validFrom; self.validTo = validTo
        self.lines = lines; self.stations = stations; self.patterns = patterns; self.segments = segments
        self.transfers = transfers; self.stopTimesRead = stopTimesRead; self.tripsRead = tripsRead
        self.tripsUsed = tripsUsed; self.tripsIgnored = tripsIgnored; self.routesSkippedByType = routesSkippedByType
        self.representativeDates = representativeDates
    }

    /// The summary as lines of text in both languages.
    public var phrase: Phrase {
        let from = validFrom.isoText, to = validTo.isoText
        // The agency's name is the feed's, in whatever language it has: quoted, as data is.
        var uk = ["«\(agency)» (\(timeZone)), розклад з \(from) по \(to)",
                  "ліній: \(lines), станцій: \(stations), варіантів маршруту: \(patterns), перегонів: \(segments), пересадок: \(transfers)",
                  "рядків stop_times: \(stopTimesRead), рейсів: \(tripsRead), з них узято \(tripsUsed)"]
        var en = ["'\(agency)' (\(timeZone)), timetable from \(from) to \(to)",
                  "lines: \(lines), stations: \(stations), stop patterns: \(patterns), segments: \(segments), transfers: \(transfers)",
                  "stop_times rows: \(stopTimesRead), trips: \(tripsRead), of them used \(tripsUsed)"]
        for reason in FeedIgnoredReason.allCases {
            guard let count = tripsIgnored[reason], count > 0 else { continue }
            let why = reason.phrase
            uk.append("  пропущено рейсів: \(count) (\(why.uk))")
            en.append("  trips left out: \(count) (\(why.en))")
        }
        if !routesSkippedByType.isEmpty {
            let list = routesSkippedByType.keys.sorted().map { "\(routesSkippedByType[$0]!) × \($0)" }.joined(separator: ", ")
            uk.append("маршрути інших типів пропущено (кількість × route_type): \(list); див. --route-types")
            en.append("routes of other types left out (count × route_type): \(list); see --route-types")
        }
        let days = FeedDayType.allCases.compactMap { day in representativeDates[day].map { (day, $0) } }
        let dayNames: [FeedDayType: Phrase] = [.weekday: Phrase(uk: "будній", en: "weekday"),
                                               .saturday: Phrase(uk: "субота", en: "Saturday"),
                                               .sunday: Phrase(uk: "неділя", en: "Sunday")]
        uk.append("дні, за якими взято розклад: " + days.map { "\(dayNames[$0.0]!.uk) \($0.1.isoText)" }.joined(separator: ", "))
        en.append("timetables taken from: " + days.map { "\(dayNames[$0.0]!.en) \($0.1.isoText)" }.joined(separator: ", "))
        return Phrase(uk: uk.joined(separator: "\n"), en: en.joined(separator: "\n"))
    }
}

extension FeedIgnoredReason {
    /// Why, in both languages.
    public var phrase: Phrase {
        switch self {
        case .routeNotSelected: return Phrase(uk: "маршрут не вибрано", en: "route not selected")
        case .serviceNeverRuns: return Phrase(uk: "не курсує в жоден із узятих днів", en: "runs on none of the days taken")
        case .tooFewStations: return Phrase(uk: "менше двох станцій", en: "fewer than two stations")
        }
    }
}
