import MetroModel

extension Engine {
    // MARK: GPS

    /// One fix from gpsd (model §5.4). Feeds passive calibration for every accepted fix and applies a snap when the
    /// decision says so. Returns the decision (for logs and tests).
    @discardableResult
    public func gpsFix(_ fix: FixInput, wallNowUnixNanoseconds: Int64, now: Instant) -> SnapDecision? {
        guard var current = active else { return nil }
        gps.fixes += 1
        // A 2D/3D report without finite coordinates is no fix at all (it would otherwise read as off-route).
        let hasPosition = fix.latitude.isFinite && fix.longitude.isFinite
        let decision = hasPosition
            ? network.snapDecision(trip: current.trip, fix: fix, wallNowUnixNanoseconds: wallNowUnixNanoseconds,
                                   lastAppliedGPSCorrection: current.lastGPSCorrection)
            : .rejected(.noFix)
        switch decision {
        case .rejected(let reason):
            gps.rejected[reason, default: 0] += 1
            log.debug("gps fix rejected: \(reason.rawValue)")
            publishStatus(now: now)
            return decision
        case .accepted(let index, let distance, let correct):
            gps.accepted += 1
            gps.lastSnap = (current.trip.events[index].station, now)
            var calibrationChanged = false
            var newCalibration = calibration
            for sample in current.passive.noteSnap(eventIndex: index, at: fix.receivedAt, route: current.passiveStops) {
                switch newCalibration.add(sample) {
                case .accepted: calibrationChanged = true
                case .rejected(let why): log.info("passive calibration sample rejected: \(why)")
                }
            }
            var decisionToAnnounce: AlertFiring.Decision?
            var vanished: Set<AlertID> = []
            if correct {
                let previous = current.trip
                current.trip = network.applySnap(trip: previous, eventIndex: index, now: now, calibration: calibration)
                current.lastGPSCorrection = now
                vanished = vanishedAlerts(current, previous: current.plans)
                decisionToAnnounce = firing(&current, now: now)
                log.info("gps snap to \(current.trip.events[index].station) (\(Int(distance)) m): arrival moved "
                    + "\(current.trip.arrival.seconds(since: previous.arrival)) s")
            }
            do {
                let toStore = current
                let calibrationToStore = newCalibration
                try persist {
                    try store.saveActiveTrip(toStore)
                    if calibrationChanged { try store.saveCalibration(calibrationToStore) }
                }
                active = current
                if calibrationChanged { calibration = newCalibration }
            } catch {
                log.error("gps fix not applied: \(error.message(.en))")
                return decision
            }
            if let d = decisionToAnnounce {
                withdraw(d.unfire.union(vanished))
                announce(d)
            }
            finish(now: now)
            return decision
        }
    }
}
