import MetroEngine
import MetroTestSupport
import MetroModel

/// A haptic sink that plays what the engine sends on the real `HapticPlayer`, on the virtual clock, and reports
/// deliveries back to the engine as the daemon's device does: it records every motor edge and every wake-up the
/// player asks for.
final class PlayingHaptics: HapticSink {
    /// One motor edge: on (with the pattern's kind) or off.
    struct Edge: Equatable {
        var on: Bool
        var kind: HapticKind?
        var at: Instant
    }

    private(set) var player: HapticPlayer
    /// The alert each pattern announces, and those delivered until they are reported.
    private var playback = AlertPlayback()
    private(set) var edges: [Edge] = []
    /// Instants at which the player's own timer woke it.
    private(set) var wakeUps: [Instant] = []
    weak var engine: Engine?
    var now: () -> Instant = { Instant(nanoseconds: 0) }
    private var insideEngineCall = false

    init(style: ArrivalAlarm.Style = .untilAcknowledged) {
        player = HapticPlayer(arrivalAlarm: ArrivalAlarm(style))
    }

    func play(_ cue: HapticCue) {
        fromEngine { apply(player.play(cue.pattern, now: now())) }
    }

    func play(alert id: AlertID) {
        fromEngine {
            apply(player.play(HapticCue(alert: id.kind).pattern, now: now()))
            playback.announces(id)
        }
    }

    func withdraw(_ id: AlertID) {
        fromEngine {
            if playback.holds(id) { apply(player.withdraw(HapticCue(alert: id.kind).pattern.kind, now: now())) }
            playback.withdrew(id)
        }
    }

    func replay(_ id: AlertID, firedAt: Instant) {
        if id.kind == .arrival {
            fromEngine {
                apply(player.resumeArrivalAlarm(startedAt: firedAt, now: now()))
                playback.announces(id)
            }
        } else {
            play(alert: id)
        }
    }

    /// The rider's short press while an alert buzzes.
    func acknowledge() { apply(player.acknowledge(now: now())) }

    /// The player's timer fired.
    func timerFired() {
        wakeUps.append(now())
        apply(player.tick(now: now()))
    }

    /// The on-edges of one kind.
    func onEdges(_ kind: HapticKind) -> [Edge] { edges.filter { $0.on && $0.kind == kind } }

    private func fromEngine(_ body: () -> Void) {
        insideEngineCall = true
        body()
        insideEngineCall = false
    }

    private func apply(_ output: HapticOutput) {
        if edges.last?.on ?? false != output.motorOn {
            edges.append(Edge(on: output.motorOn, kind: output.motorOn ? player.playing : nil, at: now()))
        }
        // Collected after every call, so each delivery belongs to the alert that played; reported to the engine
        // only outside its own calls, as the daemon's device controller does.
        playback.collect(from: &player)
        guard !insideEngineCall, let engine else { return }
        for id in playback.take() { engine.alertDelivered(id, now: now()) }
    }
}

/// An engine whose haptics play on the real player: one clock drives both the engine's wake-up and the player's
/// (model time is real time here, scale 1).
final class PlayingRig {
    let store: RecordingStore
    let alarm = RecordingWakeUp()
    let haptics: PlayingHaptics
    let engine: Engine
    private(set) var now: Instant
    let wall: WallClockMapping

    init(now: Instant = bootT0, style: ArrivalAlarm.Style = .untilAcknowledged, store: RecordingStore = RecordingStore(),
         route: RouteChoice? = nil)
    {
        self.now = now
        self.store = store
        haptics = PlayingHaptics(style: style)
        wall = wallMapping(mapping: now, toUnixSeconds: mondayNoon)
        engine = Engine(network: kyiv, calibration: .empty, routes: RouteBook(), selectedRoute: route, store: store,
                        wakeUp: alarm, haptics: haptics, publisher: RecordingPublisher(), log: RecordingLog())
        haptics.engine = engine
        alarm.now = { [unowned self] in self.now }
        haptics.now = { [unowned self] in self.now }
    }

    /// Advances to `target`, waking the engine and the player at each instant they armed, in order.
    func advance(to target: Instant) {
        for _ in 0..<100_000 {
            let engineDue = alarm.armed
            let playerDue = haptics.player.output.nextDeadline
            guard let next = [engineDue, playerDue].compactMap({ $0 }).min(), next <= target else { break }
            now = max(next, now)
            if playerDue == next { haptics.timerFired() } else { engine.tick(now: now) }
        }
        now = max(now, target)
    }
}
