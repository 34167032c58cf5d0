import MetroControl

/// What the control server hands a parsed request to: the daemon's request router. The server owns transport,
/// admission and pacing; it never reads what a request means.
protocol ControlRequestHandling: AnyObject {
    /// The reply line to `envelope` from `peer`, and whether the connection now watches.
    func reply(to envelope: ControlEnvelope, peer: ControlServer.Peer) -> (reply: String, watch: Bool)

    /// A reply produced piece by piece (`journal`), or nil to have `reply(to:peer:)` answer.
    func stream(for envelope: ControlEnvelope) -> ReplyStream?
}
