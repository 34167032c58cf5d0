/// The checks a schema 2 network file passes before the model uses it: every part names what exists, and every
/// number is one a metro can have. The first failure is thrown as a `NetworkDataError` naming the entry (its
/// array and index, and its id where it has one), so a hand-edited or damaged file is refused whole, never half
/// used.
enum GeneralNetworkValidation {
    /// Running and dwell times and walks, seconds: up to two hours (a segment of a long surface line, an
    /// interchange across a city block), never negative.
    static let seconds = 0...7200
    /// A headway, seconds.
    static let headway = 1...86_400
    /// Service times, seconds after the service day's midnight: a GTFS day may run well past 24:00.
    static let serviceTime = 0...(48 * 3600)
    static let days: Set<String> = ["weekday", "saturday", "sunday"]

    static func check(_ file: GeneralNetworkFile) throws(NetworkDataError) {
        guard file.schema == 2 else {
            throw NetworkDataError(uk: "'schema' має бути 2, а не \(file.schema)", en: "'schema' must be 2, not \(file.schema)")
        }
        let zone = file.time_zone
        guard !zone.isEmpty, zone.count <= 64, !zone.hasPrefix("/"), !zone.contains(".."),
              zone.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789/_-+".unicodeScalars.contains($0)) })
        else {
            throw NetworkDataError(uk: "'time_zone' «\(zone.prefix(64))» не є назвою часового поясу (як-от America/New_York)",
                                   en: "'time_zone' '\(zone.prefix(64))' is not a time zone name (such as America/New_York)")
        }
        try within(file.defaults.running_s, seconds, "defaults.running_s")
        try within(file.defaults.dwell_s, seconds, "defaults.dwell_s")

        var stations = Set<String>(), aliases: [String: String] = [:]
        for (index, station) in file.stations.enumerated() {
            let at = "stations[\(index)]"
            guard !station.id.isEmpty else { throw refused(at, uk: "порожній 'id'", en: "empty 'id'") }
            guard stations.insert(station.id).inserted else {
                throw refused(at, uk: "станція '\(station.id)' уже є", en: "station '\(station.id)' is given twice")
            }
            guard station.lat.isFinite, (-90.0...90.0).contains(station.lat), station.lon.isFinite,
                  (-180.0...180.0).contains(station.lon) else {
                throw refused(at, uk: "координати станції '\(station.id)' поза межами", en: "station '\(station.id)' has coordinates out of range")
            }
            for alias in station.aliases {
                if let other = aliases.updateValue(station.id, forKey: alias), other != station.id {
                    throw refused(at, uk: "платформа '\(alias)' належить і станції '\(other)'",
                                  en: "platform '\(alias)' also belongs to station '\(other)'")
                }
            }
        }
        func known(_ id: String, _ at: String) throws(NetworkDataError) {
            guard stations.contains(id) else { throw refused(at, uk: "невідома станція '\(id)'", en: "unknown station '\(id)'") }
        }

        var lines = Set<String>()
        for (index, line) in file.lines.enumerated() {
            let at = "lines[\(index)]"
            guard !line.id.isEmpty else { throw refused(at, uk: "порожній 'id'", en: "empty 'id'") }
            guard lines.insert(line.id).inserted else {
                throw refused(at, uk: "лінія '\(line.id)' уже є", en: "line '\(line.id)' is given twice")
            }
            guard !line.patterns.isEmpty else {
                throw refused(at, uk: "лінія '\(line.id)' не має жодного маршруту", en: "line '\(line.id)' has no patterns")
            }
            for (p, pattern) in line.patterns.enumerated() {
                let where_ = "\(at).patterns[\(p)]"
                try direction(pattern.direction, where_)
                guard pattern.stations.count >= 2 else {
                    throw refused(where_, uk: "маршрут '\(pattern.id)' має менше двох станцій", en: "pattern '\(pattern.id)' has fewer than two stations")
                }
                for station in pattern.stations { try known(station, where_) }
                for (a, b) in zip(pattern.stations, pattern.stations.dropFirst()) where a == b {
                    throw refused(where_, uk: "станція '\(a)' двічі поспіль", en: "station '\(a)' twice in a row")
                }
            }
        }
        func line(_ id: String, _ at: String) throws(NetworkDataError) {
            guard lines.contains(id) else { throw refused(at, uk: "невідома лінія '\(id)'", en: "unknown line '\(id)'") }
        }

        for (index, segment) in file.segments.enumerated() {
            let at = "segments[\(index)]"
            try line(segment.line, at)
            try known(segment.from, at)
            try known(segment.to, at)
            for (value, name) in [(segment.running_s, "running_s"), (segment.running_p10_s, "running_p10_s"),
                                  (segment.running_p90_s, "running_p90_s"), (segment.running_min_s ?? 0, "running_min_s"),
                                  (segment.dwell_s, "dwell_s"), (segment.dwell_p90_s, "dwell_p90_s"),
                                  (segment.dwell_min_s ?? 0, "dwell_min_s")] {
                try within(value, seconds, "\(at).\(name)")
            }
            for (b, band) in segment.bands.enumerated() {
                guard band.from_hour >= 0, band.from_hour < band.to_hour, band.to_hour <= 48 else {
                    throw refused("\(at).bands[\(b)]", uk: "години \(band.from_hour)–\(band.to_hour) не є проміжком доби руху",
                                  en: "hours \(band.from_hour)–\(band.to_hour) are no span of a service day")
                }
                try within(band.running_s, seconds, "\(at).bands[\(b)].running_s")
            }
        }
        for (index, transfer) in file.transfers.enumerated() {
            let at = "transfers[\(index)]"
            try known(transfer.a, at)
            try known(transfer.b, at)
            try within(transfer.walk_s, seconds, "\(at).walk_s")
        }
        for (index, row) in file.headways.enumerated() {
            let at = "headways[\(index)]"
            try line(row.line, at)
            try direction(row.direction, at)
            try day(row.day, at)
            try within(row.hour, 0...47, "\(at).hour")
            try within(row.start_s, headway, "\(at).start_s")
            try within(row.end_s, headway, "\(at).end_s")
        }
        for (index, row) in file.service_hours.enumerated() {
            let at = "service_hours[\(index)]"
            try known(row.station, at)
            try line(row.line, at)
            try direction(row.direction, at)
            try day(row.day, at)
            try within(row.first_s, serviceTime, "\(at).first_s")
            try within(row.last_s, serviceTime, "\(at).last_s")
            guard row.first_s <= row.last_s else {
                throw refused(at, uk: "перший потяг (\(row.first_s)) пізніше за останній (\(row.last_s))",
                              en: "the first train (\(row.first_s)) is after the last (\(row.last_s))")
            }
        }
    }

    private static func refused(_ at: String, uk: String, en: String) -> NetworkDataError {
        NetworkDataError(uk: "\(at): \(uk)", en: "\(at): \(en)")
    }

    private static func within(_ value: Int, _ range: ClosedRange<Int>, _ at: String) throws(NetworkDataError) {
        guard range.contains(value) else {
            throw refused(at, uk: "\(value) поза межами \(range.lowerBound)…\(range.upperBound)",
                          en: "\(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
    }

    private static func direction(_ text: String, _ at: String) throws(NetworkDataError) {
        guard Direction(rawValue: text) != nil else {
            throw refused(at, uk: "напрямок '\(text.prefix(40))' має бути forward або backward",
                          en: "direction '\(text.prefix(40))' must be forward or backward")
        }
    }

    private static func day(_ text: String, _ at: String) throws(NetworkDataError) {
        guard days.contains(text) else {
            throw refused(at, uk: "день '\(text.prefix(40))' має бути weekday, saturday або sunday",
                          en: "day '\(text.prefix(40))' must be weekday, saturday or sunday")
        }
    }
}
