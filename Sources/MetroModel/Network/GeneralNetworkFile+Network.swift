extension GeneralNetworkFile {
    /// A schema 1 network (Kyiv's) in schema 2: each line one pattern each way (its stations forward, and the same
    /// reversed), each segment both ways by the model's fallback chain (§3.2: the seed, else the mirrored seed,
    /// else the defaults) with its suspension, the transfers as walks between two stations, the headway table's
    /// rows for every line, direction and hour (a weekend row standing for Saturday and Sunday alike) and every
    /// station's service hours in each direction on every kind of day. What schema 1 says, schema 2 can say: the
    /// general planner plans the same routes on either (`KyivInSchemaTwoTests`).
    public init(network: Network) {
        let calibration = CalibrationStore.empty
        let stations = network.allStations.map { station in
            StationRecord(id: station.id.rawValue, uk: station.name.uk, en: station.name.en, lat: station.latitude,
                          lon: station.longitude, surface: station.isSurface, closed: station.isClosed, aliases: [])
        }
        var segments: [SegmentRecord] = []
        var headways: [HeadwayRecord] = []
        let lines = network.lines.map { line in
            let forward = line.stations, backward = Array(line.stations.reversed())
            for (direction, order) in [(Direction.forward, forward), (.backward, backward)] {
                for (from, to) in zip(order, order.dropFirst()) {
                    let key = SegmentKey(from: from, to: to)
                    let timing = network.timing(key, calibration: calibration)
                    segments.append(SegmentRecord(line: line.id.rawValue, from: from.rawValue, to: to.rawValue,
                                                  running_s: timing.running, running_p10_s: timing.running,
                                                  running_p90_s: timing.running, dwell_s: timing.dwell,
                                                  dwell_p90_s: timing.dwell, samples: 0, bands: [],
                                                  suspended: network.isSuspended(key)))
                }
                for hour in 0...23 {
                    for (day, names) in [(DayType.weekday, ["weekday"]), (.weekend, ["saturday", "sunday"])] {
                        guard let pair = network.headwayPair(line: line.id, hour: hour, day: day, direction: direction) else { continue }
                        for name in names {
                            headways.append(HeadwayRecord(line: line.id.rawValue, direction: direction.rawValue, day: name,
                                                          hour: hour, start_s: pair.start, end_s: pair.end))
                        }
                    }
                }
            }
            return LineRecord(id: line.id.rawValue, uk: line.name.uk, en: line.name.en, color: line.color, patterns: [
                PatternRecord(id: "\(line.id)-forward", direction: Direction.forward.rawValue,
                              stations: forward.map(\.rawValue), trips: [:]),
                PatternRecord(id: "\(line.id)-backward", direction: Direction.backward.rawValue,
                              stations: backward.map(\.rawValue), trips: [:]),
            ])
        }
        var serviceHours: [ServiceRecord] = []
        for station in network.allStations {
            for direction in Direction.allCases {
                guard let window = network.serviceWindow(at: station.id, direction: direction) else { continue }
                for day in ["weekday", "saturday", "sunday"] {
                    serviceHours.append(ServiceRecord(station: station.id.rawValue, line: station.line.rawValue,
                                                      direction: direction.rawValue, day: day,
                                                      first_s: window.firstDeparture, last_s: window.lastDeparture))
                }
            }
        }
        let transfers = network.transfers.map {
            TransferRecord(a: $0.a.rawValue, b: $0.b.rawValue, walk_s: $0.walkSeconds, possible: true)
        }
        self.init(about: "Kyiv Metro, from its schema 1 data file.",
                  provenance: Provenance(source: "schema 1", agency: "Kyiv Metro", publisher: nil, feed_version: nil,
                                         valid_from: "", valid_to: "", imported: network.attribution.networkAsOf),
                  time_zone: "Europe/Kyiv",
                  defaults: Defaults(running_s: network.defaultRunningSeconds, dwell_s: network.defaultDwellSeconds),
                  lines: lines, stations: stations, segments: segments, transfers: transfers, headways: headways,
                  service_hours: serviceHours)
    }
}
