/// Why a correction was refused (model §5).
public enum CorrectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The station index is not on the route.
    case outsideRoute
    /// The correction would place the train beyond the destination.
    case beyondDestination
    /// The correction would place the train before the departure.
    case beforeDeparture
    /// "Train departed" outside the window of a change.
    case notChangingLines

    /// The reason in a language.
    public func message(_ language: Language) -> String {
        switch self {
        case .outsideRoute:
            return Phrase(uk: "Цієї станції немає на маршруті", en: "That station is not on the route")(language)
        case .beyondDestination:
            return Phrase(uk: "Далі за кінцеву станцію маршруту не можна",
                          en: "Cannot move past the destination")(language)
        case .beforeDeparture:
            return Phrase(uk: "Раніше за станцію відправлення не можна",
                          en: "Cannot move before the departure station")(language)
        case .notChangingLines:
            return Phrase(uk: "Зараз ви не робите пересадку", en: "You are not changing lines now")(language)
        }
    }

    /// The English reason.
    public var description: String { message(.en) }
}

extension RideNetwork {
    /// "The train is at event `a` right now" (model §5.1).
    ///
    /// Events 0…a get synthetic past times `now − (a − i)` seconds (they only mark stations as passed); the rest
    /// is filled from `now`, plus the dwell at `a` when the train is standing at an ordinary stop there, with a
    /// fresh transfer wait if the change is still ahead. `t0`, the initial arrival and the counters are kept.
    public func anchoredReplan(_ trip: Trip, at a: Int, now: Instant, calibration: CalibrationStore)
        throws(CorrectionError) -> Trip
    {
        guard trip.route.indices.contains(a) else { throw .outsideRoute }
        var prefix: [ScheduledEvent] = []
        prefix.reserveCapacity(trip.route.count)
        for i in 0...a { prefix.append(ScheduledEvent(trip.route[i], at: now - (a - i))) }
        var cursor = now
        if a >= 1 && trip.route[a].isStop && !trip.route[a].isTransfer {
            cursor = cursor + travelAndDwell(from: trip.route[a - 1], to: trip.route[a], calibration: calibration,
                                           wall: trip.wall, leaving: now).dwell
        }
        var replanned = trip
        replanned.events = fill(route: trip.route, from: a + 1, cursor: cursor, prefix: prefix,
                                calibration: calibration, wall: trip.wall)
        replanned.current = a
        return replanned
    }

    /// The rider's one-station correction (model §5.2): +1 = "the train is behind, I am one station earlier than
    /// you think"; −1 = "the train is ahead, I am already at the station you thought was next".
    ///
    /// Steps count events, not stops. Adds 1 to `manualCorrections`, and for +1 also to `lateCorrections`.
    public func step(_ trip: Trip, delta: Int, now: Instant, calibration: CalibrationStore)
        throws(CorrectionError) -> Trip
    {
        precondition(delta == 1 || delta == -1, "a step is +1 or −1")
        let corrected = trip.nextIndex(at: now) - delta
        guard corrected < trip.events.count else { throw .beyondDestination }
        guard corrected >= 0 else { throw .beforeDeparture }
        var replanned = try anchoredReplan(trip, at: max(corrected - 1, 0), now: now, calibration: calibration)
        replanned.manualCorrections += 1
        if delta == 1 { replanned.lateCorrections += 1 }
        return replanned
    }

    /// "The train departed" pressed while changing lines (model §5.3; `Trip.changeAcceptingTrainDeparted`): anchors at
    /// that change's transfer event at the press,
    /// so the next station is exactly the press plus one running time. Adds 1 to `manualCorrections`.
    public func trainDeparted(_ trip: Trip, now: Instant, calibration: CalibrationStore)
        throws(CorrectionError) -> Trip
    {
        guard let k = trip.changeAcceptingTrainDeparted(at: now) else { throw .notChangingLines }
        var replanned = try anchoredReplan(trip, at: k, now: now, calibration: calibration)
        replanned.manualCorrections += 1
        return replanned
    }
}
