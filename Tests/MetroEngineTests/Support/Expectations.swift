import MetroEngine
import MetroTestSupport
import MetroModel
import Testing

/// What the engine holds, as one comparable value (to prove a refused or failed command changed nothing).
struct EngineState: Equatable {
    var selectedRoute: RouteChoice?
    var routes: RouteBook
    var active: ActiveTrip?
    var calibration: CalibrationStore
    var calibrationSession: CalibrationSession?

    init(_ engine: Engine) {
        selectedRoute = engine.selectedRoute
        routes = engine.routes
        active = engine.active
        calibration = engine.calibration
        calibrationSession = engine.calibrationSession
    }
}

/// Runs `body` and expects it to throw exactly `expected`.
func expectEngineError(_ expected: EngineError, sourceLocation: SourceLocation = #_sourceLocation,
                       _ body: () throws(EngineError) -> Void)
{
    do {
        try body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected, sourceLocation: sourceLocation)
    }
}

/// Runs a command that must be refused with `expected` and expects it to leave no trace: the engine state, the
/// store, the alarm, the motor and the published status all stay as they were.
func expectRefusedWithoutTrace(_ rig: EngineRig, _ expected: EngineError,
                               sourceLocation: SourceLocation = #_sourceLocation,
                               _ body: () throws(EngineError) -> Void)
{
    let state = EngineState(rig.engine)
    let writes = rig.store.writes.count
    let armings = rig.alarm.history.count
    let cues = rig.haptics.played.count
    let withdrawals = rig.haptics.withdrawn.count
    let published = rig.publisher.published.count
    expectEngineError(expected, sourceLocation: sourceLocation, body)
    #expect(EngineState(rig.engine) == state, "engine state changed", sourceLocation: sourceLocation)
    #expect(rig.store.writes.count == writes, "something was stored", sourceLocation: sourceLocation)
    #expect(rig.alarm.history.count == armings, "the alarm was touched", sourceLocation: sourceLocation)
    #expect(rig.haptics.played.count == cues, "the motor buzzed", sourceLocation: sourceLocation)
    #expect(rig.haptics.withdrawn.count == withdrawals, "a buzz was withdrawn", sourceLocation: sourceLocation)
    #expect(rig.publisher.published.count == published, "a status was published", sourceLocation: sourceLocation)
}

/// Checks that no wake-up was ever armed for an alert after it had fired (the trip was not corrected, so every
/// alert kept its instant). `fired` is the trip's fired map.
func expectNoArmingForFiredAlerts(_ rig: EngineRig, plans: [AlertPlan], fired: [AlertID: Instant],
                                  sourceLocation: SourceLocation = #_sourceLocation)
{
    for plan in plans {
        guard let firedAt = fired[plan.id] else { continue }
        for arming in rig.alarm.history where arming.at >= firedAt {
            #expect(arming.instant != plan.instant,
                    "armed \(plan.id) again at \(arming.at) after it fired at \(firedAt)",
                    sourceLocation: sourceLocation)
        }
    }
}

extension Instant {
    /// Seconds after `t0`, for readable expectations.
    func after(_ t0: Instant) -> Int { seconds(since: t0) }
}

/// The refusal reads in Ukrainian in Ukrainian and has no Cyrillic at all in English (model §10).
func expectBilingual(_ error: EngineError, sourceLocation: SourceLocation = #_sourceLocation) {
    func cyrillic(_ text: String) -> Bool { text.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } }
    #expect(cyrillic(error.message(.uk)), "not Ukrainian: \(error.message(.uk))", sourceLocation: sourceLocation)
    #expect(!cyrillic(error.message(.en)), "Cyrillic in English: \(error.message(.en))", sourceLocation: sourceLocation)
}
