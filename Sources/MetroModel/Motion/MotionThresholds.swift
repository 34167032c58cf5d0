/// The stop detector's thresholds (model §5.5), in m/s² and one-second windows.
///
/// They are set on the lab's synthetic traces (docs/accuracy.md, "Motion"), from published magnitudes: a metro
/// train pulls away and brakes at about 0.7–1.3 m/s²; its running vibration is a few tenths of a m/s² in the
/// 1–20 Hz band, against a few hundredths standing at a platform; a walk's step impacts are metres per second
/// squared at about 2 Hz. Real recordings may move them.
public enum MotionThresholds {
    /// Vibration (RMS within a window, the window's mean removed: what lies above about 1 Hz) above which the
    /// rider is moving with a train.
    public static let runningVibration = 0.1
    /// Vibration above which the rider is walking: step impacts dwarf any train's vibration.
    public static let walkingVibration = 1.0
    /// Horizontal acceleration (the window's mean less gravity, across gravity) of a train pulling away or braking.
    public static let alongTrack = 0.3
    /// Horizontal acceleration below which a train runs at a steady speed (gravity may be learnt from the window),
    /// and above which a pull-away has begun (its onset is searched back to the first such window).
    public static let standingHorizontal = 0.15
    /// Windows of a new kind of motion needed before it counts (a jolt or a single step is not a change).
    public static let confirmWindows = 3
    /// Windows after a start, or before a stand, searched for the pull-away or the braking phase.
    public static let phaseWindows = 12
    /// Consecutive windows of strong horizontal acceleration, all one way, that make a pull-away or a braking
    /// phase (a train's lasts ten seconds and more; a jolt of the rider's hand at most two windows).
    public static let phaseMinimumWindows = 3
    /// Seconds of walking that make a walk (between platforms, not a step aside).
    public static let walkSeconds = 15
    /// A silence longer than this between samples is a gap.
    public static let gapSeconds = 3
}
