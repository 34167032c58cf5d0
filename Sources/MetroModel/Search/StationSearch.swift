/// Folding of station names and queries so that what a rider types matches what the data says (model §10).
public enum StationSearch {
    /// Lower-cases, strips diacritics and every apostrophe (U+02BC, U+2019, U+2018, U+02BB, `'`, `` ` ``), drops
    /// quotation marks (« » “ ” „ "), turns hyphens into spaces and collapses white space, for Cyrillic and
    /// Latin alike: `Лукʼянівська` and `лук'янівська` fold the same, `Palats «Ukraina»` and `palats-ukraina` too.
    ///
    /// Ukrainian letters with a diacritic fold to their base (ї→і, й→и, ґ→г, also ё→е), so a query typed without
    /// them still matches.
    public static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.lowercased().unicodeScalars {
            let v = scalar.value
            if dropped.contains(v) || (0x0300...0x036F).contains(v) { continue }
            if v == 0x2D || v == 0x2010 || v == 0x2013 || v == 0x2014 || scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            if let base = baseLetter[v] {
                out.append(contentsOf: base.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Apostrophes and quotation marks, ignored entirely.
    static let dropped: Set<UInt32> = [
        0x27, 0x60, 0x2BC, 0x2BB, 0x2019, 0x2018, 0xB4, 0x2032,
        0x22, 0xAB, 0xBB, 0x201C, 0x201D, 0x201E,
    ]

    /// Precomposed letters with diacritics → their base letters.
    static let baseLetter: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"),
            ("ŕŗř", "r"), ("śŝşšș", "s"), ("ţťŧț", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"),
            ("źżž", "z"), ("ї", "і"), ("й", "и"), ("ґ", "г"), ("ё", "е"), ("ў", "у"),
        ]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[scalar.value] = base }
        }
        table[0xDF] = "ss"
        return table
    }()

    /// Levenshtein distance over Unicode scalars, for suggestions.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var row = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            row[0] = i
            for j in 1...y.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &row)
        }
        return previous[y.count]
    }
}

/// The outcome of resolving what a rider typed to one station.
public enum StationResolution: Equatable, Sendable {
    /// Exactly one station is meant.
    case found(Station)
    /// Several stations match equally well.
    case ambiguous([Station])
    /// Nothing matches; the closest names by edit distance.
    case notFound(suggestions: [Station])

    /// The suggestions of a query that found nothing (empty otherwise).
    public var suggestions: [Station] {
        if case .notFound(let suggestions) = self { return suggestions }
        return []
    }
}

extension Network {
    /// Stations matching a query on either name or the id, best first: exact, then prefix (of the name or of
    /// one of its words), then substring; ties in file order. An empty query lists every station.
    public func search(_ query: String) -> [Station] {
        let folded = StationSearch.fold(query)
        guard !folded.isEmpty else { return allStations }
        var ranked: [(rank: Int, order: Int, station: Station)] = []
        for (order, station) in allStations.enumerated() {
            var best = Int.max
            for key in searchKeys(station) {
                if key == folded {
                    best = min(best, 0)
                } else if key.hasPrefix(folded) {
                    best = min(best, 1)
                } else if key.split(separator: " ").contains(where: { $0.hasPrefix(folded) }) {
                    best = min(best, 2)
                } else if key.contains(folded) {
                    best = min(best, 3)
                }
            }
            if best != Int.max { ranked.append((best, order, station)) }
        }
        ranked.sort { ($0.rank, $0.order) < ($1.rank, $1.order) }
        return ranked.map(\.station)
    }

    /// Resolves a query to one station: an exact match of a name or the id wins; otherwise a single match of any
    /// kind; several matches are ambiguous; none gives up to three suggestions by edit distance on folded names.
    public func resolve(_ query: String) -> StationResolution {
        let folded = StationSearch.fold(query)
        let exact = allStations.filter { searchKeys($0).contains(folded) }
        if exact.count == 1 { return .found(exact[0]) }
        if exact.count > 1 { return .ambiguous(exact) }
        let matches = search(query)
        if matches.count == 1 { return .found(matches[0]) }
        if !matches.isEmpty && !folded.isEmpty { return .ambiguous(matches) }
        let scored = allStations.map { station in
            (distance: searchKeys(station).map { StationSearch.editDistance($0, folded) }.min()!, station: station)
        }
        let suggestions = scored.sorted { $0.distance < $1.distance }.prefix(3).map(\.station)
        return .notFound(suggestions: suggestions)
    }

    /// The folded forms a station is found by: both names and the id.
    func searchKeys(_ station: Station) -> [String] {
        [StationSearch.fold(station.name.uk), StationSearch.fold(station.name.en), StationSearch.fold(station.id.rawValue)]
    }
}

extension Network {
    /// How many candidates a refusal of an ambiguous name lists: enough to show the rider which names collide,
    /// few enough to stay one line.
    public static let ambiguousCandidatesListed = 5

    /// The one station `query` names, or the refusal every program gives when it names none: an ambiguous name
    /// lists its first candidates, an unknown one the nearest names (`PlanError.message` words both). The daemon's
    /// requests and the offline planner resolve stations this way.
    public func station(named query: String) throws(PlanError) -> StationID {
        switch resolve(query) {
        case .found(let station):
            return station.id
        case .ambiguous(let candidates):
            throw .ambiguousStation(query, candidates: candidates.prefix(Network.ambiguousCandidatesListed).map(\.id))
        case .notFound(let suggestions):
            throw suggestions.isEmpty ? .unknownStation(query) : .misspelledStation(query, suggestions: suggestions.map(\.id))
        }
    }
}
