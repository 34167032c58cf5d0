/// The rider's suspended stretches taken as what they are: a set of segments. Suspending adds segments, resuming
/// removes them, and the set is written back as the fewest stretches that cover it — overlapping or touching
/// stretches of one line merge, resuming the middle of one splits it in two, and a sub-stretch of a suspended one
/// adds nothing. The set and the merge are the same on every network; how a stretch becomes segments, and
/// segments stretches again, is each network's (`segments(of:)`, `stretches(covering:declared:)`).
extension RideNetwork {
    /// The segments of the valid stretches in `stretches`.
    public func suspendedSegments(_ stretches: [SuspendedStretch]) -> Set<SegmentKey> {
        var set: Set<SegmentKey> = []
        for stretch in stretches {
            guard let keys = try? segments(of: stretch) else { continue }
            set.formUnion(keys)
        }
        return set
    }

    /// `stretches` as the fewest stretches covering the same segments; stretches that are not valid in this
    /// network (stations gone from a newer data file) are kept as they are, after the rest.
    public func mergedSuspensions(_ stretches: [SuspendedStretch]) -> [SuspendedStretch] {
        let invalid = stretches.filter { (try? segments(of: $0)) == nil }
        return self.stretches(covering: suspendedSegments(stretches), declared: stretches) + invalid
    }
}

extension Network {
    /// The fewest stretches covering exactly `segments` (keyed forward): each maximal run of a line's consecutive
    /// segments, line by line in file order. A run that is exactly one of `declared` keeps that stretch as the
    /// rider named it (its end order); any other is named forward along its line.
    public func stretches(covering segments: Set<SegmentKey>, declared: [SuspendedStretch] = []) -> [SuspendedStretch] {
        var result: [SuspendedStretch] = []
        for line in lines {
            let list = line.stations
            var runStart: Int?
            for index in 0..<list.count {
                let covered = index + 1 < list.count && segments.contains(SegmentKey(from: list[index], to: list[index + 1]))
                if covered, runStart == nil { runStart = index }
                if !covered, let start = runStart {
                    let run = SuspendedStretch(from: list[start], to: list[index])
                    result.append(declared.first { $0.isSame(as: run) } ?? run)
                    runStart = nil
                }
            }
        }
        return result
    }
}
