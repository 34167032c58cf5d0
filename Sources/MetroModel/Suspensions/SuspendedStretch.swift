/// A stretch of one line the rider has marked as without service (an air-raid alert stops trains on the surface
/// sections while the underground runs on): every segment between `from` and `to`, in either direction.
///
/// It is the local twin of the network data's `suspended` flag: planning through it is refused in the same way,
/// naming the stretch as the rider declared it.
public struct SuspendedStretch: Sendable, Hashable, Codable {
    /// One end of the stretch, as given.
    public let from: StationID
    /// The other end.
    public let to: StationID

    public init(from: StationID, to: StationID) {
        self.from = from
        self.to = to
    }

    /// The same stretch whichever end is named first.
    public func isSame(as other: SuspendedStretch) -> Bool {
        (from == other.from && to == other.to) || (from == other.to && to == other.from)
    }
}

/// Why a stretch cannot be suspended.
public enum SuspensionError: Error, Equatable, Sendable {
    /// The two ends are the same station.
    case sameStation(StationID)
    /// The ends lie on different lines (on an imported network: no stop pattern calls at both): a stretch is part
    /// of one line.
    case differentLines(StationID, StationID)
    /// No such station.
    case unknownStation(StationID)

    /// The reason, naming the stations.
    public func message(_ language: Language, names network: (any RideNetwork)?) -> String {
        func name(_ id: StationID) -> String { network?.station(id)?.name(language) ?? id.rawValue }
        switch self {
        case .sameStation(let id):
            return Phrase(uk: "перегін має два різні кінці, а не \(name(id)) двічі",
                          en: "a stretch needs two different ends, not \(name(id)) twice")(language)
        case .differentLines(let a, let b):
            return Phrase(uk: "\(name(a)) і \(name(b)) на різних лініях: перегін лежить на одній лінії",
                          en: "\(name(a)) and \(name(b)) are on different lines: a stretch lies on one line")(language)
        case .unknownStation(let id):
            return Phrase(uk: "Немає такої станції: \(id)", en: "No such station: \(id)")(language)
        }
    }
}

extension Network {
    /// The segments of a stretch (each keyed forward along its line), or why it is not one.
    public func segments(of stretch: SuspendedStretch) throws(SuspensionError) -> [SegmentKey] {
        guard let a = stations[stretch.from] else { throw .unknownStation(stretch.from) }
        guard let b = stations[stretch.to] else { throw .unknownStation(stretch.to) }
        guard a.id != b.id else { throw .sameStation(a.id) }
        guard a.line == b.line, let list = line(a.line)?.stations, let i = positions[a.id], let j = positions[b.id]
        else { throw .differentLines(a.id, b.id) }
        let low = min(i, j), high = max(i, j)
        return (low..<high).map { SegmentKey(from: list[$0], to: list[$0 + 1]) }
    }

    /// This network with the rider's own suspended stretches added to the data file's: planning through any of
    /// them is refused exactly as through a flagged segment, naming the stretch. Stretches that are not valid
    /// (stations gone from a newer data file) are ignored.
    public func withLocalSuspensions(_ stretches: [SuspendedStretch]) -> Network {
        var copy = self
        var map: [SegmentKey: SuspendedStretch] = [:]
        for stretch in stretches {
            guard let keys = try? segments(of: stretch) else { continue }
            for key in keys where map[key] == nil { map[key] = stretch }
        }
        copy.localSuspensions = map
        return copy
    }

    /// The rider's suspended stretch that covers a segment (either direction), if any.
    public func localSuspension(covering key: SegmentKey) -> SuspendedStretch? {
        localSuspensions[key] ?? localSuspensions[key.mirrored]
    }
}
