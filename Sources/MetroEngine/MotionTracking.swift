import MetroModel

/// The engine's memory of the accelerometer for one trip (model §5.5): the detector's state, the watch for a
/// departure after a change and the events since the anchor (to confirm "yours is next"), tied to the trip by its
/// `t0` so a new trip starts afresh.
struct MotionTracking: Sendable, Equatable {
    let t0: Instant
    var detector = StopDetector()
    var watch = ChangeDepartureWatch()
    /// The first sample read: a confirmation needs the detector to have watched from the trip's anchor on.
    var since: Instant?
    /// The detector's events since the anchor, oldest first (older ones are dropped: a handful per station).
    var events: [MotionEvent] = []

    init(t0: Instant) { self.t0 = t0 }
}
