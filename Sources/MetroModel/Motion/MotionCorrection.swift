extension Trip {
    /// The change whose train a departure felt at `departure` after a walk can be (model §5.5): a change not yet
    /// confirmed (the last anchor before its transfer event), with `departure` between the earliest plausible
    /// departure of its train (no wait, a quick walk, fast trains since the last anchor: the never-late bound) and
    /// the latest (a whole headway's wait, a slow walk: the "train departed" press's own limit, §5.3). Earlier, the
    /// walk was not the change (the rider moved along a train); later, the model cannot place it.
    public func changeAcceptingMotionDeparture(at departure: Instant) -> Int? {
        let anchor = current ?? 0
        return changeIndices.last { k in
            guard anchor < k, k + 1 < events.count, let latest = latestPlausibleDeparture(change: k) else { return false }
            return departure >= earliestPlausible(at: k) && departure < latest
        }
    }
}

extension RideNetwork {
    /// A departure after a change felt by the accelerometer (model §5.5): the same anchored replan as the rider's
    /// "train departed" press (§5.3), at the felt instant, which may be a few seconds before the batch that
    /// revealed it. It is not the rider's correction, so no counter moves.
    public func motionDeparted(_ trip: Trip, at departure: Instant, calibration: CalibrationStore)
        throws(CorrectionError) -> Trip
    {
        guard let k = trip.changeAcceptingMotionDeparture(at: departure) else { throw .notChangingLines }
        return try anchoredReplan(trip, at: k, now: departure, calibration: calibration)
    }
}
