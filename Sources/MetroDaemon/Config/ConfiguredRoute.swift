import MetroModel

extension DaemonConfig {
    /// The configured default route (`route = FROM TO`) on `network`, or why it is not one, naming the key: each end
    /// must be one station, and the two must differ. What the service state refuses now (a closed station, a
    /// suspended stretch) is not the configuration's fault and is refused when the trip starts, as for any route.
    /// `--check-config` and the daemon's start ask the same question here.
    func defaultRoute(on network: any RideNetwork) -> Result<RouteChoice?, ConfiguredRouteProblem> {
        guard let route else { return .success(nil) }
        var ids: [StationID] = []
        for query in [route.from, route.to] {
            guard let station = try? network.station(named: query) else {
                return .failure(ConfiguredRouteProblem(phrase: Phrase(
                    uk: "route = '\(route.from) \(route.to)': '\(query)' — не одна станція (дивіться metrotimer stations)",
                    en: "route = \(route.from) \(route.to): '\(query)' is not one station (see metrotimer stations)")))
            }
            ids.append(station)
        }
        guard ids[0] != ids[1] else {
            let name = PlanError.sameStation(ids[0])
            return .failure(ConfiguredRouteProblem(phrase: Phrase(
                uk: "route = '\(route.from) \(route.to)': \(name.message(.uk, names: network))",
                en: "route = \(route.from) \(route.to): \(name.message(.en, names: network))")))
        }
        return .success(RouteChoice(from: ids[0], to: ids[1]))
    }
}

/// Why the configured default route is not one, in both languages.
struct ConfiguredRouteProblem: Error {
    let phrase: Phrase
}
