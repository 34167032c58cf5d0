/// Why a fix was dropped (model §5.4).
public enum FixRejection: String, Hashable, Sendable, CaseIterable, Codable {
    /// Mode is neither 2D nor 3D.
    case noFix = "no_fix"
    /// No horizontal error estimate (or a meaningless one, ≤ 0).
    case accuracyUnknown = "accuracy_unknown"
    /// Horizontal error above 100 m.
    case inaccurate
    /// Older than 10 s.
    case stale
    /// Time stamped in the future beyond the tolerance.
    case future
    /// Time stamped before the trip started.
    case beforeStart = "before_start"
    /// No receiver time.
    case noTime = "no_time"
    /// Not within 400 m of the route's line where it runs under open sky.
    case offRoute = "off_route"
    /// Slower than a train at the platforms of a change: the rider on foot, waiting or walking, not a train.
    case onFoot = "on_foot"
}

