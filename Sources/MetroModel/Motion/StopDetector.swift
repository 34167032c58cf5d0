/// Finds departures, stops and walks in a stream of accelerometer samples (model §5.5).
///
/// Samples are gathered in one-second windows. Each window gives two orientation-free features: its
/// **vibration** (the RMS of the samples about the window's mean: what lies above about 1 Hz, so gravity and the
/// slow along-track acceleration are gone) and its **horizontal acceleration** (the window's mean less the gravity
/// estimate, across gravity: a train pulling away or braking). The gravity estimate follows the window means
/// quickly while the rider stands still (the mean then *is* gravity) and slowly otherwise, so a phone in any
/// orientation, in a pocket, works. A window is *still*, *running* (a train's vibration) or *walking* (step
/// impacts); a kind of motion counts after `confirmWindows` windows of it.
///
/// Streaming and bounded: it keeps the window being filled, the gravity estimate and the features of the last
/// few windows, whatever the length of the ride. A value: copying it copies the detector.
public struct StopDetector: Sendable, Equatable {
    /// What a window's motion is.
    public enum Kind: Sendable, Equatable {
        case still, running, walking
    }

    /// The motion the detector has confirmed, and since when (nil before the first confirmed kind).
    public private(set) var phase: Kind?
    public private(set) var phaseSince: Instant?

    private var gravity: (x: Double, y: Double, z: Double)?
    private var window = WindowSums()
    /// The last closed windows not yet judged (a window is judged once the one after it is closed).
    private var unjudged: [RawWindow] = []
    private var windowStart: Instant?
    private var lastSample: Instant?
    /// The last windows' start instants, kinds and horizontal accelerations, oldest first (at most `historyLimit`).
    private var recent: [WindowFeature] = []
    /// A kind seen in the last windows but not yet confirmed: its kind, its first window's start, and its count.
    private var candidate: (kind: Kind, since: Instant, count: Int)?
    /// A confirmed start of running whose pull-away is still being looked for: its onset.
    private var pendingDeparture: Instant?

    private static let historyLimit = MotionThresholds.phaseWindows + MotionThresholds.confirmWindows + 2
    private static let windowNanoseconds: Int64 = 1_000_000_000

    public init() {}

    public static func == (lhs: StopDetector, rhs: StopDetector) -> Bool {
        lhs.phase == rhs.phase && lhs.phaseSince == rhs.phaseSince && lhs.window == rhs.window
            && lhs.windowStart == rhs.windowStart && lhs.lastSample == rhs.lastSample && lhs.recent == rhs.recent
            && lhs.gravity?.x == rhs.gravity?.x && lhs.gravity?.y == rhs.gravity?.y && lhs.gravity?.z == rhs.gravity?.z
            && lhs.candidate?.kind == rhs.candidate?.kind && lhs.candidate?.since == rhs.candidate?.since
            && lhs.candidate?.count == rhs.candidate?.count && lhs.pendingDeparture == rhs.pendingDeparture
            && lhs.unjudged == rhs.unjudged
    }

    /// How many windows the detector holds (its memory does not grow with the ride).
    public var footprint: Int { recent.count + unjudged.count }

    /// Takes a batch of samples, oldest first, and returns what they completed. A sample not after the last one
    /// (a repeat, or the clock going back) is ignored; a silence longer than `gapSeconds` is reported as a gap
    /// and starts afresh, since nothing is known of what happened in it.
    public mutating func take(_ samples: [AccelerationSample]) -> [MotionEvent] {
        var events: [MotionEvent] = []
        for sample in samples {
            if let last = lastSample {
                guard sample.at > last else { continue }
                let silence = sample.at - last
                if silence > Int64(MotionThresholds.gapSeconds) * StopDetector.windowNanoseconds {
                    events.append(.gap(from: last, until: sample.at))
                    self = StopDetector()
                }
            }
            lastSample = sample.at
            guard let start = windowStart else {
                windowStart = sample.at
                window.add(sample)
                continue
            }
            if sample.at - start >= StopDetector.windowNanoseconds {
                closeWindow(startingAt: start, into: &events)
                // The next window starts on the one-second grid of the first, or at this sample after a pause.
                let elapsed = sample.at - start
                let whole = elapsed / StopDetector.windowNanoseconds
                windowStart = whole <= 2 ? Instant(nanoseconds: start.nanoseconds &+ whole &* StopDetector.windowNanoseconds) : sample.at
                window = WindowSums()
            }
            window.add(sample)
        }
        return events
    }

    private mutating func closeWindow(startingAt start: Instant, into events: inout [MotionEvent]) {
        guard window.count >= 2 else { return }
        // Each window is judged with its neighbours: the median of three windows' vibration, so one jolt (the
        // rider's hand, a bag) neither breaks a train's running nor makes a walk, at the price of a second's delay.
        unjudged.append(RawWindow(start: start, mean: window.mean, vibration: window.vibration))
        guard unjudged.count >= 3 else { return }
        if unjudged.count > 3 { unjudged.removeFirst(unjudged.count - 3) }
        let vibrations = unjudged.map(\.vibration).sorted()
        judge(unjudged[1], vibration: vibrations[1], into: &events)
    }

    private mutating func judge(_ raw: RawWindow, vibration: Double, into events: inout [MotionEvent]) {
        let mean = raw.mean
        var g = gravity ?? mean
        let d = (x: mean.x - g.x, y: mean.y - g.y, z: mean.z - g.z)
        let gNorm = (g.x * g.x + g.y * g.y + g.z * g.z).squareRoot()
        var across = (x: 0.0, y: 0.0, z: 0.0)
        if gNorm > 1 {
            let along = (d.x * g.x + d.y * g.y + d.z * g.z) / (gNorm * gNorm)
            across = (d.x - along * g.x, d.y - along * g.y, d.z - along * g.z)
        }
        let horizontal = (across.x * across.x + across.y * across.y + across.z * across.z).squareRoot()
        // The kind of motion is read from the vibration alone: a train vibrates while it moves at all, and a
        // wrong gravity estimate (learnt while the train was pulling away) must not hold a standing train "moving".
        let kind: Kind
        if vibration >= MotionThresholds.walkingVibration {
            kind = .walking
        } else if vibration >= MotionThresholds.runningVibration {
            kind = .running
        } else {
            kind = .still
        }
        // Standing still the mean is gravity: follow it quickly (a phone put away in a new pocket is learnt in
        // seconds). Moving, only slowly, and hardly at all during a strong acceleration, which is not gravity.
        let rate: Double
        switch kind {
        case .still: rate = 1.0 / 3
        case .running: rate = horizontal < MotionThresholds.standingHorizontal ? 1.0 / 60 : 1.0 / 600
        case .walking: rate = 1.0 / 60
        }
        g = (g.x + (mean.x - g.x) * rate, g.y + (mean.y - g.y) * rate, g.z + (mean.z - g.z) * rate)
        gravity = g
        let start = raw.start
        recent.append(WindowFeature(start: start, kind: kind, horizontal: horizontal, direction: across))
        if recent.count > StopDetector.historyLimit { recent.removeFirst(recent.count - StopDetector.historyLimit) }
        advancePhase(with: kind, at: start, into: &events)
        checkPendingDeparture(into: &events)
    }

    private mutating func advancePhase(with kind: Kind, at start: Instant, into events: inout [MotionEvent]) {
        if kind == phase {
            candidate = nil
            return
        }
        if let c = candidate, c.kind == kind {
            candidate = (kind, c.since, c.count + 1)
        } else {
            candidate = (kind, start, 1)
        }
        guard let c = candidate, c.count >= MotionThresholds.confirmWindows else { return }
        let previous = phase, previousSince = phaseSince
        phase = c.kind
        phaseSince = c.since
        candidate = nil
        switch (previous, c.kind) {
        case (.running?, .still), (.running?, .walking):
            events.append(.stop(at: c.since, braked: braked(before: c.since)))
        case (.walking?, _):
            if let from = previousSince, c.since.seconds(since: from) >= MotionThresholds.walkSeconds {
                events.append(.walk(from: from, until: c.since))
            }
        default: break
        }
        if c.kind == .running, previous != nil { pendingDeparture = c.since }
    }

    /// A start of running becomes a departure once its first `phaseWindows` are seen (or the pull-away already
    /// was): the pull-away is a few windows of strong horizontal acceleration among them, all one way.
    private mutating func checkPendingDeparture(into events: inout [MotionEvent]) {
        guard let onset = pendingDeparture else { return }
        let after = Array(recent.filter { $0.start >= onset }.prefix(MotionThresholds.phaseWindows))
        if StopDetector.isSustainedAcceleration(after) {
            events.append(.departure(at: pullAwayOnset(confirmedAt: onset), pulledAway: true))
            pendingDeparture = nil
        } else if after.count >= MotionThresholds.phaseWindows || phase != .running {
            events.append(.departure(at: onset, pulledAway: false))
            pendingDeparture = nil
        }
    }

    /// Whether some windows hold a train's pull-away or braking: `phaseMinimumWindows` consecutive windows of
    /// strong horizontal acceleration pointing the same way (within about 35° of their mean). A jolt of the rider's
    /// hand is as strong but lasts a fraction of a second (two windows at most) and points anywhere; a train's
    /// acceleration holds its direction for ten seconds and more.
    static func isSustainedAcceleration(_ windows: [WindowFeature]) -> Bool {
        var streak: [WindowFeature] = []
        for w in windows {
            guard w.horizontal >= MotionThresholds.alongTrack else {
                streak = []
                continue
            }
            streak.append(w)
            if streak.count > MotionThresholds.phaseMinimumWindows { streak.removeFirst() }
            if streak.count == MotionThresholds.phaseMinimumWindows && isOneWay(streak) { return true }
        }
        return false
    }

    /// Whether strong windows all point within about 35° of their mean direction.
    static func isOneWay(_ windows: [WindowFeature]) -> Bool {
        var sum = (x: 0.0, y: 0.0, z: 0.0)
        for w in windows { sum = (sum.x + w.direction.x, sum.y + w.direction.y, sum.z + w.direction.z) }
        let sumNorm = (sum.x * sum.x + sum.y * sum.y + sum.z * sum.z).squareRoot()
        guard sumNorm > 0 else { return false }
        return windows.allSatisfy { w in
            (w.direction.x * sum.x + w.direction.y * sum.y + w.direction.z * sum.z) / (w.horizontal * sumNorm) >= 0.8
        }
    }

    /// Where a pull-away truly began: a train barely moving vibrates little, so running is confirmed a second or
    /// two after it starts; the horizontal acceleration rises at once. The onset is moved back over the windows
    /// just before it whose horizontal acceleration was already up (a departure reported late would put the
    /// countdown behind the train).
    private func pullAwayOnset(confirmedAt onset: Instant) -> Instant {
        var earliest = onset
        var walking = 0
        for feature in recent.reversed() where feature.start < onset {
            // A rider who boards at the last moment is still walking as the train starts: step back over a
            // window or two of the walk too (an early departure is the safe side).
            if feature.kind == .walking { walking += 1 }
            guard walking <= 2, feature.horizontal >= MotionThresholds.standingHorizontal || feature.kind == .walking else { break }
            earliest = feature.start
        }
        return earliest
    }

    /// Whether a braking phase came in the `phaseWindows` before `instant`.
    private func braked(before instant: Instant) -> Bool {
        StopDetector.isSustainedAcceleration(Array(recent.filter { $0.start < instant }.suffix(MotionThresholds.phaseWindows)))
    }
}

/// A closed window before it is judged: its start, mean and vibration.
struct RawWindow: Sendable, Equatable {
    var start: Instant
    var mean: (x: Double, y: Double, z: Double)
    var vibration: Double

    static func == (lhs: RawWindow, rhs: RawWindow) -> Bool {
        lhs.start == rhs.start && lhs.mean == rhs.mean && lhs.vibration == rhs.vibration
    }
}

/// One window's features, as the detector keeps them.
struct WindowFeature: Sendable, Equatable {
    var start: Instant
    var kind: StopDetector.Kind
    var horizontal: Double
    /// The horizontal acceleration as a vector in the phone's axes (its direction tells a train from a jolt).
    var direction: (x: Double, y: Double, z: Double)

    static func == (lhs: WindowFeature, rhs: WindowFeature) -> Bool {
        lhs.start == rhs.start && lhs.kind == rhs.kind && lhs.horizontal == rhs.horizontal && lhs.direction == rhs.direction
    }
}

/// Running sums of one window's samples: their mean and the RMS about it.
struct WindowSums: Sendable, Equatable {
    var count = 0
    var sx = 0.0, sy = 0.0, sz = 0.0
    var sxx = 0.0, syy = 0.0, szz = 0.0

    mutating func add(_ s: AccelerationSample) {
        guard s.x.isFinite, s.y.isFinite, s.z.isFinite else { return }
        count += 1
        sx += s.x; sy += s.y; sz += s.z
        sxx += s.x * s.x; syy += s.y * s.y; szz += s.z * s.z
    }

    var mean: (x: Double, y: Double, z: Double) {
        let n = Double(max(count, 1))
        return (sx / n, sy / n, sz / n)
    }

    /// RMS of the samples about the mean, all three axes together (orientation-free).
    var vibration: Double {
        let n = Double(max(count, 1))
        let m = mean
        let variance = (sxx / n - m.x * m.x) + (syy / n - m.y * m.y) + (szz / n - m.z * m.z)
        return max(variance, 0).squareRoot()
    }
}
