extension RideNetwork {
    /// Decides what a GPS fix means for a trip (model §5.4), without changing anything.
    ///
    /// - `seen`: what this trip's fixes have shown so far (when the train reached each station).
    /// - `wallNowUnixNanoseconds`: the wall clock when the fix was handled, to judge the fix's age.
    /// - `lastAppliedGPSCorrection`: when a GPS correction was last applied to this trip, if ever.
    public func decideFix(trip: Trip, fix: FixInput, seen: PassiveCalibration, calibration: CalibrationStore,
                          wallNowUnixNanoseconds: Int64, lastAppliedGPSCorrection: Instant?) -> FixDecision
    {
        guard fix.mode == 2 || fix.mode == 3 else { return .rejected(.noFix) }
        guard let error = fix.horizontalErrorMeters, error.isFinite, error > 0 else {
            return .rejected(.accuracyUnknown)
        }
        guard error <= SnapLimits.maximumErrorMeters else { return .rejected(.inaccurate) }
        guard let fixTime = fix.receiverUnixNanoseconds else { return .rejected(.noTime) }
        // A stamp centuries off (a broken receiver) would overflow the subtraction: it is stale or future all the same.
        let (age, overflow) = wallNowUnixNanoseconds.subtractingReportingOverflow(fixTime)
        guard !overflow else { return .rejected(fixTime > wallNowUnixNanoseconds ? .future : .stale) }
        guard age <= SnapLimits.maximumAgeSeconds * 1_000_000_000 else { return .rejected(.stale) }
        guard age >= -SnapLimits.futureToleranceSeconds * 1_000_000_000 else { return .rejected(.future) }
        guard trip.wall.instant(atUnixNanoseconds: fixTime) >= trip.t0 else { return .rejected(.beforeStart) }
        // The fix's own time says where the train was when: its age before it arrived here (never after). Taken as
        // an age, not through the trip's wall mapping, so a step of the wall clock since the start moves nothing.
        // At a time scale the age spans that many times more of the timeline (capped: the age is at most 10 s here).
        let modelAge = fix.timeScale > 1 ? Int64(min(Double(max(age, 0)) * fix.timeScale, 1e15)) : max(age, 0)
        let (seenNanoseconds, early) = fix.receivedAt.nanoseconds.subtractingReportingOverflow(modelAge)
        let seenAt = Instant(nanoseconds: seenNanoseconds)
        guard !early, seenAt >= trip.t0 else { return .rejected(.beforeStart) }

        let projections = trackProjections(latitude: fix.latitude, longitude: fix.longitude, route: trip.route)
        guard let nearest = projections.map(\.offTrackMeters).min() else { return .rejected(.offRoute) }

        // At a change the rider leaves one train, walks and waits for another: a slow fix there (or one without a
        // speed) is the rider, and read as a train it would hold the model at the platform for as long as the rider
        // stands there — later and later. It places nothing.
        if onFootAtAChange(trip: trip, fix: fix) { return .rejected(.onFoot) }

        let placement: TrainPlacement
        let offTrack: Double
        if let standing = standingPlacement(trip: trip, fix: fix, seenAt: seenAt, seen: seen,
                                            calibration: calibration)
        {
            (placement, offTrack) = standing
        } else {
            // Running: of the segments about as near as the nearest, the one whose arrival agrees best with the
            // schedule (a fix at a station lies on the end of one segment and the start of the next).
            var best: (placement: TrainPlacement, off: Double, disagreement: Int64)?
            for projection in projections where projection.offTrackMeters <= nearest + SnapLimits.ambiguityMeters {
                let i = projection.toward
                let running = Double(travelAndDwell(from: trip.route[i - 1], to: trip.route[i], calibration: calibration,
                                                    wall: trip.wall, leaving: seenAt).travel)
                let motion = SegmentMotion(lengthMeters: projection.lengthMeters, runningSeconds: running)
                let arrival = seenAt + Int(motion.secondsLeft(from: projection.alongMeters).rounded())
                let disagreement = (arrival - trip.events[i].arrival).magnitude
                if best == nil || Int64(disagreement) < best!.disagreement {
                    best = (.running(toward: i, alongMeters: projection.alongMeters,
                                     lengthMeters: projection.lengthMeters, modelRunningSeconds: running,
                                     arrival: arrival),
                            projection.offTrackMeters, Int64(disagreement))
                }
            }
            guard let best else { return .rejected(.offRoute) }
            (placement, offTrack) = (best.placement, best.off)
        }

        let rested = lastAppliedGPSCorrection.map {
            fix.receivedAt - $0 >= Int64(SnapLimits.correctionIntervalSeconds) * 1_000_000_000
        } ?? true
        return .accepted(placement, offTrackMeters: offTrack, seenAt: seenAt,
                         correct: rested && disagrees(trip: trip, placement: placement))
    }

    /// A train standing at a station of the route: the fix slower than `SnapLimits.standingSpeed` within a platform's
    /// reach of a station where the train stops for the rider (or the departure station). Nil when the receiver
    /// gave no speed: a slow train and a standing one look alike without it, and running is the safer reading
    /// (it warns early, not late).
    private func standingPlacement(trip: Trip, fix: FixInput, seenAt: Instant, seen: PassiveCalibration,
                                   calibration: CalibrationStore) -> (TrainPlacement, Double)?
    {
        guard let speed = fix.speedMetersPerSecond, speed.isFinite, speed < SnapLimits.standingSpeed else { return nil }
        var best: (index: Int, distance: Double)?
        for (j, event) in trip.route.enumerated() where j == 0 || (event.isStop && !event.isTransfer) {
            guard isOpenSky(event.station), let station = station(event.station) else { continue }
            let distance = greatCircleMeters(latitude1: fix.latitude, longitude1: fix.longitude,
                                             latitude2: station.latitude, longitude2: station.longitude)
            if distance <= SnapLimits.platformReachMeters && distance < (best?.distance ?? .infinity) {
                best = (j, distance)
            }
        }
        guard let best else { return nil }
        let j = best.index, last = trip.route.count - 1
        let arrival = min(seen.arrivalSeen(at: j) ?? seenAt, seenAt)
        let departure: Instant
        if j == 0 {
            departure = seenAt  // still at the departure station: it leaves now at the earliest
        } else if j == last {
            departure = arrival
        } else {
            let dwell = travelAndDwell(from: trip.route[j - 1], to: trip.route[j], calibration: calibration,
                                       wall: trip.wall, leaving: arrival).dwell
            departure = max(seenAt, arrival + dwell)
        }
        return (.standing(at: j, arrival: arrival, departure: departure), best.distance)
    }

    /// Whether the fix is slower than `SnapLimits.walkingSpeed` (or has no speed) within a platform's reach of a
    /// change's exit or boarding station.
    private func onFootAtAChange(trip: Trip, fix: FixInput) -> Bool {
        if let speed = fix.speedMetersPerSecond, speed.isFinite, speed >= SnapLimits.walkingSpeed { return false }
        for k in trip.route.indices where k >= 1 && trip.route[k].isTransfer {
            for id in [trip.route[k - 1].station, trip.route[k].station] {
                guard let station = station(id) else { continue }
                if greatCircleMeters(latitude1: fix.latitude, longitude1: fix.longitude, latitude2: station.latitude,
                                     longitude2: station.longitude) <= SnapLimits.platformReachMeters
                {
                    return true
                }
            }
        }
        return false
    }

    /// Whether a placement moves the model by `SnapLimits.agreementSeconds` or more.
    private func disagrees(trip: Trip, placement: TrainPlacement) -> Bool {
        let limit = Int64(SnapLimits.agreementSeconds) * 1_000_000_000
        switch placement {
        case .running(let toward, _, _, _, let arrival):
            return (arrival - trip.events[toward].arrival).magnitude >= UInt64(limit)
        case .standing(let at, let arrival, let departure):
            if at == trip.events.count - 1 {
                // At the destination: only a model that has not arrived yet is behind.
                return trip.events[at].arrival - arrival >= limit
            }
            return (departure - trip.events[at].departure).magnitude >= UInt64(limit)
        }
    }

    /// Re-anchors the schedule where a fix placed the train (it may move the model backwards) and adds 1 to
    /// `gpsCorrections`. A placement outside the route leaves the trip unchanged.
    ///
    /// Running toward event i: events before i are passed (synthetic past times, the one before at `seenAt`), i is
    /// reached at the placement's arrival, and the rest follows from its departure. The anchor is event i − 1, so
    /// the never-late bound (`Trip.earliestPlausible`) counts only what is left of the running time as unknown.
    /// Standing at event j: j is reached at the placement's arrival and left at its departure; the anchor is the
    /// event before, so the dwell's own spread still counts.
    public func applyPlacement(trip: Trip, _ placement: TrainPlacement, seenAt: Instant,
                               calibration: CalibrationStore) -> Trip
    {
        let route = trip.route, last = route.count - 1
        let (index, arrival, anchor): (Int, Instant, Int)
        var departure: Instant?
        switch placement {
        case .running(let toward, _, _, _, let at):
            guard toward >= 1, toward <= last else { return trip }
            (index, arrival, anchor) = (toward, at, toward - 1)
        case .standing(let at, let reached, let leaves):
            guard route.indices.contains(at) else { return trip }
            (index, arrival, anchor) = (at, reached, max(at - 1, 0))
            departure = leaves
        }
        // The events before `index` only mark stations as passed, a second apart: the one before a running train's
        // segment at the fix (what is left of the running time is the unknown), the one before a standing train's
        // station at its arrival.
        let passedAt = departure == nil ? seenAt : arrival
        var events: [ScheduledEvent] = []
        events.reserveCapacity(route.count)
        if index >= 1 {
            for e in 0..<index { events.append(ScheduledEvent(route[e], at: passedAt - (index - 1 - e))) }
            // The event at `index` as the schedule has it (its dwell and the data's spreads), moved to the arrival.
            var reached = fill(route: route, from: index, cursor: passedAt, prefix: events, calibration: calibration,
                               wall: trip.wall)[index]
            let dwell = reached.departure - reached.arrival
            reached.arrival = arrival
            reached.departure = index == last ? arrival : (departure ?? Instant(nanoseconds: arrival.nanoseconds + dwell))
            events.append(reached)
        } else {
            events.append(ScheduledEvent(route[0], at: departure ?? arrival))
        }
        if index < last {
            events = fill(route: route, from: index + 1, cursor: events[index].departure, prefix: events,
                          calibration: calibration, wall: trip.wall)
        }
        var replanned = trip
        replanned.events = events
        replanned.current = anchor
        replanned.gpsCorrections += 1
        return replanned
    }
}
