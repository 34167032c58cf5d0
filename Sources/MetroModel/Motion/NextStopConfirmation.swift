/// Whether a stop the detector just felt is the train standing at the station before the destination, so that
/// "yours is next" may sound again there (model §5.5). It adds a buzz; it moves no alert.
public enum NextStopConfirmation: Sendable, Equatable {
    /// The stop at `at` is the station before the destination: sound "yours is next" now.
    case confirm(at: Instant)
    /// Nothing to confirm, and why.
    case no(NextStopConfirmationRefusal)
}

/// Why a stop confirms nothing.
public enum NextStopConfirmationRefusal: String, Sendable, Equatable {
    /// The last event is not a stop felt in the last few seconds (the train is running, or nothing new).
    case noFreshStop = "no_fresh_stop"
    /// The detector did not watch the whole ride since the anchor (it began later: a restart).
    case notWatchedSinceAnchor = "not_watched_since_anchor"
    /// A walk or a gap in the samples since the anchor: the runs cannot be read as one train's.
    case brokenSinceAnchor = "broken_since_anchor"
    /// A change lies ahead of the anchor (its wait unknown), or fewer than two stations are left after it.
    case routeTooShort = "route_too_short"
    /// The decoder places the stop elsewhere (another station, or a signal).
    case elsewhere
    /// The decoder's placement at the station before the destination beats the one a station further or closer by
    /// too little.
    case ambiguous
    /// The stop comes sooner than the train could plausibly reach that station (the never-late bound).
    case tooEarly = "too_early"
    /// "Get off now" has sounded, or is due within the 30 s that would swallow "yours is next" (model §4).
    case arrivalNear = "arrival_near"
    /// "Yours is next" sounded at this stand already, or is due within seconds.
    case alreadyGiven = "already_given"
}

extension Trip {
    /// A detected stop more recent than this is fresh: the detector reports a stand a few seconds after it began.
    public static let confirmationFreshSeconds = 15
    /// The decoder's placement must beat the placements one station further and one station closer by this much
    /// (its costs are negative log likelihoods: e³ ≈ 20 to 1).
    public static let confirmationMargin = 3.0

    /// The decision of model §5.5 item 5 on the detector's events of this trip (oldest first) at `now`: whether the
    /// stop the detector has just reported is the train standing at the station before the destination.
    ///
    /// The runs since the trip's anchor (the start, or the last correction: its station's departure) are read off
    /// the events — each from a departure (or the anchor) to the next stop — and placed on the route by
    /// `StationDecoder`, with the running and dwell times of the trip's own schedule from the anchor. It confirms
    /// only when the detector watched from the anchor on (`watchedSince`), nothing broke the runs since (a walk, a
    /// gap), no change is ahead, at least two stations are left after the anchor, the last stop is fresh and is
    /// placed at the station before the destination by a clear margin, no sooner than the train could be there,
    /// and "get off now" is neither given nor due within 30 s (`arrivalFired`), nor "yours is next" given at this
    /// stand or due within `confirmationFreshSeconds` (`nextStopFired`: when it last sounded).
    public func nextStopConfirmation(events motion: [MotionEvent], watchedSince: Instant, arrivalFired: Bool,
                                     nextStopFired: Instant?, now: Instant) -> NextStopConfirmation
    {
        let fresh = Int64(Trip.confirmationFreshSeconds) * 1_000_000_000
        guard case .stop(let stoppedAt, _) = motion.last, now - stoppedAt <= fresh else { return .no(.noFreshStop) }
        if arrivalFired || arrival - now <= Int64(AlertFiring.nextStopSuppressionSeconds) * 1_000_000_000 {
            return .no(.arrivalNear)
        }
        let anchor = current ?? 0
        let anchoredAt = events[anchor].departure
        guard watchedSince <= anchoredAt + ArrivalUncertainty.anchorSeconds else { return .no(.notWatchedSinceAnchor) }
        let last = events.count - 1
        guard anchor < last, !events[(anchor + 1)...last].dropLast().contains(where: \.isTransfer) else {
            return .no(.routeTooShort)
        }
        // The segments from the anchor: each ends at a stop (a station passed without stopping runs through).
        let ends = ((anchor + 1)...last).filter { events[$0].isStop || $0 == last }
        guard ends.count >= 2 else { return .no(.routeTooShort) }
        var running: [Double] = [], dwell: [Double] = []
        var from = anchor
        for end in ends {
            running.append(Double(events[end].arrival - events[from].departure) / 1e9)
            dwell.append(Double(events[end].departure - events[end].arrival) / 1e9)
            from = end
        }
        // The runs: a departure felt a little before the anchor is its own (a press comes after the pull-out).
        var runs: [Double] = []
        var start: Instant? = anchoredAt
        for event in motion {
            switch event {
            case .departure(let at, _):
                guard at >= anchoredAt - ArrivalUncertainty.anchorSeconds else { continue }
                start = at
            case .stop(let at, _):
                guard at > anchoredAt else { continue }
                if let begun = start { runs.append(Double(at - begun) / 1e9) }
                start = nil
            case .walk(_, let until), .gap(_, let until):
                if until > anchoredAt { return .no(.brokenSinceAnchor) }
            }
        }
        let penultimate = ends[ends.count - 2]
        guard !runs.isEmpty,
            let placed = StationDecoder(running: running, dwell: dwell).placement(runs: runs),
            placed.places.last == .station(ends.count - 2)
        else { return .no(.elsewhere) }
        // The neighbours: the stop at the destination itself (the confirmation would come after the doors opened)
        // or at the station before (a station early).
        let mine = placed.lastPlaceCosts[.station(ends.count - 2)] ?? 0
        let neighbours = [ends.count - 1, ends.count - 3].compactMap { placed.lastPlaceCosts[.station($0)] }
        guard neighbours.allSatisfy({ $0 - mine >= Trip.confirmationMargin }) else { return .no(.ambiguous) }
        guard stoppedAt >= earliestPlausible(at: penultimate) else { return .no(.tooEarly) }
        if let given = nextStopFired, given >= stoppedAt - Trip.confirmationFreshSeconds { return .no(.alreadyGiven) }
        if let due = alerts().first(where: { $0.kind == .nextStop })?.instant, nextStopFired == nil, due > now,
            due - now <= fresh
        {
            return .no(.alreadyGiven)
        }
        return .confirm(at: stoppedAt)
    }
}
