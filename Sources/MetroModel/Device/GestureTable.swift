/// Where the trip is, as far as the button cares (the rows of model §12.1).
public enum DeviceState: String, Sendable, Codable, CaseIterable {
    /// No trip; a route is chosen.
    case idleWithRoute
    /// No trip and no route chosen.
    case idleNoRoute
    /// A trip, and an alert is buzzing (or the arrival alarm is waiting to repeat).
    case alertBuzzing
    /// A trip, between the model's arrival at the exit station and its arrival after the node.
    case changingLines
    /// A trip, otherwise.
    case riding
    /// No trip, and a schedule reminder's "time to go" is buzzing.
    case reminderBuzzing
    /// No trip, and a motion recording is open (`metrotimer record-motion`): a short press labels a stop.
    case recordingMotion
}

/// What a gesture asks the engine to do.
public enum DeviceAction: String, Sendable, Codable, CaseIterable {
    /// Start the trip; t0 = the press edge.
    case start
    /// Choose the next route of the double-press cycle (pinned, then recent) and buzz its number.
    case nextPinnedRoute
    /// Buzz the chosen route's stop count.
    case buzzRouteStopCount
    /// Acknowledge the buzzing alert (stops its repeats).
    case acknowledge
    /// "Train departed" after a change (model §5.3).
    case trainDeparted
    /// +1: the train is behind the model.
    case plusOne
    /// −1: the train is ahead of the model.
    case minusOne
    /// I'm off: end the trip as `arrived`.
    case arrived
    /// Cancel: end the trip as `stopped`.
    case cancel
    /// Buzz the number of stops remaining.
    case buzzStopsRemaining
    /// A motion recording's label: the train stopped at a station at the press (model §5.5).
    case recordingStop
    /// Nothing: answer with the "cannot" buzz.
    case cannot
}

/// The action table of model §12.1.
public enum GestureTable {
    /// The action for a gesture in a state on button 1 (the main button) or 2 (the optional second one).
    ///
    /// Cells the model leaves empty ("—") and any unknown button give `.cannot`. Decisions where the model is
    /// silent:
    /// - **idle, no route:** only the double press means something — it chooses the first route of the cycle,
    ///   pinned then recent (the engine answers `.cannot` itself when there is none); a start without a route is
    ///   the model's own "cannot" case.
    /// - **a reminder buzzing** (no trip): a short press acknowledges it, a double press steps on to another
    ///   route; the start is the next short press, once the buzz has stopped.
    /// - **a motion recording open** (no trip): a short press labels "stopped at a station"; a double and a long
    ///   press mean what they mean in idle (choose a route, buzz its stop count), so a recording rider can still
    ///   choose the route they will ride.
    /// - **second button:** short = +1, long = −1 whenever a trip is active (also while an alert buzzes: a
    ///   rider told "yours is next" too early must be able to say so); in idle states it has no meaning.
    public static func action(for gesture: Gesture, state: DeviceState, button: Int = 1) -> DeviceAction {
        switch button {
        case 1: return primary(gesture, state)
        case 2: return secondary(gesture, state)
        default: return .cannot
        }
    }

    private static func primary(_ gesture: Gesture, _ state: DeviceState) -> DeviceAction {
        switch (state, gesture) {
        case (.idleWithRoute, .short): return .start
        case (.idleWithRoute, .double): return .nextPinnedRoute
        case (.idleWithRoute, .long): return .buzzRouteStopCount
        case (.idleWithRoute, .veryLong): return .cannot
        case (.idleNoRoute, .double): return .nextPinnedRoute
        case (.idleNoRoute, _): return .cannot
        case (.alertBuzzing, .short): return .acknowledge
        case (.alertBuzzing, _): return .cannot
        // A short press answers the buzz it interrupts; starting the ride is the next short press, on the
        // platform as the train pulls out. A double press still steps through the routes.
        case (.reminderBuzzing, .short): return .acknowledge
        case (.reminderBuzzing, .double): return .nextPinnedRoute
        case (.reminderBuzzing, _): return .cannot
        case (.recordingMotion, .short): return .recordingStop
        case (.recordingMotion, .double): return .nextPinnedRoute
        case (.recordingMotion, .long): return .buzzRouteStopCount
        case (.recordingMotion, .veryLong): return .cannot
        case (.changingLines, .short): return .trainDeparted
        case (.riding, .short): return .buzzStopsRemaining
        case (.changingLines, .double), (.riding, .double): return .plusOne
        case (.changingLines, .long), (.riding, .long): return .arrived
        case (.changingLines, .veryLong), (.riding, .veryLong): return .cancel
        }
    }

    private static func secondary(_ gesture: Gesture, _ state: DeviceState) -> DeviceAction {
        switch (state, gesture) {
        case (.idleWithRoute, _), (.idleNoRoute, _), (.reminderBuzzing, _), (.recordingMotion, _): return .cannot
        case (_, .short): return .plusOne
        case (_, .long): return .minusOne
        case (_, .double), (_, .veryLong): return .cannot
        }
    }
}
