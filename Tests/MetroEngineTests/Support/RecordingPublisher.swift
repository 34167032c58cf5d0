import MetroEngine
import MetroModel

/// Every status the engine published, in order.
final class RecordingPublisher: StatusPublishing {
    private(set) var published: [EngineStatus] = []

    func publish(_ status: EngineStatus) { published.append(status) }

    /// The most recent status.
    var last: EngineStatus? { published.last }
}
