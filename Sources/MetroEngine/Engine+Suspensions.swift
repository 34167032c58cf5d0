import MetroModel

/// Stretches suspended by the rider (during an air-raid alert the surface sections stop while the underground
/// runs on, and the device has no network to learn it): planning through one is refused, naming the stretch,
/// exactly as through a segment the data file flags.
extension Engine {
    /// Suspends the stretch between two stations of one line. Suspending it again changes nothing. A trip already
    /// riding is left alone (the rider is on the train); the next plan and start are refused through it.
    /// Returns false when it was suspended already.
    @discardableResult
    public func suspend(_ stretch: SuspendedStretch, now: Instant) throws(EngineError) -> Bool {
        do { _ = try baseNetwork.segments(of: stretch) } catch {
            throw .suspension(Phrase(uk: error.message(.uk, names: baseNetwork), en: error.message(.en, names: baseNetwork)))
        }
        guard !suspensions.contains(where: { $0.isSame(as: stretch) }) else { finish(now: now); return false }
        try applySuspensions(suspensions + [stretch], now: now)
        log.info("stretch suspended: \(stretch.from) – \(stretch.to)")
        return true
    }

    /// Lifts one suspended stretch (either end order), or every one when `stretch` is nil. Returns the stretches
    /// lifted (empty: there was nothing to lift).
    @discardableResult
    public func resume(_ stretch: SuspendedStretch?, now: Instant) throws(EngineError) -> [SuspendedStretch] {
        let lifted = stretch.map { s in suspensions.filter { $0.isSame(as: s) } } ?? suspensions
        guard !lifted.isEmpty else { finish(now: now); return [] }
        try applySuspensions(suspensions.filter { s in !lifted.contains(s) }, now: now)
        for s in lifted { log.info("stretch resumed: \(s.from) – \(s.to)") }
        return lifted
    }

    private func applySuspensions(_ next: [SuspendedStretch], now: Instant) throws(EngineError) {
        let store = self.store
        try persist { try store.saveSuspensions(next) }
        suspensions = next
        network = baseNetwork.withLocalSuspensions(next)
        finish(now: now)
    }
}
