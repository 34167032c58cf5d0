/// Where a fix puts the train (model §5.4).
public enum TrainPlacement: Equatable, Sendable {
    /// Running on the segment to route event `toward` (from `toward − 1`), `alongMeters` of `lengthMeters` along;
    /// by the model's running time and speed profile it reaches `toward` at `arrival`.
    case running(toward: Int, alongMeters: Double, lengthMeters: Double, modelRunningSeconds: Double, arrival: Instant)
    /// Standing at route event `at`: it reached it at `arrival` (the first fix that saw it there, or the estimate
    /// from the way in), and leaves at `departure` by the model's dwell, or at once if it has stood longer.
    case standing(at: Int, arrival: Instant, departure: Instant)

    /// The route event the placement is about: the one the train runs to, or stands at.
    public var eventIndex: Int {
        switch self {
        case .running(let toward, _, _, _, _): return toward
        case .standing(let at, _, _): return at
        }
    }
}

/// What a fix means for the trip.
public enum FixDecision: Equatable, Sendable {
    /// Dropped, with the reason.
    case rejected(FixRejection)
    /// Placed on the route. `seenAt` is the fix's own time on the trip timeline; `correct` says whether to re-anchor
    /// the schedule there now (it disagrees with the model by `SnapLimits.agreementSeconds` or more and no GPS
    /// correction was applied in the last 30 s). Accepted fixes feed passive calibration either way.
    case accepted(TrainPlacement, offTrackMeters: Double, seenAt: Instant, correct: Bool)
}
