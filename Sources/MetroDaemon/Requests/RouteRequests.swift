import MetroControl
import MetroEngine
import MetroModel

/// The chosen route and the pinned ones: each reply says what happened (pinned, already pinned, the pin evicted,
/// not pinned) so the command line can tell the rider.
struct RouteRequests {
    let engine: Engine

    func choose(from: String, to: String, _ context: RequestContext) -> String {
        context.statusReply { () throws(EngineError) in
            try engine.chooseRoute(from: try context.resolve(from), to: try context.resolve(to), now: context.now)
        }
    }

    func list() -> String {
        ControlReply.ok([.routes: JSONValue(encoding: RoutesDocument(engine: engine))])
    }

    func pin(from: String, to: String, _ context: RequestContext) -> String {
        context.reply { () throws(EngineError) in
            let result = try engine.pin(RouteChoice(from: try context.resolve(from), to: try context.resolve(to)), now: context.now)
            switch result {
            case .alreadyPinned: return [.pin: JSONValue(encoding: PinResultDocument(result: "already_pinned", evicted: nil))]
            case .pinned(let evicted):
                let route = evicted.map { RoutesDocument.Route(from: $0.from.rawValue, to: $0.to.rawValue) }
                return [.pin: JSONValue(encoding: PinResultDocument(result: "pinned", evicted: route))]
            }
        }
    }

    func unpin(from: String, to: String, _ context: RequestContext) -> String {
        context.reply { () throws(EngineError) in
            let was = try engine.unpinReporting(RouteChoice(from: try context.resolve(from), to: try context.resolve(to)), now: context.now)
            return [.unpin: JSONValue(encoding: ChangeResultDocument(result: was ? "unpinned" : "not_pinned"))]
        }
    }
}
