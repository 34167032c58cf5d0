/// A reply line too long to build at once (a journal of 10 000 trips is up to about 3 MB): the control server
/// asks it for the next piece each time the client's outgoing buffer runs low, so neither the 1 MiB output cap
/// nor one long turn of the event loop is ever reached.
protocol ReplyStream: AnyObject {
    /// The next piece of the reply line (without the final newline), or nil once the line is complete.
    /// Throws when the rest cannot be produced; the connection is then closed (a cut line is never valid JSON).
    func nextPiece() throws -> String?
}
