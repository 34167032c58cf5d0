import MetroEngine
import MetroTestSupport
import MetroModel

/// One engine wired to the recording doubles on a virtual clock, as the engine tests build it: the lab rides
/// through exactly the firing rules, corrections and re-anchoring the daemon runs.
public final class LabRig {
    public let store = RecordingStore()
    public let wakeUp = RecordingWakeUp()
    public let haptics = RecordingHaptics()
    public let publisher = RecordingPublisher()
    public let log = RecordingLog()
    public let engine: Engine
    /// Model time, stepped as the engine tests step it.
    public let clock: VirtualClock
    /// The model time (boot-time timeline).
    public var now: Instant { clock.now }

    public init(network: any RideNetwork, now: Instant, calibration: CalibrationStore = .empty) {
        engine = Engine(network: network, calibration: calibration, routes: RouteBook(), selectedRoute: nil,
                        store: store, wakeUp: wakeUp, haptics: haptics, publisher: publisher, log: log)
        let clock = VirtualClock(engine: engine, wakeUp: wakeUp, now: now)
        self.clock = clock
        wakeUp.now = { [unowned clock] in clock.now }
        haptics.now = { [unowned clock] in clock.now }
    }

    /// Advances model time to `target`, waking the engine at each instant its one wake-up holds, as the daemon's
    /// timerfd would. An engine that would wake without end (re-arming at or before the instant it was just woken
    /// for) is stopped and counted in `spins` (the engine tests fail on it).
    public func advance(to target: Instant) {
        if clock.step(to: target) != nil { spins += 1 }
    }

    /// Wake-ups that would have spun (should stay 0).
    public private(set) var spins = 0

    /// A fix the receiver reported at `at` (model time), as the daemon's GPS link hands it on: a 3D fix stamped by
    /// the receiver `latencySeconds` before it reached the daemon, with the wall clock read then.
    public func feed(_ fix: SimulatedFix, at: Instant, wall: WallClockMapping, latencySeconds: Double) {
        advance(to: at)
        let wallNow = wall.unixNanoseconds(at: at)
        let input = FixInput(latitude: fix.latitude, longitude: fix.longitude,
                             horizontalErrorMeters: fix.reportedAccuracy, mode: 3, speedMetersPerSecond: fix.speed,
                             receiverUnixNanoseconds: wallNow - Int64(latencySeconds * 1e9), receivedAt: at)
        engine.gpsFix(input, wallNowUnixNanoseconds: wallNow, now: at)
    }

    /// The first instant a cue was played, if ever.
    public func firstPlayed(_ cue: HapticCue) -> Instant? { haptics.played.first { $0.cue == cue }?.at }
}
