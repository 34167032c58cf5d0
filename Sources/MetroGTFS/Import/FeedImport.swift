import MetroModel

/// A network file made from a feed, with what the import made of the feed.
public struct ImportResult: Sendable {
    public let file: GeneralNetworkFile
    public let summary: ImportSummary
}

/// The import of a GTFS feed into a network file (`metrotimer import-gtfs`), as a pure function of the feed's
/// files: the tables are read and checked, the kinds of day are given their dates, `stop_times.txt` is streamed
/// once into the digest, and the digest becomes the file. Nothing is written here; the caller writes the file
/// only when this returns, so a failed import leaves nothing behind.
public enum FeedImport {
    /// The most trips an import takes, repetitions of frequency-based trips included: New York's whole subway runs
    /// about 20 000 a weekday, so this is room for the largest networks, not for a feed repeating a trip every
    /// second all day.
    public static let maximumTrips = 2_000_000

    public static func run<Source: FeedFileSource>(source: Source, options: ImportOptions, imported: ServiceDate,
                                                   limits: CSVLimits = .standard) throws(FeedError) -> ImportResult {
        let reader = FeedReader(source: source, limits: limits)
        let tables = try reader.readTables()
        let calendar = ServiceCalendar(calendars: tables.calendars, dates: tables.calendarDates)

        var skippedByType: [Int: Int] = [:]
        for route in tables.routes where !options.keeps(route) { skippedByType[route.type, default: 0] += 1 }
        guard tables.routes.contains(where: options.keeps) else {
            throw FeedError(fileName: "routes.txt", problem: .noRouteSelected(available: skippedByType))
        }
        guard let first = calendar.firstDate, let last = calendar.lastDate else {
            throw FeedError(fileName: tables.calendars.isEmpty ? "calendar_dates.txt" : "calendar.txt", problem: .missingCalendar)
        }

        var total = tables.trips.count
        for frequency in tables.frequencies.values.joined().sorted(by: { $0.line < $1.line }) {
            total += repetitionCount(frequency)
            if total > maximumTrips {
                throw FeedError(fileName: "frequencies.txt", line: frequency.line,
                                problem: .tooMany(what: Phrase(uk: "рейсів разом із повтореннями", en: "trips, repetitions included"),
                                                  limit: maximumTrips))
            }
        }
        // Trips per service, a frequency-based trip counting once per repetition, to tell ordinary days from
        // holidays (`RepresentativeDays`).
        var tripsPerService: [String: Int] = [:]
        for trip in tables.trips.values {
            guard let route = tables.routesByID[trip.routeID], options.keeps(route) else { continue }
            let repetitions = tables.frequencies[trip.id].map { $0.reduce(0) { $0 + repetitionCount($1) } } ?? 1
            tripsPerService[trip.serviceID, default: 0] += repetitions
        }
        let days = RepresentativeDays(first: first, last: last) { date in
            tripsPerService.reduce(0) { $0 + (calendar.isActive($1.key, on: date) ? $1.value : 0) }
        }

        let grouping = StationGrouping(stops: tables.stops)
        var builder = FeedDigestBuilder()
        var tripsRead = 0
        // A file whose trips' rows are apart is read again from the start: what was made of it so far goes.
        let rows = try reader.forEachTrip(tables: tables, restart: {
            builder = FeedDigestBuilder()
            tripsRead = 0
        }) { (trip: FeedTrip, stopTimes: [FeedStopTime]) throws(FeedError) in
            let repetitions = tables.frequencies[trip.id] ?? []
            tripsRead += repetitions.isEmpty ? 1 : repetitions.reduce(0) { $0 + repetitionCount($1) }
            guard let route = tables.routesByID[trip.routeID], options.keeps(route) else {
                return builder.ignore(.routeNotSelected)
            }
            let runsOn = Set(days.dates.filter { calendar.isActive(trip.serviceID, on: $0.value) }.keys)
            let calls = try stopTimes.map { (stopTime: FeedStopTime) throws(FeedError) -> FeedDigestBuilder.Call in
                guard let station = grouping.station(of: stopTime.stopID) else {
                    // A trip calling at an entrance or a node: GTFS allows trips to call only at stops.
                    throw FeedError(fileName: "stop_times.txt", line: stopTime.line,
                                    problem: .badValue(column: "stop_id", value: stopTime.stopID,
                                                       expected: Phrase(uk: "зупинка чи перон (location_type 0)",
                                                                        en: "a stop or platform (location_type 0)")))
                }
                return FeedDigestBuilder.Call(station: station, arrival: stopTime.arrival!.seconds, departure: stopTime.departure!.seconds)
            }
            if repetitions.isEmpty {
                builder.add(routeID: trip.routeID, directionID: trip.directionID, days: runsOn, calls: calls)
                return
            }
            // A frequency-based trip's own times are a template: each repetition shifts them to its start.
            let origin = calls[0].departure
            for frequency in repetitions {
                for start in stride(from: frequency.start.seconds, to: frequency.end.seconds, by: frequency.headwaySeconds) {
                    let shift = start - origin
                    builder.add(routeID: trip.routeID, directionID: trip.directionID, days: runsOn, calls: calls.map {
                        FeedDigestBuilder.Call(station: $0.station, arrival: $0.arrival + shift, departure: $0.departure + shift)
                    })
                }
            }
        }

        let digest = builder.finish()
        let description = FeedDescription(agencyName: tables.agencies[0].name, timeZone: tables.timeZone, info: tables.info,
                                          stops: tables.stops, routes: tables.routes, transfers: tables.transfers,
                                          firstServiceDate: first, lastServiceDate: last)
        let file = GeneralNetworkFile(digest: digest, feed: description, grouping: grouping, imported: imported)
        let summary = ImportSummary(
            agency: description.agencyName, timeZone: tables.timeZone, validFrom: first, validTo: last,
            lines: file.lines.count, stations: file.stations.count, patterns: file.lines.reduce(0) { $0 + $1.patterns.count },
            segments: file.segments.count, transfers: file.transfers.count, stopTimesRead: rows, tripsRead: tripsRead,
            tripsUsed: digest.tripsUsed, tripsIgnored: digest.tripsIgnored, routesSkippedByType: skippedByType,
            representativeDates: days.dates)
        return ImportResult(file: file, summary: summary)
    }

    /// How many trips a frequency row makes: one every headway from its start, before its end.
    static func repetitionCount(_ frequency: FeedFrequency) -> Int {
        (frequency.end.seconds - frequency.start.seconds + frequency.headwaySeconds - 1) / frequency.headwaySeconds
    }
}
