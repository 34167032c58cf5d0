/// A button gesture of model §12.1.
public enum Gesture: String, Sendable, Codable, CaseIterable {
    /// Released before 600 ms, with no second press within 400 ms of the release.
    case short
    /// Two short presses, the second pressed less than 400 ms after the first was released.
    case double
    /// Held at least 1.5 s (and less than 4 s).
    case long
    /// Held at least 4 s.
    case veryLong
}

/// One debounced-or-not edge of a button, with the kernel's timestamp on the trip timeline.
public struct ButtonEdgeInput: Sendable, Equatable {
    /// True for the pressing edge, false for the releasing one.
    public var pressed: Bool
    /// The kernel's timestamp of the edge.
    public var at: Instant

    /// An edge.
    public init(pressed: Bool, at: Instant) {
        self.pressed = pressed
        self.at = at
    }
}

/// What the gesture decoder reports.
public enum GestureEvent: Sendable, Equatable {
    /// A gesture was completed. `pressedAt` is the pressing edge of its (first) press — the instant that
    /// becomes t0 when the gesture starts a trip.
    case gesture(Gesture, pressedAt: Instant)
    /// The button is still held and has just been held for the `.long` (1.5 s) or `.veryLong` (4 s)
    /// threshold: a cue so the rider can feel that letting go now means that gesture. It is not the gesture:
    /// "I'm off" must not fire while the rider keeps holding on toward cancel, so long and very long are
    /// decided at the release.
    case thresholdCrossed(Gesture, pressedAt: Instant)
    /// A press released after the short limit (600 ms) but before the long threshold (1.5 s): it means
    /// nothing, and saying so lets the daemon answer with the "cannot" buzz instead of silence.
    case unrecognised(pressedAt: Instant)

    /// The completed gesture, if this is one.
    public var gesture: Gesture? {
        if case .gesture(let g, _) = self { return g }
        return nil
    }

    /// The pressing edge of the (first) press.
    public var pressedAt: Instant {
        switch self {
        case .gesture(_, let at), .thresholdCrossed(_, let at), .unrecognised(let at): return at
        }
    }
}

/// The time limits of gesture decoding, in nanoseconds (model §12.1).
public struct GestureTimings: Sendable, Equatable {
    /// Edges closer than this to the previous accepted edge are contact bounce.
    public var debounce: Int64
    /// A press shorter than this is short.
    public var shortBelow: Int64
    /// A second short press pressed sooner than this after the first one's release makes a double.
    public var doubleGapBelow: Int64
    /// Held at least this long: long.
    public var long: Int64
    /// Held at least this long: very long.
    public var veryLong: Int64

    /// Timings; the defaults are those of model §12.1 with a 30 ms debounce.
    public init(debounce: Int64 = 30_000_000, shortBelow: Int64 = 600_000_000, doubleGapBelow: Int64 = 400_000_000,
                long: Int64 = 1_500_000_000, veryLong: Int64 = 4_000_000_000) {
        self.debounce = debounce
        self.shortBelow = shortBelow
        self.doubleGapBelow = doubleGapBelow
        self.long = long
        self.veryLong = veryLong
    }

    /// The model's timings.
    public static let standard = GestureTimings()
}
