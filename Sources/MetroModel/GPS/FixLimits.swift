/// Limits of placing a GPS fix (model §5.4).
public enum SnapLimits {
    /// Largest accepted horizontal error estimate, metres.
    public static let maximumErrorMeters = 100.0
    /// Oldest accepted fix, seconds.
    public static let maximumAgeSeconds: Int64 = 10
    /// How far in the future a fix's time may be: the receiver's and the board's clocks are separately
    /// disciplined and the fix time is the start of the receiver's measurement epoch, so a second or two of skew
    /// is normal; more means one of the clocks is wrong.
    public static let futureToleranceSeconds: Int64 = 2
    /// Farthest a fix may be from the line of the segment it is placed on, metres.
    public static let snapRadiusMeters = 400.0
    /// Least time between two applied GPS corrections, seconds.
    public static let correctionIntervalSeconds = 30
    /// Below this speed over ground (m/s) near a platform the train is standing there.
    public static let standingSpeed = 1.0
    /// How far from a station's point a standing train may be: half a long platform, and a fix's error.
    public static let platformReachMeters = 150.0
    /// Segments whose lines lie this much farther from the fix than the nearest one's are not where the train is
    /// (within it, the one agreeing best with the schedule is).
    public static let ambiguityMeters = 50.0
    /// Below this speed over ground (m/s) at a change's platforms the fix is the rider on foot: a brisk walk, and far
    /// below a train's speed anywhere but its last metres into a platform.
    public static let walkingSpeed = 3.0
    /// A placement that moves the model's next arrival (or departure) by less than this agrees with the model.
    public static let agreementSeconds = 5
}
