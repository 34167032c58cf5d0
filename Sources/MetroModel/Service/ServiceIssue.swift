/// What a boarding check found (model §7).
public enum ServiceIssueKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The boarding is before the first train of the service day.
    case beforeFirst = "before_first"
    /// The boarding is after the last train of the service day.
    case afterLast = "after_last"
    /// The last train leaves within the hour.
    case lastSoon = "last_soon"
}

/// A service warning: its kind, the station of the boarding, and the first/last departure it refers to.
public struct ServiceIssue: Hashable, Sendable, Codable {
    public var kind: ServiceIssueKind
    public var station: StationID
    /// The first (before_first) or last (after_last, last_soon) departure, Unix seconds.
    public var unixSeconds: Int64
    public init(kind: ServiceIssueKind, station: StationID, unixSeconds: Int64) {
        self.kind = kind
        self.station = station
        self.unixSeconds = unixSeconds
    }

    /// A one-line warning in a language, with the time on the network's clock.
    public func message(_ language: Language, network: any RideNetwork) -> String {
        message(language, stationName: network.station(station)?.name(language) ?? station.rawValue,
                civil: network.civil(unixSeconds: unixSeconds))
    }

    /// A one-line warning in a language about the station named `name`, with the time as `civil` shows it.
    public func message(_ language: Language, stationName name: String, civil: CivilTime) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let time = "\(two(civil.hour)):\(two(civil.minute)):\(two(civil.second))"
        switch kind {
        case .beforeFirst:
            return Phrase(uk: "Ще рано: перший потяг від станції \(name) о \(time)",
                          en: "Too early: the first train from \(name) leaves at \(time)")(language)
        case .afterLast:
            return Phrase(uk: "Запізно: останній потяг від станції \(name) пішов о \(time)",
                          en: "Too late: the last train from \(name) left at \(time)")(language)
        case .lastSoon:
            return Phrase(uk: "Останній потяг від станції \(name) о \(time)",
                          en: "The last train from \(name) leaves at \(time)")(language)
        }
    }
}

extension Network {
    /// The service warning for a trip (model §7), checked at every boarding.
    ///
    /// Boardings: the start (t0, toward event 1; skipped when the ride begins with the walk of a change, since no
    /// train leaves from there) and every transfer event that has an event after it (its arrival, toward the next
    /// event). Stations without recorded hours in that direction are skipped. The first hard issue wins
    /// (`after_last`, `before_first`); otherwise the first `last_soon`; otherwise none. The checks only warn.
    public func serviceIssue(for trip: Trip) -> ServiceIssue? {
        var boardings: [(index: Int, at: Instant)] = []
        if trip.events.count > 1 && !trip.events[1].isTransfer { boardings.append((0, trip.t0)) }
        for k in trip.events.indices.dropLast() where k > 0 && trip.events[k].isTransfer {
            boardings.append((k, trip.events[k].arrival))
        }
        var lastSoon: ServiceIssue?
        for boarding in boardings {
            let station = trip.events[boarding.index].station
            guard let direction = direction(from: station, to: trip.events[boarding.index + 1].station),
                let window = serviceWindow(at: station, direction: direction)
            else { continue }
            let unixNanoseconds = trip.wall.unixNanoseconds(at: boarding.at)
            let day = ServiceDay(unixSeconds: floorDivide(unixNanoseconds, by: 1_000_000_000))
            let first = day.unix(ofWallSeconds: window.firstDeparture)
            let last = day.unix(ofWallSeconds: window.lastDeparture)
            if unixNanoseconds > last * 1_000_000_000 {
                return ServiceIssue(kind: .afterLast, station: station, unixSeconds: last)
            }
            if unixNanoseconds < first * 1_000_000_000 {
                return ServiceIssue(kind: .beforeFirst, station: station, unixSeconds: first)
            }
            if lastSoon == nil && last * 1_000_000_000 - unixNanoseconds < 3600 * 1_000_000_000 {
                lastSoon = ServiceIssue(kind: .lastSoon, station: station, unixSeconds: last)
            }
        }
        return lastSoon
    }
}
