/// The checks of a network data file (model §10), one function per part of the file, in the order the parts depend
/// on each other: lines, then their stations, then what joins them (segments and transfers), then the timetable
/// (headways and service hours). Each throws `NetworkDataError` naming the first offending entry.
enum NetworkValidation {
    /// The lines as the file lists them, with where each station sits.
    struct CheckedLines {
        var lines: [Line]
        /// Each line's index in `lines`.
        var lineIndex: [LineID: Int]
        /// Each station's index on its line.
        var positions: [StationID: Int]
        /// The line each station is listed on (a station is on exactly one).
        var lineOfStation: [StationID: LineID]
    }

    /// The station records, by id and in the file's order.
    struct CheckedStations {
        var byID: [StationID: Station]
        var order: [StationID]
    }

    private static func fail(uk: String, en: String) -> NetworkDataError { NetworkDataError(uk: uk, en: en) }

    /// The schema version and the file's default running time and dwell.
    static func checkSchemaAndDefaults(_ file: NetworkFile) throws(NetworkDataError) {
        guard file.schema == 1 else {
            throw fail(uk: "схема \(file.schema) не підтримується (ця збірка читає схему 1)",
                       en: "schema \(file.schema) is not supported (this build reads schema 1)")
        }
        guard NetworkLimits.running.contains(file.defaults.running_s) else {
            throw fail(uk: "defaults.running_s \(file.defaults.running_s) поза межами \(NetworkLimits.running)",
                       en: "defaults.running_s \(file.defaults.running_s) is outside \(NetworkLimits.running)")
        }
        guard NetworkLimits.dwell.contains(file.defaults.dwell_s) else {
            throw fail(uk: "defaults.dwell_s \(file.defaults.dwell_s) поза межами \(NetworkLimits.dwell)",
                       en: "defaults.dwell_s \(file.defaults.dwell_s) is outside \(NetworkLimits.dwell)")
        }
    }

    /// Lines: slug ids, each once, named, at least two stations, and no station on two lines.
    static func lines(_ records: [NetworkFile.LineRecord]) throws(NetworkDataError) -> CheckedLines {
        var lines: [Line] = []
        var lineIndex: [LineID: Int] = [:]
        var positions: [StationID: Int] = [:]
        var lineOfStation: [StationID: LineID] = [:]
        for record in records {
            let id = LineID(record.id)
            guard isSlug(record.id) else {
                throw fail(uk: "ідентифікатор лінії '\(record.id)' має складатися з малих латинських літер, цифр і дефісів",
                           en: "line id '\(record.id)' is not a lowercase ASCII slug")
            }
            guard lineIndex[id] == nil else {
                throw fail(uk: "лінію '\(record.id)' задано двічі", en: "duplicate line '\(record.id)'")
            }
            guard !record.uk.isEmpty, !record.en.isEmpty else {
                throw fail(uk: "лінія '\(record.id)' не має назви", en: "line '\(record.id)' lacks a name")
            }
            guard record.stations.count >= 2 else {
                throw fail(uk: "лінія '\(record.id)' має менше двох станцій", en: "line '\(record.id)' has fewer than two stations")
            }
            for (index, station) in record.stations.enumerated() {
                let sid = StationID(station)
                if let other = lineOfStation[sid] {
                    throw fail(uk: "станція '\(station)' трапляється двічі (лінія '\(other)' і лінія '\(record.id)')",
                               en: "station '\(station)' appears twice (line '\(other)' and line '\(record.id)')")
                }
                lineOfStation[sid] = id
                positions[sid] = index
            }
            lineIndex[id] = lines.count
            lines.append(Line(id: id, name: LocalizedName(uk: record.uk, en: record.en), color: record.color,
                              stations: record.stations.map { StationID($0) }))
        }
        guard !lines.isEmpty else { throw fail(uk: "немає жодної лінії", en: "no lines") }
        return CheckedLines(lines: lines, lineIndex: lineIndex, positions: positions, lineOfStation: lineOfStation)
    }

    /// Stations: slug ids, each once, on the line that lists it, named, inside Kyiv; and every listed station has
    /// a record.
    static func stations(_ records: [NetworkFile.StationRecord], on checked: CheckedLines) throws(NetworkDataError) -> CheckedStations {
        var stations: [StationID: Station] = [:]
        var order: [StationID] = []
        for record in records {
            let id = StationID(record.id)
            guard isSlug(record.id) else {
                throw fail(uk: "ідентифікатор станції '\(record.id)' має складатися з малих латинських літер, цифр і дефісів",
                           en: "station id '\(record.id)' is not a lowercase ASCII slug")
            }
            guard stations[id] == nil else {
                throw fail(uk: "станцію '\(record.id)' задано двічі", en: "duplicate station '\(record.id)'")
            }
            guard let line = checked.lineOfStation[id] else {
                throw fail(uk: "станції '\(record.id)' немає в переліку станцій жодної лінії",
                           en: "station '\(record.id)' is on no line's station list")
            }
            guard line.rawValue == record.line else {
                throw fail(uk: "станція '\(record.id)' вказує лінію '\(record.line)', але стоїть у переліку лінії '\(line)'",
                           en: "station '\(record.id)' says line '\(record.line)' but is listed on line '\(line)'")
            }
            guard !record.uk.isEmpty, !record.en.isEmpty else {
                throw fail(uk: "станція '\(record.id)' не має назви", en: "station '\(record.id)' lacks a name")
            }
            guard record.lat.isFinite, record.lon.isFinite,
                NetworkLimits.latitude.contains(record.lat), NetworkLimits.longitude.contains(record.lon)
            else {
                throw fail(uk: "станція '\(record.id)' лежить поза Києвом (\(record.lat), \(record.lon))",
                           en: "station '\(record.id)' lies outside Kyiv (\(record.lat), \(record.lon))")
            }
            stations[id] = Station(id: id, line: line, name: LocalizedName(uk: record.uk, en: record.en),
                                   latitude: record.lat, longitude: record.lon,
                                   isSurface: record.surface, isClosed: record.closed)
            order.append(id)
        }
        for line in checked.lines {
            for sid in line.stations where stations[sid] == nil {
                throw fail(uk: "лінія '\(line.id)' містить станцію '\(sid)', для якої немає запису",
                           en: "line '\(line.id)' lists station '\(sid)' that has no record")
            }
        }
        return CheckedStations(byID: stations, order: order)
    }

    /// Surface stations far enough apart that a GPS fix cannot snap to the wrong one.
    static func checkSurfaceSpacing(_ checked: CheckedStations) throws(NetworkDataError) {
        let surface = checked.order.filter { checked.byID[$0]!.isSurface }
        for (i, a) in surface.enumerated() {
            for b in surface[(i + 1)...] {
                let sa = checked.byID[a]!, sb = checked.byID[b]!
                let d = greatCircleMeters(latitude1: sa.latitude, longitude1: sa.longitude,
                                          latitude2: sb.latitude, longitude2: sb.longitude)
                if d < NetworkLimits.minimumSurfaceSpacingMeters {
                    let needed = Int(NetworkLimits.minimumSurfaceSpacingMeters)
                    throw fail(uk: "наземні станції '\(a)' і '\(b)' лише за \(Int(d)) м одна від одної "
                                   + "(щоб GPS не сплутав їх, треба щонайменше \(needed) м)",
                               en: "surface stations '\(a)' and '\(b)' are only \(Int(d)) m apart "
                                   + "(at least \(needed) m needed for GPS snapping)")
                }
            }
        }
    }

    /// Segments: between known adjacent stations of one line, each once, with plausible running time and dwell.
    static func segments(_ records: [NetworkFile.SegmentRecord], on lines: CheckedLines,
                         stations: CheckedStations) throws(NetworkDataError) -> [SegmentKey: SegmentSeed] {
        var seeds: [SegmentKey: SegmentSeed] = [:]
        for record in records {
            let key = SegmentKey(from: StationID(record.from), to: StationID(record.to))
            for end in [key.from, key.to] where stations.byID[end] == nil {
                throw fail(uk: "перегін \(key) називає невідому станцію '\(end)'",
                           en: "segment \(key) names unknown station '\(end)'")
            }
            guard seeds[key] == nil else { throw fail(uk: "перегін \(key) задано двічі", en: "duplicate segment \(key)") }
            guard lines.lineOfStation[key.from] == lines.lineOfStation[key.to],
                let pa = lines.positions[key.from], let pb = lines.positions[key.to], abs(pa - pb) == 1
            else {
                throw fail(uk: "перегін \(key) не зʼєднує сусідні станції однієї лінії",
                           en: "segment \(key) does not join adjacent stations of one line")
            }
            guard NetworkLimits.running.contains(record.running_s) else {
                throw fail(uk: "перегін \(key): час руху \(record.running_s) с поза межами \(NetworkLimits.running)",
                           en: "segment \(key) running time \(record.running_s) s is outside \(NetworkLimits.running)")
            }
            guard NetworkLimits.dwell.contains(record.dwell_s) else {
                throw fail(uk: "перегін \(key): стоянка \(record.dwell_s) с поза межами \(NetworkLimits.dwell)",
                           en: "segment \(key) dwell \(record.dwell_s) s is outside \(NetworkLimits.dwell)")
            }
            seeds[key] = SegmentSeed(runningSeconds: record.running_s, dwellSeconds: record.dwell_s,
                                     isSuspended: record.suspended)
        }
        return seeds
    }

    /// Transfers: between known stations of two different lines, any two lines meeting at exactly one node.
    static func transfers(_ records: [NetworkFile.TransferRecord], on lines: CheckedLines,
                          stations: CheckedStations) throws(NetworkDataError) -> [Transfer] {
        var transfers: [Transfer] = []
        var joined: Set<[LineID]> = []
        for record in records {
            let a = StationID(record.a), b = StationID(record.b)
            for end in [a, b] where stations.byID[end] == nil {
                throw fail(uk: "пересадка \(record.a)–\(record.b) називає невідому станцію '\(end)'",
                           en: "transfer \(record.a)–\(record.b) names unknown station '\(end)'")
            }
            let la = stations.byID[a]!.line, lb = stations.byID[b]!.line
            guard la != lb else {
                throw fail(uk: "пересадка \(record.a)–\(record.b) зʼєднує лінію саму з собою",
                           en: "transfer \(record.a)–\(record.b) joins a line to itself")
            }
            let pair = [la, lb].sorted()
            guard !joined.contains(pair) else {
                throw fail(uk: "лінії \(pair[0]) і \(pair[1]) мають більше однієї пересадки (\(record.a)–\(record.b))",
                           en: "lines \(pair[0]) and \(pair[1]) meet at more than one transfer (\(record.a)–\(record.b))")
            }
            guard NetworkLimits.walk.contains(record.walk_s) else {
                throw fail(uk: "пересадка \(record.a)–\(record.b): перехід \(record.walk_s) с поза межами \(NetworkLimits.walk)",
                           en: "transfer \(record.a)–\(record.b) walk \(record.walk_s) s is outside \(NetworkLimits.walk)")
            }
            joined.insert(pair)
            transfers.append(Transfer(a: a, b: b, walkSeconds: record.walk_s, isMeasured: record.measured))
        }
        for (i, l1) in lines.lines.enumerated() {
            for l2 in lines.lines[(i + 1)...] where !joined.contains([l1.id, l2.id].sorted()) {
                throw fail(uk: "лінії \(l1.id) і \(l2.id) не мають пересадки", en: "lines \(l1.id) and \(l2.id) have no transfer")
            }
        }
        return transfers
    }

    /// Headways: of a known line, a known day type and an hour of 6…22, each once, with plausible values.
    static func headways(_ records: [NetworkFile.HeadwayRecord], on lines: CheckedLines)
        throws(NetworkDataError) -> [Network.HeadwayKey: (forward: HeadwayPair, backward: HeadwayPair)] {
        var headways: [Network.HeadwayKey: (forward: HeadwayPair, backward: HeadwayPair)] = [:]
        for record in records {
            let name = Phrase(uk: "інтервал лінії '\(record.line)', день '\(record.day)', \(record.hour):00",
                              en: "headway \(record.line) \(record.day) \(record.hour):00")
            guard lines.lineIndex[LineID(record.line)] != nil else {
                throw fail(uk: "\(name.uk): лінія невідома", en: "\(name.en) names unknown line")
            }
            guard let day = DayType(rawValue: record.day) else {
                throw fail(uk: "\(name.uk): день має бути 'weekday' чи 'weekend'", en: "\(name.en): day must be weekday or weekend")
            }
            guard (6...22).contains(record.hour) else {
                throw fail(uk: "\(name.uk): година має бути 6…22", en: "\(name.en): hour must be 6…22")
            }
            for (label, pair) in [("forward", record.forward), ("backward", record.backward)] {
                guard pair.count == 2 else {
                    throw fail(uk: "\(name.uk): '\(label)' має бути [початок, кінець]", en: "\(name.en) \(label) must be [start, end]")
                }
                for v in pair where !NetworkLimits.headway.contains(v) {
                    throw fail(uk: "\(name.uk): '\(label)' — значення \(v) с поза межами \(NetworkLimits.headway)",
                               en: "\(name.en) \(label) value \(v) s is outside \(NetworkLimits.headway)")
                }
            }
            let key = Network.HeadwayKey(line: LineID(record.line), hour: record.hour, day: day)
            guard headways[key] == nil else { throw fail(uk: "\(name.uk): задано двічі", en: "duplicate \(name.en)") }
            headways[key] = (HeadwayPair(start: record.forward[0], end: record.forward[1]),
                             HeadwayPair(start: record.backward[0], end: record.backward[1]))
        }
        return headways
    }

    /// Service hours: of a known station, each once, first and last departures within the service day and in order.
    static func serviceHours(_ records: [NetworkFile.ServiceRecord], stations: CheckedStations)
        throws(NetworkDataError) -> [StationID: [Direction: ServiceWindow]] {
        var service: [StationID: [Direction: ServiceWindow]] = [:]
        for record in records {
            let id = StationID(record.station)
            guard stations.byID[id] != nil else {
                throw fail(uk: "години роботи названо для невідомої станції '\(record.station)'",
                           en: "service hours name unknown station '\(record.station)'")
            }
            guard service[id] == nil else {
                throw fail(uk: "години роботи станції '\(record.station)' задано двічі",
                           en: "duplicate service hours for '\(record.station)'")
            }
            var windows: [Direction: ServiceWindow] = [:]
            for (direction, pair) in [(Direction.forward, record.forward), (.backward, record.backward)] {
                guard let pair else { continue }
                let name = Phrase(uk: "години роботи станції '\(record.station)', напрямок '\(direction.rawValue)'",
                                  en: "service hours '\(record.station)' \(direction.rawValue)")
                guard let first = pair.first_s, let last = pair.last_s else {
                    throw fail(uk: "\(name.uk): потрібні і first_s, і last_s (або null, якщо поїздів немає)",
                               en: "\(name.en) needs both first_s and last_s (or null for none)")
                }
                for v in [first, last] where !NetworkLimits.serviceTime.contains(v) {
                    throw fail(uk: "\(name.uk): час \(v) с поза межами \(NetworkLimits.serviceTime)",
                               en: "\(name.en) time \(v) s is outside \(NetworkLimits.serviceTime)")
                }
                guard first <= last else {
                    throw fail(uk: "\(name.uk): перше відправлення \(first) пізніше за останнє \(last)",
                               en: "\(name.en): first departure \(first) is after the last \(last)")
                }
                windows[direction] = ServiceWindow(firstDeparture: first, lastDeparture: last)
            }
            service[id] = windows
        }
        return service
    }
}
