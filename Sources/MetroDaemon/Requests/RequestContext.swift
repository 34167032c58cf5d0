import MetroControl
import MetroEngine
import MetroModel

/// What every handler of a request needs: the instant it is served at, the language its refusals are worded in,
/// station look-up with the network's one wording for "not found" and "ambiguous", and the two reply shapes.
struct RequestContext {
    /// The model instant the request is served at (a CLI's `start`: t0).
    let now: Instant
    /// The sender's language when it names one (`metrotimer --lang`), else the daemon's.
    let language: Language
    let network: any RideNetwork
    /// The status document as of now (every reply to a command carries it).
    let status: () -> StatusDocument

    /// The station a rider's query names, refused in the asker's language (`EngineError.message(_:names:)`).
    func resolve(_ query: String) throws(EngineError) -> StationID {
        do { return try network.station(named: query) } catch { throw .plan(error) }
    }

    /// Runs a command; answers with the status after it, or the engine's refusal.
    func statusReply(after body: () throws(EngineError) -> Void) -> String {
        do {
            try body()
            return ControlReply.ok(.status, status())
        } catch {
            return refusal(error)
        }
    }

    /// Runs a command that says what happened; answers with its fields and the status (unless it gave one), or
    /// the engine's refusal.
    func reply(_ body: () throws(EngineError) -> [ReplyField: JSONValue]) -> String {
        do {
            var fields = try body()
            if fields[.status] == nil { fields[.status] = JSONValue(encoding: status()) }
            return ControlReply.ok(fields)
        } catch {
            return refusal(error)
        }
    }

    func refusal(_ error: EngineError) -> String {
        ControlReply.error(error.message(language, names: network), code: error.code)
    }
}
