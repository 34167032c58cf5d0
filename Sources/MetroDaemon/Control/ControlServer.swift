import Glibc
import MetroControl
import MetroModel
import MetroSystem

/// The control socket: a Unix stream socket (mode 0660) in the runtime directory speaking newline-delimited JSON,
/// one request per line, each line capped at `ControlRequest.maximumLineLength` bytes.
///
/// Peers are checked with `SO_PEERCRED` and `SO_PEERGROUPS` at accept: root, the daemon's own user, or members of
/// the configured group (by the group database or by the groups the peer process holds). A malformed, oversized or unauthorised request gets an error reply and never reaches the engine.
///
/// No peer can hold the only thread or the descriptors (`ConnectionLimits`): each wake-up reads one chunk from a
/// connection and serves a bounded share of its requests, the rest waits for a later turn behind the other
/// clients and every due timer; a connection whose requests (blank lines included) spent its budget for the second
/// is neither read nor served until that second is over; a client whose replies are still waiting is not read until it takes them; a
/// partial request times out; connections are capped per peer user and in all, and a new connection over a cap
/// closes the oldest idle one of the heaviest user instead of being refused.
final class ControlServer {
    /// Who is asking, for the dispatcher.
    struct Peer {
        let pid: pid_t
        let uid: uid_t
    }

    final class Client {
        let connection: UnixConnection
        let peer: Peer
        var buffer = LineBuffer(maximumLineLength: ControlRequest.maximumLineLength)
        /// Lines read but not handled yet (a bounded share is handled per wake-up).
        var lines: [LineBuffer.Item] = []
        var nextLine = 0
        var outgoing = OutgoingBuffer(maximumByteCount: 1 << 20)
        var token: EventLoop.Token?
        var watching = false
        var closing = false
        /// The peer shut down its writing half (read returned end of file).
        var peerClosed = false
        /// A reply being produced piece by piece; no other request is handled until it is complete.
        var stream: ReplyStream?
        /// A continuation is queued for the next turn.
        var scheduled = false
        /// Since when (boot time) it holds an unfinished request, or has sent nothing yet; nil otherwise.
        var waitingSince: Int64?
        /// The last time (boot time) it sent a complete request or was accepted: the oldest idle one goes first.
        var lastActive: Int64
        /// Its share of the loop: spent this turn and in its rate window, throttled until when.
        var pacing: ConnectionPacing
        /// Its rate budget is spent: it is neither read nor served before this boot time.
        var throttledUntil: Int64? { pacing.throttledUntil }
        /// Whether its throttling was logged (once per connection: a flood is not worth a line a second).
        var throttleLogged = false
        init(connection: UnixConnection, peer: Peer, now: Int64) {
            self.connection = connection
            self.peer = peer
            self.waitingSince = now
            self.lastActive = now
            self.pacing = ConnectionPacing(now: now)
        }
        var hasQueuedLines: Bool { nextLine < lines.count }
        /// Nothing read and unhandled, nothing half-sent, nothing being produced: closing it loses nobody's answer.
        var isIdle: Bool {
            !hasQueuedLines && buffer.pendingByteCount == 0 && !outgoing.hasPendingBytes && stream == nil && !closing
        }
    }

    let path: String
    let limits: ConnectionLimits
    let listener: UnixListener
    let loop: EventLoop
    let log: Logger
    let group: gid_t?
    var clients: [ObjectIdentifier: Client] = [:]
    var listenerToken: EventLoop.Token?
    /// A descriptor held in reserve (`/dev/null`). When the process has no descriptor left, a waiting client cannot
    /// be accepted and the listener stays readable: the loop would spin on it while the client hangs in the queue.
    /// Letting the reserve go for a moment lets the daemon accept that client, tell it why and close it.
    var reserve: FileDescriptor?
    /// Whether the current shortage of descriptors was logged (once per shortage, not once per client).
    var outOfDescriptors = false
    /// Paces the "closing its oldest idle one" line (see `ConnectionLimits.evictionLogIntervalNanoseconds`).
    var evictionLog: LogWindow
    /// Closes connections whose request stays unfinished too long; armed only while such a connection exists.
    let requestTimer: KernelTimer
    var requestTimerToken: EventLoop.Token?
    var armedRequestDeadline: Int64?
    /// Wakes the loop when the earliest throttled connection may go on; armed only while one is throttled.
    let throttleTimer: KernelTimer
    var throttleTimerToken: EventLoop.Token?
    var armedThrottleDeadline: Int64?
    /// The loop turn the budget below belongs to, and what was spent of it.
    var budgetTurn: UInt64 = 0
    var budgetSpent = 0
    /// Whether the listener waits for a continuation (its accept budget for this turn was spent).
    var acceptScheduled = false
    /// Answers each parsed request.
    let handler: any ControlRequestHandling
    /// The watching connections, shared with the parts that push lines to them.
    let watchers: Watchers
    /// Told when the number of watchers changes between zero and non-zero.
    let onWatchersChanged: (Bool) -> Void
    /// The daemon's `language`: refusals sent before a request names its own are worded in it. A setting a reload
    /// may change (`Daemon.reload`), given at start-up.
    var language: Language

    init(path: String, groupName: String, loop: EventLoop, log: Logger, limits: ConnectionLimits = ConnectionLimits(),
         language: Language = .en, handler: any ControlRequestHandling, watchers: Watchers = Watchers(),
         onWatchersChanged: @escaping (Bool) -> Void = { _ in })
        throws
    {
        self.language = language
        self.path = path
        self.handler = handler
        self.watchers = watchers
        self.onWatchersChanged = onWatchersChanged
        self.loop = loop
        self.log = log
        self.limits = limits
        evictionLog = LogWindow(lengthNanoseconds: limits.evictionLogIntervalNanoseconds)
        if groupName.isEmpty {
            group = nil
        } else if let gid = try Membership.groupID(named: groupName) {
            group = gid
        } else {
            log.warning("control_group '\(groupName)' does not exist; only root and the daemon's user may use the socket")
            group = nil
        }
        requestTimer = try KernelTimer(preferAlarm: false)
        throttleTimer = try KernelTimer(preferAlarm: false)
        listener = try UnixListener(path: path, mode: 0o660, backlog: 64)
        reserve = try? FileDescriptor.open("/dev/null", flags: O_RDONLY)
        if let group { _ = chown(path, uid_t.max, group) }
        listenerToken = try loop.register(fd: listener.fd.rawValue, events: .readable) { [weak self] _ in
            self?.acceptSome()
        }
        requestTimerToken = try loop.register(fd: requestTimer.fd.rawValue, events: .readable) { [weak self] _ in
            self?.requestTimerFired()
        }
        throttleTimerToken = try loop.register(fd: throttleTimer.fd.rawValue, events: .readable) { [weak self] _ in
            self?.throttleTimerFired()
        }
    }

    var watcherCount: Int { watchers.count }

    /// How many control connections are open.
    var connectionCount: Int { clients.count }


    /// Closes the listener and every connection (shutdown).
    func close() {
        for client in Array(clients.values) { drop(client) }
        if let listenerToken { loop.unregister(listenerToken) }
        listenerToken = nil
        if let requestTimerToken { loop.unregister(requestTimerToken) }
        requestTimerToken = nil
        if let throttleTimerToken { loop.unregister(throttleTimerToken) }
        throttleTimerToken = nil
        try? listener.close()
    }

    func bootNow() -> Int64 { Clocks.now(.boottime) }

    // MARK: Serving

    func service(_ client: Client, _ events: IOEvents) {
        if events.contains(.writable) { flush(client) }
        guard isOpen(client) else { return }  // dropped by the flush
        if client.closing {
            // Nothing more is read from a closing client (its token no longer asks for `.readable`); it stays only
            // while its last reply drains. A hang-up or an error means it never will.
            if !events.intersection([.hangup, .error]).isEmpty { drop(client) }
            return
        }
        if !events.intersection([.readable, .hangup, .error]).isEmpty && wantsInput(client) {
            readChunk(client)
            guard isOpen(client) else { return }
        }
        serve(client)
    }

    func isOpen(_ client: Client) -> Bool { clients[ObjectIdentifier(client)] != nil }

    /// Input is read only when everything read before is handled and answered: a client that does not take its
    /// replies stops being read, and its own socket buffer holds it back.
    func wantsInput(_ client: Client) -> Bool {
        !client.closing && !client.peerClosed && !client.hasQueuedLines && client.stream == nil && !client.outgoing.hasPendingBytes
            && client.throttledUntil == nil
    }

    func readChunk(_ client: Client) {
        let bytes: [UInt8]?
        do { bytes = try client.connection.read(upTo: limits.readChunk) } catch {
            drop(client)
            return
        }
        guard let bytes else { return }  // would block
        if bytes.isEmpty {
            client.peerClosed = true
            return
        }
        client.lines.removeAll(keepingCapacity: true)
        client.nextLine = 0
        client.lines = client.buffer.append(bytes)
        // A complete request restarts the clock: a client pipelining faster than it is served (its chunks cut
        // mid-line) is not stuck, only one that sends bytes and never ends a line is.
        if !client.lines.isEmpty { client.waitingSince = nil }
        if client.buffer.pendingByteCount > 0 && client.waitingSince == nil { client.waitingSince = bootNow() }
        refreshRequestTimer()
    }

    /// Handles a bounded share of the client's read lines (what is left of its own budget for this turn and for its
    /// rate window, and of the turn's), feeds its streamed reply, and queues a continuation when work is left.
    func serve(_ client: Client) {
        if budgetTurn != loop.turn {
            budgetTurn = loop.turn
            budgetSpent = 0
        }
        if client.pacing.begin(turn: loop.turn, now: bootNow(), limits: limits) { refreshThrottleTimer() }
        var moreLeft = false
        while isOpen(client) && !client.closing {
            if let stream = client.stream {
                // The daemon's own output, paced by the client taking it: it counts against the turn only.
                guard client.outgoing.pendingByteCount < limits.streamLowWater else { break }
                guard client.pacing.charge(limits.requestCost, turnBudgetLeft: limits.turnBudget - budgetSpent,
                                           fromWindow: false, limits: limits) == .charged else { moreLeft = true; break }
                budgetSpent += limits.requestCost
                feed(stream, to: client)
                continue
            }
            if client.outgoing.hasPendingBytes || !client.hasQueuedLines || client.throttledUntil != nil { break }
            let item = client.lines[client.nextLine]
            let cost = ControlServer.isBlank(item) ? 1 : limits.requestCost
            let charge = client.pacing.charge(cost, turnBudgetLeft: limits.turnBudget - budgetSpent, fromWindow: true, limits: limits)
            if charge == .laterTurn {
                moreLeft = true
                break
            }
            if charge == .throttled {
                throttled(client)
                break
            }
            budgetSpent += cost
            client.nextLine += 1
            switch item {
            case .line(let line):
                handle(line, from: client)
            case .oversized:
                client.closing = true
                send(DaemonRefusal.tooLong(bytes: ControlRequest.maximumLineLength).reply(language), to: client)
            }
        }
        guard isOpen(client) else { return }
        if !client.closing && client.peerClosed && !client.hasQueuedLines && client.stream == nil {
            if client.buffer.pendingByteCount > 0 {
                // A request cut off before its newline is not guessed at; the peer may still read (half-close).
                client.closing = true
                client.waitingSince = nil
                send(DaemonRefusal.notEndedByNewline.reply(language), to: client)
                refreshRequestTimer()
                return
            }
            if !client.outgoing.hasPendingBytes {
                drop(client)
                return
            }
            client.closing = true
        }
        updateInterest(client)
        if moreLeft { schedule(client) }
    }

    /// Serves `client` again in the next turn (once, however often it is asked for).
    func schedule(_ client: Client) {
        guard !client.scheduled else { return }
        client.scheduled = true
        loop.continueNextTurn { [weak self, weak client] in
            guard let self, let client else { return }
            client.scheduled = false
            if self.isOpen(client) { self.serve(client) }
        }
    }

    func feed(_ stream: ReplyStream, to client: Client) {
        do {
            if let piece = try stream.nextPiece() {
                enqueue(piece, to: client)
            } else {
                client.stream = nil
                enqueue("\n", to: client)
            }
        } catch {
            log.warning("control socket: a streamed reply to pid \(client.peer.pid) failed: \(error); closing (the line is cut)")
            drop(client)
        }
    }

    static func isBlank(_ item: LineBuffer.Item) -> Bool {
        guard case .line(let bytes) = item else { return false }
        return bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }
    }

    func handle(_ raw: [UInt8], from client: Client) {
        guard let text = String(validating: raw, as: UTF8.self) else {
            send(DaemonRefusal.notUTF8.reply(language), to: client)
            return
        }
        if text.allSatisfy({ $0 == " " || $0 == "\r" || $0 == "\t" }) { return }
        client.lastActive = bootNow()
        let request: ControlEnvelope
        do { request = try ControlRequest.parseEnvelope(text) } catch {
            send(ControlReply.error(error.text(error.language ?? language), code: .badRequest), to: client)
            return
        }
        if let stream = handler.stream(for: request) {
            client.stream = stream
            return
        }
        let (reply, watch) = handler.reply(to: request, peer: client.peer)
        send(reply, to: client)
        if watch && !client.watching && isOpen(client) {
            client.watching = true
            watchers.add(ObjectIdentifier(client)) { [weak self, weak client] line in
                guard let self, let client else { return }
                self.send(line, to: client)
            }
            if watcherCount == 1 { onWatchersChanged(true) }
        }
    }

    func send(_ line: String, to client: Client) {
        enqueue(line + "\n", to: client)
    }

    func enqueue(_ text: String, to client: Client) {
        guard isOpen(client) else { return }
        guard client.outgoing.enqueue(Array(text.utf8)) else {
            log.warning("control socket: client pid \(client.peer.pid) is not reading; dropping it")
            drop(client)
            return
        }
        flush(client)
    }

    func flush(_ client: Client) {
        do {
            let done = try client.outgoing.flush(to: client.connection)
            if done && client.closing {
                drop(client)
                return
            }
            updateInterest(client)
            // Replies drained: what was read and not yet handled (or a stream) may go on.
            let streamWantsMore = client.stream != nil && client.outgoing.pendingByteCount < limits.streamLowWater
            if done && client.hasQueuedLines && client.throttledUntil == nil || streamWantsMore { schedule(client) }
        } catch {
            drop(client)
        }
    }

    /// Readable only while the client may be read (see `wantsInput`), writable while replies wait. A closing
    /// client is not read any more: bytes it still sends (the rest of an oversized line) would keep a
    /// level-triggered `.readable` up and wake the loop without end while its reply waits.
    func updateInterest(_ client: Client) {
        guard isOpen(client), let token = client.token else { return }
        var wanted: IOEvents = []
        if wantsInput(client) { wanted.insert(.readable) }
        if client.outgoing.hasPendingBytes { wanted.insert(.writable) }
        if loop.events(of: token) != wanted { try? loop.modify(token, events: wanted) }
    }

    func drop(_ client: Client) {
        let wasWatching = client.watching
        let wasWaiting = client.waitingSince != nil
        let wasThrottled = client.throttledUntil != nil
        if let token = client.token { loop.unregister(token) }
        client.token = nil
        client.stream = nil
        try? client.connection.close()
        clients[ObjectIdentifier(client)] = nil
        if wasWatching {
            watchers.remove(ObjectIdentifier(client))
            if watcherCount == 0 { onWatchersChanged(false) }
        }
        if wasWaiting { refreshRequestTimer() }
        if wasThrottled { refreshThrottleTimer() }
    }
}
