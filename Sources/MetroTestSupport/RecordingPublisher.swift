import MetroEngine
import MetroModel

/// Every status the engine published, in order.
public final class RecordingPublisher: StatusPublishing {
    public init() {}

    public private(set) var published: [EngineStatus] = []

    public func publish(_ status: EngineStatus) { published.append(status) }

    /// The most recent status.
    public var last: EngineStatus? { published.last }
}
