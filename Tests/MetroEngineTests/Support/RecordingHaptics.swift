import MetroEngine
import MetroModel

/// What the rider would have felt: every cue in order, stamped with the model time it was played at.
final class RecordingHaptics: HapticSink {
    /// One cue played.
    struct Played: Equatable {
        var cue: HapticCue
        var at: Instant
    }

    private(set) var played: [Played] = []
    /// Where the model time comes from (the virtual clock sets it).
    var now: () -> Instant = { Instant(nanoseconds: 0) }

    func play(_ cue: HapticCue) { played.append(Played(cue: cue, at: now())) }

    /// One alert withdrawn.
    struct Withdrawn: Equatable {
        var kind: AlertKind
        var at: Instant
    }

    private(set) var withdrawn: [Withdrawn] = []

    func withdraw(_ kind: AlertKind) { withdrawn.append(Withdrawn(kind: kind, at: now())) }

    /// One alert played again after a restart (fired before it, never confirmed delivered).
    struct Replayed: Equatable {
        var kind: AlertKind
        var firedAt: Instant
        var at: Instant
    }

    private(set) var replayed: [Replayed] = []

    func replay(_ kind: AlertKind, firedAt: Instant) { replayed.append(Replayed(kind: kind, firedAt: firedAt, at: now())) }

    /// The cues alone, in order.
    var cues: [HapticCue] { played.map(\.cue) }

    /// Only the alert cues (change here, yours is next, get off now), in order.
    var alertCues: [Played] { played.filter { $0.cue.isAlert } }
}

extension HapticCue {
    /// Whether the cue is one of the three trip alerts.
    var isAlert: Bool { self == .changeHere || self == .yoursIsNext || self == .getOffNow }

    /// The cue an alert kind plays.
    init(alert kind: AlertKind) {
        switch kind {
        case .transfer: self = .changeHere
        case .nextStop: self = .yoursIsNext
        case .arrival: self = .getOffNow
        }
    }
}
