import MetroModel

/// What one batch of accelerometer samples concluded (model §5.5), for logs and tests.
public struct MotionDecision: Sendable, Equatable {
    /// What the stop detector found in the batch.
    public var events: [MotionEvent]
    /// A departure after a change taken as "train departed": the change's transfer event and the felt instant.
    public var departureTaken: (change: Int, at: Instant)?
    /// Departures after a walk that were not taken, and why.
    public var setAside: [(at: Instant, reason: MotionSetAside)]
    /// What the batch's last stop said about "yours is next" (model §5.5 item 5): confirmed there (it sounded
    /// again), or why not; nil when the batch reported no new stop last, or the trip confirmed already.
    public var confirmation: NextStopConfirmation?

    public init(events: [MotionEvent], departureTaken: (change: Int, at: Instant)? = nil,
                setAside: [(at: Instant, reason: MotionSetAside)] = [], confirmation: NextStopConfirmation? = nil)
    {
        self.events = events
        self.departureTaken = departureTaken
        self.setAside = setAside
        self.confirmation = confirmation
    }

    public static func == (lhs: MotionDecision, rhs: MotionDecision) -> Bool {
        lhs.events == rhs.events && lhs.departureTaken?.change == rhs.departureTaken?.change
            && lhs.departureTaken?.at == rhs.departureTaken?.at
            && lhs.setAside.map(\.at) == rhs.setAside.map(\.at) && lhs.setAside.map(\.reason) == rhs.setAside.map(\.reason)
            && lhs.confirmation == rhs.confirmation
    }
}

/// Why a departure felt after a walk was not taken as the train after a change.
public enum MotionSetAside: String, Sendable, Equatable {
    /// No change of the trip could have its train leave then (none left unconfirmed, or the instant lies outside
    /// the earliest and latest plausible departure).
    case noChangeThen = "no_change_then"
    /// The correction could not be stored.
    case notStored = "not_stored"
}
