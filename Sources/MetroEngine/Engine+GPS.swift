import MetroModel

extension Engine {
    // MARK: GPS

    /// One fix from gpsd (model §5.4). Every accepted fix is noted for passive calibration (§6.2); the schedule is
    /// re-anchored where the fix placed the train when the decision says so. Returns the decision (for logs and tests).
    @discardableResult
    public func gpsFix(_ fix: FixInput, wallNowUnixNanoseconds: Int64, now: Instant) -> FixDecision? {
        guard var current = active else { return nil }
        gps.fixes += 1
        // A 2D/3D report without finite coordinates is no fix at all (it would otherwise read as off-route).
        let hasPosition = fix.latitude.isFinite && fix.longitude.isFinite
        let decision = hasPosition
            ? network.decideFix(trip: current.trip, fix: fix, seen: current.passive, calibration: calibration,
                                wallNowUnixNanoseconds: wallNowUnixNanoseconds,
                                lastAppliedGPSCorrection: current.lastGPSCorrection)
            : .rejected(.noFix)
        switch decision {
        case .rejected(let reason):
            gps.rejected[reason, default: 0] += 1
            log.debug("gps fix rejected: \(reason.rawValue)")
            publishStatus(now: now)
            return decision
        case .accepted(let placement, let offTrack, let seenAt, let correct):
            gps.accepted += 1
            gps.lastSnap = (current.trip.events[placement.eventIndex].station, now)
            let samples: [CalibrationSample]
            switch placement {
            case .running(let toward, let along, let length, let running, let arrival):
                samples = current.passive.noteRunning(toward: toward, alongMeters: along, lengthMeters: length,
                                                      modelRunningSeconds: running, at: seenAt, arrival: arrival,
                                                      route: current.passiveStops)
            case .standing(let at, _, _):
                samples = current.passive.noteStanding(at: at, seenAt: seenAt, route: current.passiveStops)
            }
            var calibrationChanged = false
            var newCalibration = calibration
            for sample in samples {
                switch newCalibration.add(sample) {
                case .accepted: calibrationChanged = true
                case .rejected(let why): log.info("passive calibration sample rejected: \(why)")
                }
            }
            var decisionToAnnounce: AlertFiring.Decision?
            var vanished: Set<AlertID> = []
            if correct {
                let previous = current.trip
                current.trip = network.applyPlacement(trip: previous, placement, seenAt: seenAt, calibration: calibration)
                current.lastGPSCorrection = now
                vanished = vanishedAlerts(current, previous: current.plans)
                decisionToAnnounce = firing(&current, now: now)
                log.info("gps snap to \(current.trip.events[placement.eventIndex].station) (\(placement.logWording), "
                    + "\(Int(offTrack)) m off the line): arrival moved \(current.trip.arrival.seconds(since: previous.arrival)) s")
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

extension TrainPlacement {
    /// How the log names a placement.
    var logWording: String {
        switch self {
        case .running(_, let along, let length, _, _): return "running, \(Int(along)) of \(Int(length)) m"
        case .standing: return "standing"
        }
    }
}
