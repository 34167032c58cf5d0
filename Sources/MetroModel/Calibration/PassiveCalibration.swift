/// Running-time samples measured for free from GPS on the surface (model §6, fed by §5.4 step 3).
///
/// It remembers the first instant a fix snapped to each route event — the train's entry into the station's
/// 400 m circle. When the next event snapped to is exactly the previous one + 1, and neither is a transfer
/// event and the previous one is not the departure (its entry includes the rider's wait on the platform), the
/// difference of the two entries minus the dwell at the previous station is a running time for `prev>next`.
/// Entry-to-entry cancels the circle's radius, because the train crosses both circles the same way.
///
/// One value per trip: the route is given with every fix and must stay the same for the life of the value.
public struct PassiveCalibration: Sendable, Equatable, Codable {
    /// What the measurement needs to know about one route event, as plain values.
    public struct Stop: Sendable, Equatable, Codable {
        /// The event's station.
        public var station: StationID
        /// Whether it is the transfer event of a change (its "entry" is the walk, not a train).
        public var isTransfer: Bool
        /// The dwell the schedule uses at this event, seconds (0 where the train does not stop).
        public var dwellSeconds: Int

        /// A route event.
        public init(station: StationID, isTransfer: Bool, dwellSeconds: Int) {
            self.station = station
            self.isTransfer = isTransfer
            self.dwellSeconds = dwellSeconds
        }
    }

    /// The first instant a fix snapped to each event, by event index.
    public private(set) var entries: [Int: Instant] = [:]
    /// The event the most recent accepted fix snapped to.
    public private(set) var lastSnappedIndex: Int?

    /// Nothing seen yet.
    public init() {}

    /// Notes that a fix taken at `at` snapped to route event `eventIndex`; returns the running sample this
    /// completes, if any (at most one). Indices outside the route are ignored. The samples still have to pass
    /// the store's plausibility when added.
    public mutating func noteSnap(eventIndex: Int, at: Instant, route: [Stop]) -> [CalibrationSample] {
        guard route.indices.contains(eventIndex) else { return [] }
        let previous = lastSnappedIndex
        lastSnappedIndex = eventIndex
        // Only the first entry into a circle measures anything; later fixes inside it are the train standing.
        guard entries[eventIndex] == nil else { return [] }
        entries[eventIndex] = at
        guard let prev = previous, eventIndex == prev + 1, prev >= 1,
            !route[prev].isTransfer, !route[eventIndex].isTransfer,
            let entryPrev = entries[prev]
        else { return [] }
        let seconds = Double(at - entryPrev) / 1_000_000_000 - Double(route[prev].dwellSeconds)
        return [CalibrationSample(key: SegmentKey(from: route[prev].station, to: route[eventIndex].station),
                                  field: .running, seconds: seconds)]
    }
}
