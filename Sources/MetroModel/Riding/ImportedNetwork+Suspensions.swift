/// The rider's suspended stretches on an imported network. A stretch is every segment between its two stations on
/// every stop pattern that calls at both — the locals' short segments and an express's long one alike, in either
/// direction — so "no service between 96 St and 72 St" stops the 1 and the 2 there. Planning through one is
/// refused as through a segment the file flags (the planner names the segment).
extension ImportedNetwork {
    public func segments(of stretch: SuspendedStretch) throws(SuspensionError) -> [SegmentKey] {
        guard stations[stretch.from] != nil else { throw .unknownStation(stretch.from) }
        guard stations[stretch.to] != nil else { throw .unknownStation(stretch.to) }
        guard stretch.from != stretch.to else { throw .sameStation(stretch.from) }
        var keys: [SegmentKey] = []
        var seen: Set<SegmentKey> = []
        for line in unsuspended.file.lines {
            for pattern in line.patterns {
                guard let a = pattern.stations.firstIndex(of: stretch.from.rawValue),
                      let b = pattern.stations.firstIndex(of: stretch.to.rawValue) else { continue }
                for i in min(a, b)..<max(a, b) {
                    let key = SegmentKey(from: StationID(pattern.stations[i]), to: StationID(pattern.stations[i + 1]))
                    for directed in [key, key.mirrored] where seen.insert(directed).inserted { keys.append(directed) }
                }
            }
        }
        guard !keys.isEmpty else { throw .differentLines(stretch.from, stretch.to) }
        return keys
    }

    public func withLocalSuspensions(_ stretches: [SuspendedStretch]) -> ImportedNetwork {
        let suspended = suspendedSegments(stretches)
        guard !suspended.isEmpty else { return ImportedNetwork(general: unsuspended, zone: zone, unsuspended: unsuspended) }
        var file = unsuspended.file
        var recorded: Set<String> = []
        for index in file.segments.indices {
            let record = file.segments[index]
            recorded.insert("\(record.line) \(record.from) \(record.to)")
            if suspended.contains(SegmentKey(from: StationID(record.from), to: StationID(record.to))) {
                file.segments[index].suspended = true
            }
        }
        // A pattern's segment the file keeps no timing for runs on the defaults: it is suspended by a record of
        // its own (with the defaults), or the planner would still ride it.
        for line in file.lines {
            for pattern in line.patterns {
                for (from, to) in zip(pattern.stations, pattern.stations.dropFirst())
                where suspended.contains(SegmentKey(from: StationID(from), to: StationID(to)))
                    && recorded.insert("\(line.id) \(from) \(to)").inserted
                {
                    let d = file.defaults
                    file.segments.append(.init(line: line.id, from: from, to: to, running_s: d.running_s,
                                               running_p10_s: d.running_s, running_p90_s: d.running_s, dwell_s: d.dwell_s,
                                               dwell_p90_s: d.dwell_s, samples: 0, bands: [], suspended: true))
                }
            }
        }
        return ImportedNetwork(general: GeneralNetwork(file: file), zone: zone, unsuspended: unsuspended)
    }

    /// Each maximal run of covered segments along a pattern, line by line and pattern by pattern in file order, as
    /// one stretch (named in the first pattern's riding order that finds it) — kept
    /// only when every segment it stands for is covered, so a stretch an express runs through is lifted with the
    /// part of the locals' resumed under it. A run that is one of `declared` keeps the rider's naming.
    public func stretches(covering segments: Set<SegmentKey>, declared: [SuspendedStretch]) -> [SuspendedStretch] {
        var result: [SuspendedStretch] = []
        func emit(_ run: SuspendedStretch) {
            let stretch = declared.first { $0.isSame(as: run) } ?? run
            guard !result.contains(where: { $0.isSame(as: stretch) }),
                  let keys = try? self.segments(of: stretch), Set(keys).isSubset(of: segments) else { return }
            result.append(stretch)
        }
        for line in unsuspended.file.lines {
            for pattern in line.patterns {
                let list = pattern.stations.map { StationID($0) }
                var runStart: Int?
                for index in 0..<list.count {
                    let covered = index + 1 < list.count && segments.contains(SegmentKey(from: list[index], to: list[index + 1]))
                    if covered, runStart == nil { runStart = index }
                    if !covered, let start = runStart {
                        emit(SuspendedStretch(from: list[start], to: list[index]))
                        runStart = nil
                    }
                }
            }
        }
        return result
    }
}
