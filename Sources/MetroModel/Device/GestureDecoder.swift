/// Decodes button edges into gestures (model §12.1): a pure state machine over kernel timestamps.
///
/// The daemon feeds every edge (`feed`) and arms one timer for `nextDeadline`, calling `timeout` when it
/// expires. Deadlines exist because some answers depend on something *not* happening: a short press is only a
/// short once the double-press window after its release has closed, the first press of a would-be double is
/// only a short once the second press has outlasted the short limit, and the long / very long cues are due
/// while the button is still held. With no press in progress there is no deadline, so an idle daemon sleeps.
///
/// **Debounce.** The first edge of a burst is taken at its own timestamp (so t0 is the true pressing edge);
/// edges within `debounce` of the last accepted edge are ignored, as are edges repeating the current level.
/// If the contact settles at the other level inside that window (a glitch, or a release lost in bounce), the
/// settled level is accepted when the window closes, at the timestamp of its last edge. A press that lasts
/// less than `debounce` is noise and is forgotten entirely.
///
/// **Long and very long** are decided at the release, never while held: the table of §12.1 makes long
/// "I'm off" and very long "cancel", so a long gesture must not fire while the rider is still holding on
/// toward cancel. `thresholdCrossed` cues at 1.5 s and 4 s let the rider feel where they are.
///
/// A press released between 600 ms and 1.5 s is reported as `unrecognised`. When the second press of a
/// would-be double is held past the short limit, the first press is reported as a short at that moment and
/// the second is decoded on its own.
public struct GestureDecoder: Sendable, Equatable {
    /// The limits in force.
    public let timings: GestureTimings

    /// The debounced level: whether the button is considered held.
    public private(set) var isPressed = false
    private var lastAcceptedAt: Instant?
    private var rawPressed = false
    private var lastRawAt: Instant?
    private var phase = Phase.idle

    private struct FirstPress: Sendable, Equatable {
        let pressedAt: Instant
        let releasedAt: Instant
    }

    private enum Phase: Sendable, Equatable {
        case idle
        /// Held since `pressedAt`; `first` is a short press waiting to become half of a double;
        /// `cues` counts the threshold cues already given (0, 1 or 2).
        case held(pressedAt: Instant, first: FirstPress?, cues: Int)
        /// A short press was released; a second press may still make it a double.
        case awaitingSecond(FirstPress)
    }

    private enum Deadline {
        case settle, firstIsShort, cue, doubleWindow
    }

    /// A decoder with the button released.
    public init(timings: GestureTimings = .standard) {
        self.timings = timings
    }

    /// The instant at which `timeout` must be called next, or nil when nothing is pending.
    public var nextDeadline: Instant? { pendingDeadline()?.at }

    /// Takes one edge; returns what it completed (after any deadline that passed strictly before it).
    public mutating func feed(_ edge: ButtonEdgeInput) -> [GestureEvent] {
        var events = expire(upTo: edge.at, inclusive: false)
        rawPressed = edge.pressed
        lastRawAt = edge.at
        if let last = lastAcceptedAt, edge.at - last < timings.debounce { return events }
        guard edge.pressed != isPressed else { return events }
        events += accept(pressed: edge.pressed, at: edge.at)
        return events
    }

    /// The button's line was lost (its chip vanished): its edges stop here, and whatever it does meanwhile is
    /// never seen. A press in progress is dropped without a gesture and the button counts as released, so the
    /// next press after the line is back is a press of its own — not the end of a hold begun before the loss
    /// (which would read as "very long" and cancel the trip). A short already released and waiting for its double
    /// window is kept: it was complete.
    public mutating func forgetPress() {
        isPressed = false
        rawPressed = false
        if case .held(_, let first, _) = phase {
            phase = first.map { .awaitingSecond($0) } ?? .idle
        }
    }

    /// Handles every deadline up to and including `now`.
    public mutating func timeout(at now: Instant) -> [GestureEvent] {
        expire(upTo: now, inclusive: true)
    }

    // MARK: - Deadlines

    private func pendingDeadline() -> (at: Instant, kind: Deadline)? {
        var best: (at: Instant, kind: Deadline)?
        func consider(_ at: Instant, _ kind: Deadline) {
            if best == nil || at < best!.at { best = (at, kind) }
        }
        if rawPressed != isPressed, let last = lastAcceptedAt {
            consider(offset(last, timings.debounce), .settle)
        }
        switch phase {
        case .idle:
            break
        case .held(let pressedAt, let first, let cues):
            if first != nil { consider(offset(pressedAt, timings.shortBelow), .firstIsShort) }
            if cues == 0 { consider(offset(pressedAt, timings.long), .cue) }
            if cues == 1 { consider(offset(pressedAt, timings.veryLong), .cue) }
        case .awaitingSecond(let first):
            consider(offset(first.releasedAt, timings.doubleGapBelow), .doubleWindow)
        }
        return best
    }

    private mutating func expire(upTo limit: Instant, inclusive: Bool) -> [GestureEvent] {
        var events: [GestureEvent] = []
        while let (at, kind) = pendingDeadline(), inclusive ? at <= limit : at < limit {
            switch kind {
            case .settle:
                // The contact came to rest at the other level inside the bounce window.
                events += accept(pressed: rawPressed, at: lastRawAt ?? at)
            case .firstIsShort:
                guard case .held(let pressedAt, let first?, let cues) = phase else { break }
                events.append(.gesture(.short, pressedAt: first.pressedAt))
                phase = .held(pressedAt: pressedAt, first: nil, cues: cues)
            case .cue:
                guard case .held(let pressedAt, let first, let cues) = phase else { break }
                events.append(.thresholdCrossed(cues == 0 ? .long : .veryLong, pressedAt: pressedAt))
                phase = .held(pressedAt: pressedAt, first: first, cues: cues + 1)
            case .doubleWindow:
                guard case .awaitingSecond(let first) = phase else { break }
                events.append(.gesture(.short, pressedAt: first.pressedAt))
                phase = .idle
            }
        }
        return events
    }

    // MARK: - Accepted edges

    private mutating func accept(pressed: Bool, at: Instant) -> [GestureEvent] {
        isPressed = pressed
        lastAcceptedAt = at
        return pressed ? pressedEdge(at: at) : releasedEdge(at: at)
    }

    private mutating func pressedEdge(at: Instant) -> [GestureEvent] {
        switch phase {
        case .awaitingSecond(let first) where at - first.releasedAt < timings.doubleGapBelow:
            phase = .held(pressedAt: at, first: first, cues: 0)
            return []
        case .awaitingSecond(let first):
            phase = .held(pressedAt: at, first: nil, cues: 0)
            return [.gesture(.short, pressedAt: first.pressedAt)]
        case .idle, .held:
            phase = .held(pressedAt: at, first: nil, cues: 0)
            return []
        }
    }

    private mutating func releasedEdge(at: Instant) -> [GestureEvent] {
        guard case .held(let pressedAt, let first, _) = phase else { return [] }
        let held = at - pressedAt
        if held < timings.debounce {
            // Noise: as if the press never happened.
            phase = first.map { .awaitingSecond($0) } ?? .idle
            return []
        }
        var events: [GestureEvent] = []
        if held < timings.shortBelow {
            if let first {
                phase = .idle
                return [.gesture(.double, pressedAt: first.pressedAt)]
            }
            phase = .awaitingSecond(FirstPress(pressedAt: pressedAt, releasedAt: at))
            return []
        }
        if let first { events.append(.gesture(.short, pressedAt: first.pressedAt)) }
        phase = .idle
        if held < timings.long {
            events.append(.unrecognised(pressedAt: pressedAt))
        } else if held < timings.veryLong {
            events.append(.gesture(.long, pressedAt: pressedAt))
        } else {
            events.append(.gesture(.veryLong, pressedAt: pressedAt))
        }
        return events
    }

    private func offset(_ instant: Instant, _ nanoseconds: Int64) -> Instant {
        Instant(nanoseconds: instant.nanoseconds + nanoseconds)
    }
}
