import MetroEngine
import MetroModel

/// One engine wired to the recording doubles on a virtual clock, as the engine tests build it: the lab rides
/// through exactly the firing rules, corrections and re-anchoring the daemon runs.
public final class LabRig {
    public let store = RecordingStore()
    public let alarm = RecordingAlarm()
    public let haptics = RecordingHaptics()
    public let publisher = RecordingPublisher()
    public let log = RecordingLog()
    public let engine: Engine
    /// The model time (boot-time timeline).
    public private(set) var now: Instant

    public init(network: Network, now: Instant, calibration: CalibrationStore = .empty) {
        self.now = now
        engine = Engine(network: network, calibration: calibration, routes: RouteBook(), selectedRoute: nil,
                        store: store, alarm: alarm, haptics: haptics, publisher: publisher, log: log)
        alarm.now = { [unowned self] in self.now }
        haptics.now = { [unowned self] in self.now }
    }

    /// Advances model time to `target`, waking the engine at each instant its one alarm holds, as the daemon's
    /// timerfd would. An engine that re-arms at or before the instant it was just woken for would spin: the lab
    /// stops it and counts it in `spins` (the engine tests fail on it).
    public func advance(to target: Instant) {
        while let armed = alarm.armed, armed <= target {
            now = max(armed, now)
            engine.tick(now: now)
            if let rearmed = alarm.armed, rearmed <= armed { spins += 1; break }
        }
        if target > now { now = target }
    }

    /// Wake-ups that would have spun (should stay 0).
    public private(set) var spins = 0

    /// The first instant a cue was played, if ever.
    public func firstPlayed(_ cue: HapticCue) -> Instant? { haptics.played.first { $0.cue == cue }?.at }
}
