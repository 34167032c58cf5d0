import MetroControl
import MetroEngine
import MetroModel

/// Stretches the rider suspended (planning through them is refused): each reply carries the list as it is now.
struct SuspensionRequests {
    let engine: Engine

    private var list: JSONValue { JSONValue(encoding: SuspensionsDocument(engine.suspensions)) }

    func suspend(from: String, to: String, _ context: RequestContext) -> String {
        context.reply { () throws(EngineError) in
            let stretch = SuspendedStretch(from: try context.resolve(from), to: try context.resolve(to))
            let added = try engine.suspend(stretch, now: context.now)
            return [.suspend: JSONValue(encoding: ChangeResultDocument(result: added ? "suspended" : "already_suspended")),
                    .suspensions: list]
        }
    }

    /// One stretch, or every one when neither end is given.
    func resume(from: String?, to: String?, _ context: RequestContext) -> String {
        context.reply { () throws(EngineError) in
            var stretch: SuspendedStretch?
            if let from, let to { stretch = SuspendedStretch(from: try context.resolve(from), to: try context.resolve(to)) }
            let lifted = try engine.resume(stretch, now: context.now)
            return [.resumed: JSONValue(encoding: SuspensionsDocument(lifted)), .suspensions: list]
        }
    }

    func show() -> String { ControlReply.ok([.suspensions: list]) }
}
