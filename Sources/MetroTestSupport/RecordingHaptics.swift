import MetroEngine
import MetroModel

/// What the rider would have felt: every cue in order, stamped with the model time it was played at.
public final class RecordingHaptics: HapticSink {
    public init() {}

    /// One cue played.
    public struct Played: Equatable {
        public var cue: HapticCue
        public var at: Instant
        public init(cue: HapticCue, at: Instant) {
            self.cue = cue
            self.at = at
        }
    }

    public private(set) var played: [Played] = []
    /// Where the model time comes from (the virtual clock sets it).
    public var now: () -> Instant = { Instant(nanoseconds: 0) }

    public func play(_ cue: HapticCue) { played.append(Played(cue: cue, at: now())) }

    /// The alerts played, in order; each one's cue is in `played` too.
    public private(set) var alertsPlayed: [AlertID] = []

    public func play(alert id: AlertID) {
        alertsPlayed.append(id)
        play(HapticCue(alert: id.kind))
    }

    /// One alert withdrawn.
    public struct Withdrawn: Equatable {
        public var id: AlertID
        public var at: Instant
        /// The alert's kind.
        public var kind: AlertKind { id.kind }
        public init(id: AlertID, at: Instant) {
            self.id = id
            self.at = at
        }
        /// The first change's alert (or one that belongs to no change) of `kind`.
        public init(kind: AlertKind, at: Instant) { self.init(id: AlertID(kind: kind), at: at) }
    }

    public private(set) var withdrawn: [Withdrawn] = []

    public func withdraw(_ id: AlertID) { withdrawn.append(Withdrawn(id: id, at: now())) }

    /// One alert played again after a restart (fired before it, never confirmed delivered).
    public struct Replayed: Equatable {
        public var id: AlertID
        public var firedAt: Instant
        public var at: Instant
        /// The alert's kind.
        public var kind: AlertKind { id.kind }
        public init(id: AlertID, firedAt: Instant, at: Instant) {
            self.id = id
            self.firedAt = firedAt
            self.at = at
        }
        /// The first change's alert (or one that belongs to no change) of `kind`.
        public init(kind: AlertKind, firedAt: Instant, at: Instant) { self.init(id: AlertID(kind: kind), firedAt: firedAt, at: at) }
    }

    public private(set) var replayed: [Replayed] = []

    public func replay(_ id: AlertID, firedAt: Instant) { replayed.append(Replayed(id: id, firedAt: firedAt, at: now())) }

    /// The cues alone, in order.
    public var cues: [HapticCue] { played.map(\.cue) }

    /// Only the alert cues (change here, the "train departed" reminder, yours is next, get off now), in order.
    public var alertCues: [Played] { played.filter { $0.cue.isAlert } }
}

extension HapticCue {
    /// Whether the cue is one of the trip alerts.
    public var isAlert: Bool {
        self == .changeHere || self == .trainDepartedReminder || self == .yoursIsNext || self == .getOffNow
    }
}
