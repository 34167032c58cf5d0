import MetroModel

extension FeedReader {
    /// The most stop times one trip may have: far above any metro line's stations, low enough that a file of
    /// one endless trip is refused rather than held.
    public static var maximumStopTimesPerTrip: Int { 10_000 }

    /// The columns of `stop_times.txt` the import needs.
    static var stopTimeColumns: [String] { ["trip_id", "stop_id", "stop_sequence", "arrival_time", "departure_time"] }

    /// Calls `body` once per trip of `stop_times.txt`, with its stop times in `stop_sequence` order and every
    /// time filled in (see `completed`); returns the number of rows read.
    ///
    /// Feeds almost always group a trip's rows together, and then the file is read once, holding one trip at a
    /// time. GTFS does not require it: when a trip's rows turn out to be apart (a trip already handed to `body`
    /// comes back), `restart` is called, so the caller drops what it made of the trips so far, and the file is read
    /// again holding every row until the end (memory growing with the file, the only way to see such a trip
    /// whole). Either way every trip reaches `body` whole, once after the last `restart`, in the order its first
    /// row appears.
    @discardableResult
    public func forEachTrip(tables: FeedTables, restart: () -> Void,
                            _ body: (FeedTrip, [FeedStopTime]) throws(FeedError) -> Void) throws(FeedError) -> Int {
        if let rows = try forEachGroupedTrip(tables: tables, body) { return rows }
        restart()
        return try forEachHeldTrip(tables: tables, body)
    }

    /// One pass holding one trip at a time; nil as soon as a trip's rows prove to be apart (the rest of the file
    /// is then read but not used). A trip refused here (too short, say) may only be the first part of a trip
    /// whose rows are apart, so the refusal waits for the end of the file: thrown if no trip was apart, dropped
    /// for the second pass otherwise.
    private func forEachGroupedTrip(tables: FeedTables, _ body: (FeedTrip, [FeedStopTime]) throws(FeedError) -> Void) throws(FeedError) -> Int? {
        var rows = 0
        var current: [FeedStopTime] = []
        var finished = Set<String>()
        var apart = false
        var refusal: FeedError?
        func finish() throws(FeedError) {
            guard refusal == nil else { return }
            do { try Self.finish(current, tables: tables, body) } catch {
                // An error of `body` itself (not of the trip's rows) is the caller's: it stands at once.
                guard error.fileName == "stop_times.txt" else { throw error }
                refusal = error
            }
        }
        try eachRow("stop_times.txt", mustExist: true, required: Self.stopTimeColumns) { (f: FeedFields) throws(FeedError) in
            guard !apart else { return }
            rows += 1
            let stopTime = try Self.stopTime(f, tables: tables)
            if let last = current.last, last.tripID != stopTime.tripID {
                try finish()
                finished.insert(last.tripID)
                current.removeAll(keepingCapacity: true)
                if finished.contains(stopTime.tripID) { apart = true; return }
            }
            current.append(stopTime)
            if current.count > Self.maximumStopTimesPerTrip { throw Self.tooLong(stopTime) }
        }
        guard !apart else { return nil }
        if !current.isEmpty { try finish() }
        if let refusal { throw refusal }
        return rows
    }

    /// One pass holding every row, for a file whose trips' rows are apart.
    private func forEachHeldTrip(tables: FeedTables, _ body: (FeedTrip, [FeedStopTime]) throws(FeedError) -> Void) throws(FeedError) -> Int {
        var rows = 0
        var held: [String: [FeedStopTime]] = [:]
        var order: [String] = []
        try eachRow("stop_times.txt", mustExist: true, required: Self.stopTimeColumns) { (f: FeedFields) throws(FeedError) in
            rows += 1
            let stopTime = try Self.stopTime(f, tables: tables)
            if held[stopTime.tripID] == nil { order.append(stopTime.tripID) }
            held[stopTime.tripID, default: []].append(stopTime)
            if held[stopTime.tripID]!.count > Self.maximumStopTimesPerTrip { throw Self.tooLong(stopTime) }
        }
        for trip in order { try Self.finish(held[trip]!, tables: tables, body) }
        return rows
    }

    private static func tooLong(_ stopTime: FeedStopTime) -> FeedError {
        FeedError(fileName: "stop_times.txt", line: stopTime.line,
                  problem: .tooMany(what: Phrase(uk: "зупинок у рейсі «\(FeedProblem.shown(stopTime.tripID))»",
                                                 en: "stop times in trip '\(FeedProblem.shown(stopTime.tripID))'"),
                                    limit: maximumStopTimesPerTrip))
    }

    static func stopTime(_ f: FeedFields, tables: FeedTables) throws(FeedError) -> FeedStopTime {
        let trip = try f.required("trip_id")
        guard tables.trips[trip] != nil else { throw f.error("trip_id", .unknownReference(column: "trip_id", id: trip, file: "trips.txt")) }
        let stop = try f.required("stop_id")
        guard tables.stopsByID[stop] != nil else { throw f.error("stop_id", .unknownReference(column: "stop_id", id: stop, file: "stops.txt")) }
        guard let sequence = try f.integer("stop_sequence", in: 0...Int(Int32.max)) else {
            throw f.error("stop_sequence", .emptyField("stop_sequence"))
        }
        return FeedStopTime(tripID: trip, stopID: stop, sequence: sequence, arrival: try f.time("arrival_time"),
                            departure: try f.time("departure_time"), noPickup: try f.integer("pickup_type", in: 0...3) == 1,
                            noDropOff: try f.integer("drop_off_type", in: 0...3) == 1, line: f.line)
    }

    private static func finish(_ rows: [FeedStopTime], tables: FeedTables,
                               _ body: (FeedTrip, [FeedStopTime]) throws(FeedError) -> Void) throws(FeedError) {
        try body(tables.trips[rows[0].tripID]!, try completed(rows))
    }

    /// A trip's stop times in order with every time there: a row with only one of its times takes it for both;
    /// rows between timepoints (both empty) get times spaced evenly between the timepoints around them, by
    /// position, since `shape_dist_traveled` is not required. Refused: fewer than two rows, a `stop_sequence`
    /// twice, a first or last row without a time, times that go backwards.
    static func completed(_ rows: [FeedStopTime]) throws(FeedError) -> [FeedStopTime] {
        let trip = rows[0].tripID
        let sorted = rows.sorted { $0.sequence < $1.sequence }
        guard sorted.count >= 2 else {
            throw FeedError(fileName: "stop_times.txt", line: rows[0].line, problem: .tripTooShort(tripID: trip, stopTimes: rows.count))
        }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.sequence == b.sequence {
            throw FeedError(fileName: "stop_times.txt", line: max(a.line, b.line),
                            problem: .duplicateStopSequence(tripID: trip, stopSequence: b.sequence))
        }
        var result = sorted
        for index in result.indices {
            if result[index].arrival == nil { result[index].arrival = result[index].departure }
            if result[index].departure == nil { result[index].departure = result[index].arrival }
        }
        guard result.first!.departure != nil, result.last!.arrival != nil else {
            throw FeedError(fileName: "stop_times.txt", line: result.first!.departure == nil ? result.first!.line : result.last!.line,
                            problem: .tripEndWithoutTime(tripID: trip))
        }
        var previousTimed = 0
        for index in result.indices.dropFirst() where result[index].arrival != nil {
            let gap = index - previousTimed
            if gap > 1 {
                let from = result[previousTimed].departure!.seconds, to = result[index].arrival!.seconds
                for step in 1..<gap {
                    let time = ServiceTime(seconds: from + (to - from) * step / gap)
                    result[previousTimed + step].arrival = time
                    result[previousTimed + step].departure = time
                }
            }
            previousTimed = index
        }
        for index in result.indices {
            let row = result[index]
            let earlier = index > 0 ? result[index - 1].departure! : row.arrival!
            if row.arrival! < earlier || row.departure! < row.arrival! {
                throw FeedError(fileName: "stop_times.txt", line: row.line, problem: .timeGoesBack(tripID: trip, stopSequence: row.sequence))
            }
        }
        return result
    }
}
