/// What the button's state column is read from at a press (model §12.1): the trip, the alert felt at the press,
/// the route chosen and an open motion recording.
public struct DeviceSituation: Sendable, Equatable {
    /// A trip is active.
    public var tripActive: Bool
    /// The trip is between the model's arrival at an exit station and its arrival after the node.
    public var changingLines: Bool
    /// An alert was buzzing at the press (with no trip, only a reminder's "time to go" is an alert).
    public var alertBuzzing: Bool
    /// A motion recording is open.
    public var recording: Bool
    /// A route is chosen.
    public var routeChosen: Bool

    public init(tripActive: Bool, changingLines: Bool, alertBuzzing: Bool, recording: Bool, routeChosen: Bool) {
        self.tripActive = tripActive
        self.changingLines = changingLines
        self.alertBuzzing = alertBuzzing
        self.recording = recording
        self.routeChosen = routeChosen
    }

    /// The row of the gesture table. A trip's rows come first (with a trip, presses are the trip's, recording or
    /// not); then a buzzing alert, which a press answers before anything else; then an open recording, whose
    /// short press labels a stop; then idle.
    public var state: DeviceState {
        if tripActive {
            if alertBuzzing { return .alertBuzzing }
            return changingLines ? .changingLines : .riding
        }
        if alertBuzzing { return .reminderBuzzing }
        if recording { return .recordingMotion }
        return routeChosen ? .idleWithRoute : .idleNoRoute
    }
}
