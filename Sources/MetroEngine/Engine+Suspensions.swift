import MetroModel

/// Stretches suspended by the rider (during an air-raid alert the surface sections stop while the underground
/// runs on, and the device has no network to learn it): planning through one is refused, naming the stretch,
/// exactly as through a segment the data file flags.
extension Engine {
    /// Suspends the stretch between two stations of one line. The suspensions are a set of segments: a stretch
    /// overlapping or touching a suspended one merges with it, and one already covered changes nothing. A trip
    /// already riding is left alone (the rider is on the train); the next plan and start are refused through it.
    /// Returns false when every segment of it was suspended already.
    @discardableResult
    public func suspend(_ stretch: SuspendedStretch, now: Instant) throws(EngineError) -> Bool {
        let added = try segments(of: stretch)
        let current = baseNetwork.suspendedSegments(suspensions)
        guard !added.isSubset(of: current) else { finish(now: now); return false }
        try applySuspensions(baseNetwork.mergedSuspensions(suspensions + [stretch]), now: now)
        log.info("stretch suspended: \(stretch.from) – \(stretch.to)")
        return true
    }

    /// Lifts the suspension of every segment of a stretch (either end order; part of a suspended stretch splits
    /// it), or every suspension when `stretch` is nil. A stretch that is not one is refused as `suspend` refuses
    /// it. Returns the stretches lifted, as the fewest covering the segments that were suspended (empty: none was).
    @discardableResult
    public func resume(_ stretch: SuspendedStretch?, now: Instant) throws(EngineError) -> [SuspendedStretch] {
        guard let stretch else {
            let lifted = suspensions
            guard !lifted.isEmpty else { finish(now: now); return [] }
            try applySuspensions([], now: now)
            for s in lifted { log.info("stretch resumed: \(s.from) – \(s.to)") }
            return lifted
        }
        let removed = try segments(of: stretch)
        let current = baseNetwork.suspendedSegments(suspensions)
        let lifted = baseNetwork.stretches(covering: current.intersection(removed), declared: suspensions + [stretch])
        guard !lifted.isEmpty else { finish(now: now); return [] }
        let invalid = suspensions.filter { (try? baseNetwork.segments(of: $0)) == nil }
        try applySuspensions(baseNetwork.stretches(covering: current.subtracting(removed), declared: suspensions) + invalid,
                             now: now)
        for s in lifted { log.info("stretch resumed: \(s.from) – \(s.to)") }
        return lifted
    }

    /// The segments of a stretch, or the refusal naming its stations.
    private func segments(of stretch: SuspendedStretch) throws(EngineError) -> Set<SegmentKey> {
        do { return Set(try baseNetwork.segments(of: stretch)) } catch {
            throw .suspension(Phrase(uk: error.message(.uk, names: baseNetwork), en: error.message(.en, names: baseNetwork)))
        }
    }

    private func applySuspensions(_ next: [SuspendedStretch], now: Instant) throws(EngineError) {
        let store = self.store
        try persist { try store.saveSuspensions(next) }
        suspensions = next
        network = baseNetwork.withLocalSuspensions(next)
        finish(now: now)
    }
}
