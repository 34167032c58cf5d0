import MetroModel

extension FeedReader {
    /// Reads and cross-checks every file but `stop_times.txt`: agency, stops, routes, calendar and
    /// calendar_dates (one of them at least), trips, frequencies, transfers, feed_info.
    public func readTables() throws(FeedError) -> FeedTables {
        let agencies = try readAgencies()
        var timeZone = agencies[0].timeZone
        for agency in agencies.dropFirst() where agency.timeZone != timeZone {
            throw FeedError(fileName: "agency.txt", line: agency.line, problem: .timeZonesDiffer(timeZone, agency.timeZone))
        }
        timeZone = agencies[0].timeZone
        let stops = try readStops()
        let routes = try readRoutes(agencies: agencies)
        guard source.contains("calendar.txt") || source.contains("calendar_dates.txt") else {
            throw FeedError(fileName: "calendar.txt", problem: .missingCalendar)
        }
        let calendars = try readCalendars()
        let calendarDates = try readCalendarDates()
        var services = Set(calendars.map(\.serviceID))
        services.formUnion(calendarDates.map(\.serviceID))
        let stopsByID = Dictionary(stops.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let routesByID = Dictionary(routes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let trips = try readTrips(routes: routesByID, services: services)
        return FeedTables(agencies: agencies, timeZone: timeZone, stops: stops, stopsByID: stopsByID, routes: routes,
                          routesByID: routesByID, trips: trips, calendars: calendars, calendarDates: calendarDates,
                          frequencies: try readFrequencies(trips: trips), transfers: try readTransfers(stops: stopsByID),
                          info: try readInfo())
    }

    /// Remembers the line of each id of a file and refuses one given twice.
    private struct UniqueIDs {
        var lines: [String: Int] = [:]
        mutating func insert(_ id: String, column: String, fields: FeedFields) throws(FeedError) {
            if let first = lines[id] { throw fields.error(column, .duplicateID(column: column, id: id, firstLine: first)) }
            lines[id] = fields.line
        }
    }

    func readAgencies() throws(FeedError) -> [FeedAgency] {
        var agencies: [FeedAgency] = []
        var ids = UniqueIDs()
        try eachRow("agency.txt", mustExist: true, required: ["agency_name", "agency_timezone"]) { (f: FeedFields) throws(FeedError) in
            let id = f.optional("agency_id")
            if let id { try ids.insert(id, column: "agency_id", fields: f) }
            agencies.append(FeedAgency(id: id, name: try f.required("agency_name"), timeZone: try f.required("agency_timezone"),
                                       line: f.line))
        }
        guard !agencies.isEmpty else { throw FeedError(fileName: "agency.txt", line: 2, problem: .emptyField("agency_name")) }
        return agencies
    }

    func readStops() throws(FeedError) -> [FeedStop] {
        var stops: [FeedStop] = []
        var ids = UniqueIDs()
        try eachRow("stops.txt", mustExist: true, required: ["stop_id"]) { (f: FeedFields) throws(FeedError) in
            let id = try f.required("stop_id")
            try ids.insert(id, column: "stop_id", fields: f)
            let kindNumber = try f.integer("location_type", in: 0...4) ?? 0
            let kind = FeedStop.Kind(rawValue: kindNumber)!
            // Name and coordinates are required of stops, stations and entrances, not of nodes and boarding areas.
            let placed = kindNumber <= 2
            let latitude = try f.decimal("stop_lat", in: -90...90), longitude = try f.decimal("stop_lon", in: -180...180)
            if placed && (latitude == nil || longitude == nil) {
                throw f.error(latitude == nil ? "stop_lat" : "stop_lon", .missingCoordinates(stopID: id))
            }
            let name = placed ? try f.required("stop_name") : (f.optional("stop_name") ?? "")
            let parent = f.optional("parent_station")
            if kindNumber >= 2 && parent == nil { throw f.error("parent_station", .emptyField("parent_station")) }
            if kind == .station && parent != nil {
                throw f.bad("parent_station", Phrase(uk: "порожнє поле у станції (location_type 1)",
                                                     en: "empty for a station (location_type 1)"))
            }
            stops.append(FeedStop(id: id, name: name, latitude: latitude, longitude: longitude, kind: kind,
                                  parentStation: parent, line: f.line))
        }
        // Parents are checked once every stop is known: a parent may come after its platforms.
        for stop in stops {
            guard let parent = stop.parentStation else { continue }
            guard ids.lines[parent] != nil else {
                throw FeedError(fileName: "stops.txt", line: stop.line, problem: .unknownReference(column: "parent_station", id: parent, file: "stops.txt"))
            }
        }
        return stops
    }

    func readRoutes(agencies: [FeedAgency]) throws(FeedError) -> [FeedRoute] {
        var routes: [FeedRoute] = []
        var ids = UniqueIDs()
        let agencyIDs = Set(agencies.compactMap(\.id))
        try eachRow("routes.txt", mustExist: true, required: ["route_id", "route_type"]) { (f: FeedFields) throws(FeedError) in
            let id = try f.required("route_id")
            try ids.insert(id, column: "route_id", fields: f)
            let agency = f.optional("agency_id")
            if let agency, !agencyIDs.contains(agency) {
                throw f.error("agency_id", .unknownReference(column: "agency_id", id: agency, file: "agency.txt"))
            }
            let shortName = f.optional("route_short_name") ?? "", longName = f.optional("route_long_name") ?? ""
            if shortName.isEmpty && longName.isEmpty { throw f.error("route_short_name", .emptyField("route_short_name")) }
            guard let type = try f.integer("route_type", in: 0...1799) else { throw f.error("route_type", .emptyField("route_type")) }
            let color = f.optional("route_color")
            if let color, color.utf8.count != 6 || !color.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }) {
                throw f.bad("route_color", Phrase(uk: "колір RRGGBB (шість шістнадцяткових цифр)", en: "a colour RRGGBB (six hex digits)"))
            }
            routes.append(FeedRoute(id: id, agencyID: agency, shortName: shortName, longName: longName, type: type,
                                    color: color, line: f.line))
        }
        return routes
    }

    func readCalendars() throws(FeedError) -> [FeedCalendar] {
        var calendars: [FeedCalendar] = []
        var ids = UniqueIDs()
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        try eachRow("calendar.txt", mustExist: false, required: ["service_id"] + days + ["start_date", "end_date"]) { (f: FeedFields) throws(FeedError) in
            let id = try f.required("service_id")
            try ids.insert(id, column: "service_id", fields: f)
            var weekdays: [Bool] = []
            for day in days {
                guard let value = try f.integer(day, in: 0...1) else { throw f.error(day, .emptyField(day)) }
                weekdays.append(value == 1)
            }
            let start = try f.date("start_date"), end = try f.date("end_date")
            if end < start {
                throw f.bad("end_date", Phrase(uk: "дата не раніша за start_date", en: "a date not before start_date"))
            }
            calendars.append(FeedCalendar(serviceID: id, weekdays: weekdays, start: start, end: end, line: f.line))
        }
        return calendars
    }

    func readCalendarDates() throws(FeedError) -> [FeedCalendarDate] {
        var dates: [FeedCalendarDate] = []
        var seen: [String: Int] = [:]
        try eachRow("calendar_dates.txt", mustExist: false, required: ["service_id", "date", "exception_type"]) { (f: FeedFields) throws(FeedError) in
            let id = try f.required("service_id")
            let date = try f.date("date")
            guard let type = try f.integer("exception_type", in: 1...2) else { throw f.error("exception_type", .emptyField("exception_type")) }
            let key = "\(id)\u{0}\(date.isoText)"
            if let first = seen[key] {
                throw f.error("date", .duplicateID(column: "service_id + date", id: "\(id) \(date.isoText)", firstLine: first))
            }
            seen[key] = f.line
            dates.append(FeedCalendarDate(serviceID: id, date: date, isAdded: type == 1, line: f.line))
        }
        return dates
    }

    func readTrips(routes: [String: FeedRoute], services: Set<String>) throws(FeedError) -> [String: FeedTrip] {
        var trips: [String: FeedTrip] = [:]
        try eachRow("trips.txt", mustExist: true, required: ["route_id", "service_id", "trip_id"]) { (f: FeedFields) throws(FeedError) in
            let id = try f.required("trip_id")
            if let first = trips[id] { throw f.error("trip_id", .duplicateID(column: "trip_id", id: id, firstLine: first.line)) }
            let route = try f.required("route_id")
            guard routes[route] != nil else { throw f.error("route_id", .unknownReference(column: "route_id", id: route, file: "routes.txt")) }
            let service = try f.required("service_id")
            guard services.contains(service) else {
                throw f.error("service_id", .unknownReference(column: "service_id", id: service, file: "calendar.txt / calendar_dates.txt"))
            }
            trips[id] = FeedTrip(id: id, routeID: route, serviceID: service, directionID: try f.integer("direction_id", in: 0...1),
                                 shapeID: f.optional("shape_id"), headsign: f.optional("trip_headsign"), line: f.line)
        }
        return trips
    }

    func readFrequencies(trips: [String: FeedTrip]) throws(FeedError) -> [String: [FeedFrequency]] {
        var frequencies: [String: [FeedFrequency]] = [:]
        try eachRow("frequencies.txt", mustExist: false, required: ["trip_id", "start_time", "end_time", "headway_secs"]) { (f: FeedFields) throws(FeedError) in
            let trip = try f.required("trip_id")
            guard trips[trip] != nil else { throw f.error("trip_id", .unknownReference(column: "trip_id", id: trip, file: "trips.txt")) }
            guard let start = try f.time("start_time") else { throw f.error("start_time", .emptyField("start_time")) }
            guard let end = try f.time("end_time") else { throw f.error("end_time", .emptyField("end_time")) }
            if end <= start { throw f.bad("end_time", Phrase(uk: "час, пізніший за start_time", en: "a time after start_time")) }
            guard let headway = try f.integer("headway_secs", in: 1...86_400) else { throw f.error("headway_secs", .emptyField("headway_secs")) }
            frequencies[trip, default: []].append(FeedFrequency(tripID: trip, start: start, end: end, headwaySeconds: headway,
                                                                exactTimes: try f.flag("exact_times", default: false), line: f.line))
        }
        return frequencies
    }

    func readTransfers(stops: [String: FeedStop]) throws(FeedError) -> [FeedTransfer] {
        var transfers: [FeedTransfer] = []
        try eachRow("transfers.txt", mustExist: false, required: ["transfer_type"]) { (f: FeedFields) throws(FeedError) in
            guard let type = try f.integer("transfer_type", in: 0...5) else { throw f.error("transfer_type", .emptyField("transfer_type")) }
            // Trip-to-trip and in-seat transfers may leave the stops out; they say nothing about walking between
            // platforms, so they are skipped.
            guard let from = f.optional("from_stop_id"), let to = f.optional("to_stop_id") else { return }
            for (column, id) in [("from_stop_id", from), ("to_stop_id", to)] where stops[id] == nil {
                throw f.error(column, .unknownReference(column: column, id: id, file: "stops.txt"))
            }
            transfers.append(FeedTransfer(fromStopID: from, toStopID: to, kind: FeedTransfer.Kind(rawValue: type)!,
                                          minimumSeconds: try f.integer("min_transfer_time", in: 0...86_400), line: f.line))
        }
        return transfers
    }

    func readInfo() throws(FeedError) -> FeedInfo? {
        var info: FeedInfo?
        try eachRow("feed_info.txt", mustExist: false, required: ["feed_publisher_name"]) { (f: FeedFields) throws(FeedError) in
            guard info == nil else { return }
            info = FeedInfo(publisherName: try f.required("feed_publisher_name"), version: f.optional("feed_version"),
                            start: try f.optionalDate("feed_start_date"), end: try f.optionalDate("feed_end_date"))
        }
        return info
    }
}
