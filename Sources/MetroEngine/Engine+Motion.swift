import MetroModel

extension Engine {
    // MARK: Motion

    /// True while a trip runs: the daemon reads the sensor only then (an idle daemon never wakes).
    public var wantsMotion: Bool { active != nil }

    /// A batch of accelerometer samples, oldest first (model §5.5). Returns what motion concluded, for logs and tests.
    ///
    /// The one thing taken from motion is the departure of the train after a change that the rider has not
    /// confirmed: the first start of running, with its pull-away, after a walk, at an instant the change's train
    /// could have left. It re-anchors the ride exactly as the rider's "train departed" press would; any press of the
    /// rider comes after it and wins, and a change the rider confirmed is never touched.
    @discardableResult
    public func motion(_ samples: [AccelerationSample], now: Instant) -> MotionDecision? {
        guard let current = active else {
            motionTracking = nil
            return nil
        }
        var tracking = motionTracking.flatMap { $0.t0 == current.trip.t0 ? $0 : nil } ?? MotionTracking(t0: current.trip.t0)
        let read = samples.filter { $0.at >= current.trip.t0 }
        if tracking.since == nil { tracking.since = read.first?.at }
        let events = tracking.detector.take(read)
        tracking.events += events
        var decision = MotionDecision(events: events)
        var departures: [Instant] = []
        for event in events {
            if let departed = tracking.watch.note(event) { departures.append(departed) }
        }
        motionTracking = tracking
        for departed in departures {
            guard let trip = active?.trip, let k = trip.changeAcceptingMotionDeparture(at: departed) else {
                decision.setAside.append((departed, .noChangeThen))
                log.info("motion: a departure after a walk, \(departed.seconds(since: now)) s from now, is no change's train")
                continue
            }
            do {
                try correct(now: now, label: "motion: train departed after the change at \(trip.events[k].station)") {
                    trip throws(CorrectionError) in
                    try network.motionDeparted(trip, at: departed, calibration: calibration)
                }
                decision.departureTaken = (k, departed)
            } catch {
                decision.setAside.append((departed, .notStored))
                log.error("motion: the departure after the change was not applied: \(error.message(.en))")
            }
        }
        // Once per stop, in the batch that reports it: what could change later (the arrival nearer, "yours is next"
        // given or due) only turns a refusal into another refusal, so the decoder runs once a station, not once a
        // second while the train stands.
        if case .stop = events.last { decision.confirmation = confirmNextStop(now: now) }
        return decision
    }

    /// "Yours is next" once more, when the stop just felt is the train at the station before the destination
    /// (model §5.5 item 5, `Trip.nextStopConfirmation`): at most once a trip, recorded so it is neither repeated nor
    /// replayed after a restart. The alerts are not touched: it is the same cue, played once more.
    private func confirmNextStop(now: Instant) -> NextStopConfirmation? {
        guard var current = active, current.nextStopConfirmed == nil, var tracking = motionTracking,
            let since = tracking.since
        else { return nil }
        // The events before the anchor say nothing of the runs after it.
        let anchoredAt = current.trip.events[current.trip.current ?? 0].departure
        tracking.events.removeAll { event in
            switch event {
            case .departure(let at, _), .stop(let at, _): return at < anchoredAt - ArrivalUncertainty.anchorSeconds
            case .walk(_, let until), .gap(_, let until): return until < anchoredAt - ArrivalUncertainty.anchorSeconds
            }
        }
        motionTracking = tracking
        let verdict = current.trip.nextStopConfirmation(events: tracking.events, watchedSince: since,
                                                        arrivalFired: current.fired[.arrival] != nil,
                                                        nextStopFired: current.fired[.nextStop], now: now)
        guard case .confirm(let at) = verdict else {
            if case .no(let why) = verdict { log.debug("motion: the stop is no confirmation of yours is next: \(why.rawValue)") }
            return verdict
        }
        current.nextStopConfirmed = now
        do {
            try persist { try store.saveActiveTrip(current) }
        } catch {
            // Kept in memory: it is not given twice; the next successful write stores it.
            log.error("could not store the confirmation of yours is next: \(error.message(.en))")
        }
        active = current
        log.info("motion: the train stands at the stop before the destination (\(at.seconds(since: now)) s): yours is next")
        haptics.play(alert: .nextStop)
        return verdict
    }
}
