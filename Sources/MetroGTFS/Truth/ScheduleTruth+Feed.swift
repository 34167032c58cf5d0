import MetroModel

extension ScheduleTruth {
    /// Judges the model on every trip of a feed whose route is a line of `file` (the network file imported from
    /// the same feed), each trip once (a frequency-based trip's repetitions have its times shifted, and would
    /// only repeat its figures).
    public static func judge<Source: FeedFileSource>(source: Source, file: GeneralNetworkFile) throws(FeedError) -> ScheduleTruth {
        var truth = ScheduleTruth(file: file)
        try forEachTrip(source: source, file: file, restart: { truth = ScheduleTruth(file: file) }) { line, calls in
            truth.add(line: line, calls: calls)
        }
        return truth
    }

    /// Every trip of a feed whose route is a line of `file`, as the stations it calls at (platforms grouped as the
    /// import groups them, consecutive calls at one station merged) with their scheduled times; with `date`, the
    /// trips running on that date's clock: its services' trips, and those of the day before's services still
    /// running after its midnight, their times a day less (so some start before 0). `restart` is called when the feed's stop
    /// times are not grouped by trip and are read again from the start.
    public static func forEachTrip<Source: FeedFileSource>(
        source: Source, file: GeneralNetworkFile, runningOn date: ServiceDate? = nil, restart: () -> Void,
        _ body: (_ line: String, _ calls: [FeedDigestBuilder.Call]) -> Void
    ) throws(FeedError) {
        let reader = FeedReader(source: source)
        let tables = try reader.readTables()
        let grouping = StationGrouping(stops: tables.stops)
        let lines = Set(file.lines.map(\.id))
        let calendar = ServiceCalendar(calendars: tables.calendars, dates: tables.calendarDates)
        let dayBefore = date.map { date in
            let civil = KyivTime.civilFromDays(KyivTime.daysFromCivil(year: date.year, month: date.month, day: date.day) - 1)
            return ServiceDate(year: civil.year, month: civil.month, day: civil.day)
        }
        _ = try reader.forEachTrip(tables: tables, restart: restart) { (trip: FeedTrip, stopTimes: [FeedStopTime]) throws(FeedError) in
            guard lines.contains(trip.routeID) else { return }
            // On a date's clock: its own service's trips, and the day before's still running after midnight (GTFS
            // times past 24:00), a day earlier on the clock.
            var shift = 0
            if let date, let dayBefore, !calendar.isActive(trip.serviceID, on: date) {
                guard calendar.isActive(trip.serviceID, on: dayBefore),
                      let last = stopTimes.last?.arrival, last.seconds >= 86_400 else { return }
                shift = -86_400
            }
            let calls = stopTimes.compactMap { stopTime in
                grouping.station(of: stopTime.stopID).map {
                    FeedDigestBuilder.Call(station: $0, arrival: stopTime.arrival!.seconds + shift,
                                           departure: stopTime.departure!.seconds + shift)
                }
            }
            body(trip.routeID, FeedDigestBuilder.merged(calls))
        }
    }

    /// The figures as a Markdown table: per line and band, then per line; error percentiles in seconds.
    public func markdown(title: String) -> String {
        var text = "| line | when | rides | model − schedule at the destination, p50 / p95 of |error| / worst early, s | \"yours is next\" after the doors open | at the stop before | before the doors open, p50 / p90, s |\n"
        text += "| --- | --- | ---: | --- | ---: | ---: | --- |\n"
        func row(_ line: String, _ when: String, _ f: Figures) -> String {
            var absolute = ValueHistogram()
            for (value, count) in f.arrivalError.counts { absolute.add(abs(value), times: count) }
            let p50 = f.arrivalError.median ?? 0, p95 = absolute.percentile(0.95) ?? 0, early = f.arrivalError.minimum ?? 0
            let late = f.rides == 0 ? 0 : 100.0 * Double(f.nextStopLate) / Double(f.rides)
            let before = f.rides == 0 ? 0 : 100.0 * Double(f.nextStopAtTheStopBefore) / Double(f.rides)
            let lead = "\(f.nextStopLead.median ?? 0) / \(f.nextStopLead.percentile(0.9) ?? 0)"
            return "| \(line) | \(when) | \(f.rides) | \(p50) / \(p95) / \(early) | \(f.nextStopLate) (\(Self.percent(late))) | \(Self.percent(before)) | \(lead) |\n"
        }
        for line in figures.keys.sorted() {
            for band in Band.allCases {
                guard let f = figures[line]?[band], f.rides > 0 else { continue }
                text += row(line, band.rawValue, f)
            }
            text += row("**\(line)**", "**all day**", total(of: line))
        }
        return "\(title)\n\n" + text
    }

    /// A share in per cent with one decimal: `12.5 %`.
    public static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }
}
