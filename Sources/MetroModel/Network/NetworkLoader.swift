import FoundationEssentials

/// Why a network data file was refused, in both languages (model §10). The message names the offending entry.
///
/// The English is what the log and the scripts that grep it read; the Ukrainian says the same in the rider's
/// language, with ids, field names and numbers as the file has them.
public struct NetworkDataError: Error, Equatable, CustomStringConvertible {
    /// The reason in both languages, each beginning "network data:" / "дані мережі:".
    public let phrase: Phrase
    public init(_ phrase: Phrase) { self.phrase = phrase }
    /// A refusal worded in both languages; the prefix naming the network data is added here.
    public init(uk: String, en: String) { self.init(Phrase(uk: "дані мережі: \(uk)", en: "network data: \(en)")) }
    /// The English message, as logged.
    public var message: String { phrase.en }
    /// The same message in Ukrainian.
    public var ukrainian: String { phrase.uk }
    public var description: String { message }
}

/// Plausibility limits for the data file (model §1: "negative or absurd" values are refused).
public enum NetworkLimits {
    /// Seed running time between adjacent stations, seconds.
    public static let running = 30...900
    /// Seed dwell, seconds.
    public static let dwell = 0...600
    /// Walking time of a transfer, seconds.
    public static let walk = 1...900
    /// A headway, seconds.
    public static let headway = 30...3600
    /// Service-hour times, seconds after local midnight of the service day (a service day ends at 04:00 next day).
    public static let serviceTime = 0...(28 * 3600)
    /// Surface stations must be at least this far apart, or a GPS fix could snap to the wrong one.
    public static let minimumSurfaceSpacingMeters = 800.0
    /// A generous box around Kyiv; a coordinate outside it is a typo.
    public static let latitude = 50.2...50.7
    public static let longitude = 30.2...30.9
}

extension Network {
    /// Decodes and validates a network file; throws `NetworkDataError` naming the first offending entry.
    public static func load(json bytes: [UInt8]) throws(NetworkDataError) -> Network {
        if let refusal = JSONNesting.refusal(of: bytes) {
            throw NetworkDataError(uk: refusal.uk, en: refusal.en)
        }
        let file: NetworkFile
        do {
            file = try JSONDecoder().decode(NetworkFile.self, from: Data(bytes))
        } catch let error as DecodingError {
            let reason = describe(error)
            throw NetworkDataError(uk: reason.uk, en: reason.en)
        } catch {
            throw NetworkDataError(uk: "не коректний JSON", en: "not valid JSON (\(error))")
        }
        // The decoder keeps one of two equal names and drops the other without a word; the control protocol
        // refuses such a request, and the data file is refused the same way.
        if let repeated = DuplicateKeys.first(in: bytes) {
            throw NetworkDataError(uk: "поле '\(repeated.prefix(40))' задано двічі в одному обʼєкті",
                                   en: "field '\(repeated.prefix(40))' is given twice in one object")
        }
        return try validate(file)
    }

    static func validate(_ file: NetworkFile) throws(NetworkDataError) -> Network {
        func fail(uk: String, en: String) -> NetworkDataError { NetworkDataError(uk: uk, en: en) }
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

        // Lines.
        var lines: [Line] = []
        var lineIndex: [LineID: Int] = [:]
        var positions: [StationID: Int] = [:]
        var lineOfStation: [StationID: LineID] = [:]
        for record in file.lines {
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

        // Stations.
        var stations: [StationID: Station] = [:]
        var order: [StationID] = []
        for record in file.stations {
            let id = StationID(record.id)
            guard isSlug(record.id) else {
                throw fail(uk: "ідентифікатор станції '\(record.id)' має складатися з малих латинських літер, цифр і дефісів",
                           en: "station id '\(record.id)' is not a lowercase ASCII slug")
            }
            guard stations[id] == nil else {
                throw fail(uk: "станцію '\(record.id)' задано двічі", en: "duplicate station '\(record.id)'")
            }
            guard let line = lineOfStation[id] else {
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
        for line in lines {
            for sid in line.stations where stations[sid] == nil {
                throw fail(uk: "лінія '\(line.id)' містить станцію '\(sid)', для якої немає запису",
                           en: "line '\(line.id)' lists station '\(sid)' that has no record")
            }
        }
        let surface = order.filter { stations[$0]!.isSurface }
        for (i, a) in surface.enumerated() {
            for b in surface[(i + 1)...] {
                let sa = stations[a]!, sb = stations[b]!
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

        // Segments.
        var seeds: [SegmentKey: SegmentSeed] = [:]
        for record in file.segments {
            let key = SegmentKey(from: StationID(record.from), to: StationID(record.to))
            for end in [key.from, key.to] where stations[end] == nil {
                throw fail(uk: "перегін \(key) називає невідому станцію '\(end)'",
                           en: "segment \(key) names unknown station '\(end)'")
            }
            guard seeds[key] == nil else { throw fail(uk: "перегін \(key) задано двічі", en: "duplicate segment \(key)") }
            guard lineOfStation[key.from] == lineOfStation[key.to],
                let pa = positions[key.from], let pb = positions[key.to], abs(pa - pb) == 1
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

        // Transfers: any two lines meet at exactly one node.
        var transfers: [Transfer] = []
        var joined: Set<[LineID]> = []
        for record in file.transfers {
            let a = StationID(record.a), b = StationID(record.b)
            for end in [a, b] where stations[end] == nil {
                throw fail(uk: "пересадка \(record.a)–\(record.b) називає невідому станцію '\(end)'",
                           en: "transfer \(record.a)–\(record.b) names unknown station '\(end)'")
            }
            let la = stations[a]!.line, lb = stations[b]!.line
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
        for (i, l1) in lines.enumerated() {
            for l2 in lines[(i + 1)...] where !joined.contains([l1.id, l2.id].sorted()) {
                throw fail(uk: "лінії \(l1.id) і \(l2.id) не мають пересадки", en: "lines \(l1.id) and \(l2.id) have no transfer")
            }
        }

        // Headways.
        var headways: [Network.HeadwayKey: (forward: HeadwayPair, backward: HeadwayPair)] = [:]
        for record in file.headways {
            let name = Phrase(uk: "інтервал лінії '\(record.line)', день '\(record.day)', \(record.hour):00",
                              en: "headway \(record.line) \(record.day) \(record.hour):00")
            guard lineIndex[LineID(record.line)] != nil else {
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

        // Service hours.
        var service: [StationID: [Direction: ServiceWindow]] = [:]
        for record in file.service_hours {
            let id = StationID(record.station)
            guard stations[id] != nil else {
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

        return Network(
            lines: lines, stations: stations, stationOrder: order, seeds: seeds, transfers: transfers,
            defaultRunningSeconds: file.defaults.running_s, defaultDwellSeconds: file.defaults.dwell_s,
            attribution: DataAttribution(timetable: file.attribution.timetable,
                                         coordinates: file.attribution.coordinates,
                                         networkAsOf: file.attribution.network_as_of),
            headways: headways, serviceHours: service, lineIndex: lineIndex, positions: positions)
    }
}

private func isSlug(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
}

/// A decoding error as a path and a reason: `stations[3].lat: expected Double` /
/// `'stations[3].lat': має бути число`.
///
/// The English keeps the decoder's own words, as logged. The Ukrainian names the kind of value the file should
/// have held in its own words; the decoder's English explanation is not repeated in it.
private func describe(_ error: DecodingError) -> Phrase {
    func path(_ codingPath: [any CodingKey]) -> Phrase {
        var out = ""
        for key in codingPath {
            if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        // The Ukrainian quotes the path: it is the file's own field names, not words of the sentence.
        return out.isEmpty ? Phrase(uk: "увесь файл", en: "top level") : Phrase(uk: "'\(out)'", en: out)
    }
    switch error {
    case .typeMismatch(let type, let context):
        let at = path(context.codingPath)
        return Phrase(uk: "\(at.uk): має бути \(ukrainianKind(of: type))", en: "\(at.en): expected \(type)")
    case .valueNotFound(let type, let context):
        let at = path(context.codingPath)
        return Phrase(uk: "\(at.uk): бракує значення (має бути \(ukrainianKind(of: type)))", en: "\(at.en): missing \(type) value")
    case .keyNotFound(let key, let context):
        let at = path(context.codingPath + [key])
        return Phrase(uk: "\(at.uk): бракує", en: "\(at.en): missing")
    case .dataCorrupted(let context):
        let at = path(context.codingPath)
        // The decoder says "not valid JSON" for text that does not parse at all, and names other values it
        // could not read; it gives no position for either.
        let uk = context.codingPath.isEmpty ? "не коректний JSON" : "значення не розпізнано"
        return Phrase(uk: "\(at.uk): \(uk)", en: "\(at.en): \(context.debugDescription)")
    @unknown default:
        return Phrase(uk: "файл не розібрано", en: "\(error)")
    }
}

/// What a Swift type the file is decoded into holds, as a rider writing the file would name it.
private func ukrainianKind(of type: Any.Type) -> String {
    let name = String(describing: type)
    if name.hasPrefix("Array") { return "масив" }
    if name.hasPrefix("Dictionary") || name.contains("Keyed") { return "обʼєкт" }
    switch name {
    case "String": return "рядок"
    case "Bool": return "true або false"
    case "Int", "Int32", "Int64", "UInt", "UInt32", "UInt64": return "ціле число"
    case "Double", "Float": return "число"
    default: return "значення іншого виду"
    }
}
