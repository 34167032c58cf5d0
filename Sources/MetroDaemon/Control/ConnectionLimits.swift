/// How much the control socket lets its peers take from the daemon's only thread and its descriptors.
///
/// The figures are chosen so that, with every budget spent, a turn of the event loop stays in the low
/// milliseconds on a small board (alerts and the motor's cut-off are served between handlers anyway), and the
/// descriptors fit `LimitNOFILE=` in the unit with room for the daemon's own. See docs/decisions.md.
struct ConnectionLimits {
    /// Open control connections at most (all peers together).
    var maximumConnections = 128
    /// Open control connections at most per peer user (`SO_PEERCRED` uid).
    var maximumConnectionsPerPeer = 32
    /// A connection that holds an unfinished request line — or has not sent its first one — this long is closed.
    var requestTimeoutNanoseconds: Int64 = 5_000_000_000
    /// Work units one connection may spend per wake-up: a request costs `requestCost`, a blank line 1.
    var connectionBudget = 64
    /// Work units all connections together may spend per loop turn.
    var turnBudget = 256
    /// What one request costs against the budgets (a blank line costs 1).
    var requestCost = 16
    /// Bytes read from one connection per wake-up.
    var readChunk = 4096
    /// Connections accepted per loop turn; more wait in the listen queue for the next turn.
    var acceptsPerTurn = 16
    /// A streamed reply is fed more only while less than this many bytes wait to be sent.
    var streamLowWater = 64 * 1024
}
