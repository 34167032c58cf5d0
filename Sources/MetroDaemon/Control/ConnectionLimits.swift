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
    /// Work units one connection may spend per loop turn: a request costs `requestCost`, a blank line 1.
    var connectionBudget = 64
    /// Work units the requests (blank lines included) of one connection may spend per rate window: 256 requests
    /// or 4 096 blank lines a second. Beyond it the connection is neither read nor served until its window ends,
    /// so one flooding client costs the loop a bounded share of each second, not every turn.
    var connectionRateBudget = 4096
    /// The length of a connection's rate window, nanoseconds of boot time.
    var rateWindowNanoseconds: Int64 = 1_000_000_000
    /// Work units all connections together may spend per loop turn.
    var turnBudget = 256
    /// What one request costs against the budgets (a blank line costs 1).
    var requestCost = 16
    /// Bytes read from one connection per wake-up.
    var readChunk = 4096
    /// Connections accepted per loop turn; more wait in the listen queue for the next turn.
    var acceptsPerTurn = 16
    /// "Closing its oldest idle one" is logged at most once per this many nanoseconds (with the count of the
    /// closings not logged since): a peer churning connections must not fill the log.
    var evictionLogIntervalNanoseconds: Int64 = 60_000_000_000
    /// A streamed reply is fed more only while less than this many bytes wait to be sent.
    var streamLowWater = 64 * 1024
}
