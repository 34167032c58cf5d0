import MetroControl
import MetroEngine
import MetroModel

/// The ride's commands: start, the rider's corrections, arrival and cancel. Each answers with the new status.
struct TripRequests {
    let engine: Engine
    let clock: ModelClock

    /// t0 = the request's receipt (the closest a CLI gets to the button edge).
    func start(_ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in
            _ = try engine.start(t0: context.now, wall: clock.wallMapping(), now: context.now)
        }
    }

    func step(_ delta: Int, _ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in try engine.step(delta, now: context.now) }
    }

    func departed(_ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in try engine.trainDeparted(now: context.now) }
    }

    func arrived(_ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in try engine.arrived(now: context.now) }
    }

    func cancel(_ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in try engine.cancel(now: context.now) }
    }
}
