/// The "get off now" alarm as a schedule of plays (model §12.2): which pattern plays when, counted in real
/// (never scaled) time from the alarm's first play. A pure value: the player arms one absolute instant per play,
/// so nothing ticks between two plays.
///
/// Two styles, chosen by the daemon's `arrival_alarm` key:
/// - `untilAcknowledged` (the default) wakes a dozing rider: it repeats until acknowledged and grows stronger —
///   the plain pattern every 20 s for the first minute, a longer one every 15 s until minute 3, the longest every
///   10 s until minute 8 (`capMilliseconds`) — and then plays one final pattern and falls silent.
/// - `short`: four plain plays, 20 s apart (a rider who is sure to be awake and does not want a long buzz).
public struct ArrivalAlarm: Sendable, Equatable {
    /// How the alarm repeats.
    public enum Style: String, Sendable, CaseIterable {
        /// Repeats, rising, until acknowledged, up to the cap; then one final pattern.
        case untilAcknowledged = "until_ack"
        /// Four plays 20 s apart.
        case short
    }

    /// One play: when it starts (milliseconds after the first play) and what it plays.
    public struct Play: Sendable, Equatable {
        public var offsetMilliseconds: Int64
        public var pattern: HapticPattern
    }

    /// When an unacknowledged `untilAcknowledged` alarm gives up: 8 minutes after its first play, with the final
    /// pattern. Long enough to wake a rider who dozed off (several stations' worth), short enough not to drain a
    /// battery in a forgotten pocket, and over before the trip itself expires (10 minutes after the arrival), so
    /// the final pattern is always played.
    public static let capMilliseconds: Int64 = 480_000

    /// The style.
    public let style: Style
    /// Every play in order; the first starts at 0.
    public let plays: [Play]

    /// The schedule of `style`.
    public init(_ style: Style) {
        self.style = style
        var plays: [Play] = []
        func every(_ seconds: Int64, from start: Int64, until end: Int64, _ pattern: HapticPattern) {
            var at = start
            while at < end {
                plays.append(Play(offsetMilliseconds: at * 1000, pattern: pattern))
                at += seconds
            }
        }
        switch style {
        case .untilAcknowledged:
            every(20, from: 0, until: 60, .getOffNow)
            every(15, from: 60, until: 180, .getOffNowLonger)
            every(10, from: 180, until: ArrivalAlarm.capMilliseconds / 1000, .getOffNowLongest)
            plays.append(Play(offsetMilliseconds: ArrivalAlarm.capMilliseconds, pattern: .getOffNowFinal))
        case .short:
            every(20, from: 0, until: 80, .getOffNow)
        }
        self.plays = plays
    }

    /// The play due at `elapsed` milliseconds after the first: the last one whose start has come (the first one
    /// before it starts).
    public func playIndex(atElapsedMilliseconds elapsed: Int64) -> Int {
        plays.lastIndex { $0.offsetMilliseconds <= elapsed } ?? 0
    }
}

extension HapticPattern {
    /// "Get off now", second stage of the wake-up alarm (after a minute): 1500 on / 400 off, three times.
    public static let getOffNowLonger = HapticPattern(
        kind: .getOffNow, steps: Array(repeating: [.on(1500), .off(400)], count: 3).flatMap { $0 })

    /// "Get off now", third stage (after three minutes): 1800 on / 300 off, three times — the longest pulses, kept
    /// under the motor's 2 s cap with a margin, so the cap stays a safety net that never cuts a pattern.
    public static let getOffNowLongest = HapticPattern(
        kind: .getOffNow, steps: Array(repeating: [.on(1800), .off(300)], count: 3).flatMap { $0 })

    /// The wake-up alarm's last play, at its cap: five 1800 ms pulses 500 ms apart, then silence.
    public static let getOffNowFinal = HapticPattern(
        kind: .getOffNow, steps: Array(repeating: [.on(1800), .off(500)], count: 5).flatMap { $0 })
}
