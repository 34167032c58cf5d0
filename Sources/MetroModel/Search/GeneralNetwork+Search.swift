/// What a typed station name is on a schema 2 network.
public enum GeneralStationMatch: Equatable, Sendable {
    /// One station: by its id, one of its platforms' ids, or its name.
    case found(StationID)
    /// Several stations share the name; their ids, sorted.
    case ambiguous([StationID])
    /// No station; the nearest names' stations, nearest first (at most five, maybe none).
    case unknown(suggestions: [StationID])
}

extension GeneralNetwork {
    /// Resolves what a rider typed: a station id as the file spells it, else an id, platform id or name in either
    /// language folded as model §10 folds them (case, diacritics, apostrophes and hyphens ignored).
    public func resolve(_ text: String) -> GeneralStationMatch {
        if stationsByID[StationID(text)] != nil { return .found(StationID(text)) }
        let folded = StationSearch.fold(text)
        if let ids = searchIndex[folded] {
            let unique = Array(Set(ids)).sorted()
            return unique.count == 1 ? .found(unique[0]) : .ambiguous(unique)
        }
        guard !folded.isEmpty else { return .unknown(suggestions: []) }
        // Names that contain what was typed come first, then the nearest by edit distance.
        var scored: [(Int, StationID)] = []
        for record in file.stations {
            let names = Set([record.en, record.uk].map(StationSearch.fold))
            let distance = names.map { name in
                name.contains(folded) ? 0 : StationSearch.editDistance(name, folded)
            }.min() ?? Int.max
            if distance <= max(2, folded.count / 3) { scored.append((distance, StationID(record.id))) }
        }
        return .unknown(suggestions: scored.sorted { $0 < $1 }.prefix(5).map(\.1))
    }
}
