/// What the stop detector saw (model §5.5): the train pulling out or coming to a stand, the rider on foot, or a
/// stretch with no samples.
public enum MotionEvent: Sendable, Equatable {
    /// The rider began to move with a train: vibration of a running train after a stand or a walk, starting at
    /// `at`. `pulledAway` says whether the along-track pull-away was felt too (a sustained horizontal
    /// acceleration in the first seconds); a start without it is not trusted as a departure.
    case departure(at: Instant, pulledAway: Bool)
    /// The train came to a stand at `at` (the end of its movement). `braked` says whether a sustained braking
    /// phase came before it. A stop between stations at a signal looks the same: the decoder tells them apart.
    case stop(at: Instant, braked: Bool)
    /// The rider walked (step impacts) from `from` to `until`.
    case walk(from: Instant, until: Instant)
    /// No samples from `from` to `until`: nothing is known about that stretch.
    case gap(from: Instant, until: Instant)
}
