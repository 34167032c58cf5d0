import Glibc
import MetroControl
import MetroSystem

/// The control socket: a Unix stream socket (mode 0660) in the runtime directory speaking newline-delimited JSON,
/// one request per line, each line capped at `ControlRequest.maximumLineLength` bytes.
///
/// Peers are checked with `SO_PEERCRED` and `SO_PEERGROUPS` at accept: root, the daemon's own user, or members of
/// the configured group (by the group database or by the groups the peer process holds). A malformed, oversized or unauthorised request gets an error reply and never reaches the engine.
final class ControlServer {
    /// Who is asking, for the dispatcher.
    struct Peer {
        let pid: pid_t
        let uid: uid_t
    }

    private final class Client {
        let connection: UnixConnection
        let peer: Peer
        var buffer = LineBuffer(maximumLineLength: ControlRequest.maximumLineLength)
        var outgoing = OutgoingBuffer(maximumByteCount: 1 << 20)
        var token: EventLoop.Token?
        var watching = false
        var closing = false
        init(connection: UnixConnection, peer: Peer) {
            self.connection = connection
            self.peer = peer
        }
    }

    let path: String
    private let listener: UnixListener
    private let loop: EventLoop
    private let log: Logger
    private let group: gid_t?
    private var clients: [ObjectIdentifier: Client] = [:]
    private var listenerToken: EventLoop.Token?
    /// A descriptor held in reserve (`/dev/null`). When the process has no descriptor left, a waiting client cannot
    /// be accepted and the listener stays readable: the loop would spin on it while the client hangs in the queue.
    /// Letting the reserve go for a moment lets the daemon accept that client, tell it why and close it.
    private var reserve: FileDescriptor?
    /// Whether the current shortage of descriptors was logged (once per shortage, not once per client).
    private var outOfDescriptors = false
    /// Handles one parsed request; returns the reply line and whether the client now watches.
    var dispatch: ((ControlEnvelope, Peer) -> (reply: String, watch: Bool))?
    /// Told when the number of watchers changes between zero and non-zero.
    var onWatchersChanged: ((Bool) -> Void)?

    init(path: String, groupName: String, loop: EventLoop, log: Logger) throws {
        self.path = path
        self.loop = loop
        self.log = log
        if groupName.isEmpty {
            group = nil
        } else if let gid = try Membership.groupID(named: groupName) {
            group = gid
        } else {
            log.warning("control_group '\(groupName)' does not exist; only root and the daemon's user may use the socket")
            group = nil
        }
        listener = try UnixListener(path: path, mode: 0o660)
        reserve = try? FileDescriptor.open("/dev/null", flags: O_RDONLY)
        if let group { _ = chown(path, uid_t.max, group) }
        listenerToken = try loop.register(fd: listener.fd.rawValue, events: .readable) { [weak self] _ in
            self?.acceptAll()
        }
    }

    var watcherCount: Int { clients.values.filter(\.watching).count }

    /// Sends a status line to every watcher.
    func broadcast(_ line: String) {
        for client in clients.values where client.watching { send(line, to: client) }
    }

    /// Closes the listener and every connection (shutdown).
    func close() {
        for client in Array(clients.values) { drop(client) }
        if let listenerToken { loop.unregister(listenerToken) }
        listenerToken = nil
        try? listener.close()
    }

    private func acceptAll() {
        while true {
            let connection: UnixConnection?
            do { connection = try listener.accept() } catch let error as SystemError
                where error.errno.rawValue == EMFILE || error.errno.rawValue == ENFILE
            {
                guard refuseOneForLackOfDescriptors(error) else { return }
                continue
            } catch {
                log.warning("control socket accept: \(error)")
                return
            }
            guard let connection else { return }
            if outOfDescriptors {
                outOfDescriptors = false
                log.notice("control socket: file descriptors available again; accepting connections")
            }
            let credentials: (pid: pid_t, uid: uid_t, gid: gid_t)
            do { credentials = try connection.peerCredentials() } catch {
                log.warning("control socket: cannot read peer credentials: \(error)")
                try? connection.close()
                continue
            }
            // The group database, and the supplementary groups the peer process really holds.
            let allowed = ((try? Membership.isAllowed(peerUID: credentials.uid, peerGID: credentials.gid, group: group)) ?? false)
                || (group.map { PeerGroups.of(socket: connection.fd.rawValue)?.contains($0) ?? false } ?? false)
            let client = Client(connection: connection, peer: Peer(pid: credentials.pid, uid: credentials.uid))
            clients[ObjectIdentifier(client)] = client
            do {
                client.token = try loop.register(fd: connection.fd.rawValue, events: .readable) { [weak self, weak client] events in
                    guard let self, let client else { return }
                    self.service(client, events)
                }
            } catch {
                log.warning("control socket: cannot watch a connection: \(error)")
                drop(client)
                continue
            }
            if !allowed {
                log.notice("control socket: refused uid \(credentials.uid) (pid \(credentials.pid)): not root, not the daemon's user, not in the control group")
                client.closing = true
                send(ControlReply.error("permission denied: uid \(credentials.uid) may not control metrotimerd (join the control group)",
                                        code: "permission_denied"), to: client)
            }
        }
    }

    /// Out of descriptors: frees the reserve, accepts one waiting client, answers it `busy` and closes it, then takes
    /// the reserve back. False when no client could be taken (no reserve, or nobody waiting any more).
    private func refuseOneForLackOfDescriptors(_ error: SystemError) -> Bool {
        if !outOfDescriptors {
            outOfDescriptors = true
            log.warning("control socket: out of file descriptors (\(error.errno)); refusing new connections until some close")
        }
        guard let spare = reserve else { return false }
        try? spare.close()
        reserve = nil
        defer { reserve = try? FileDescriptor.open("/dev/null", flags: O_RDONLY) }
        guard let connection = try? listener.accept() else { return false }
        let reply = ControlReply.error("too many connections: metrotimerd is out of file descriptors; try again later",
                                       code: "busy")
        _ = try? connection.sendAvailable(ArraySlice((reply + "\n").utf8))
        try? connection.close()
        return true
    }

    private func service(_ client: Client, _ events: IOEvents) {
        if events.contains(.writable) { flush(client) }
        guard clients[ObjectIdentifier(client)] != nil else { return }  // dropped by the flush
        guard events.contains(.readable) || events.contains(.hangup) || events.contains(.error) else { return }
        if client.closing {
            // Nothing more is read from a closing client (its token no longer asks for `.readable`); it stays only
            // while its last reply drains. A hang-up or an error means it never will.
            if !events.intersection([.hangup, .error]).isEmpty { drop(client) }
            return
        }
        while !client.closing {
            let bytes: [UInt8]?
            do { bytes = try client.connection.read(upTo: 4096) } catch {
                drop(client)
                return
            }
            guard let bytes else { return }  // would block
            if bytes.isEmpty {  // peer closed
                if client.buffer.pendingByteCount > 0 {
                    // A request cut off before its newline is not guessed at; the peer may still read (half-close).
                    client.closing = true
                    send(ControlReply.error("request not ended by a newline (nothing was done)", code: "bad_request"), to: client)
                    return
                }
                if !client.outgoing.hasPendingBytes { drop(client) } else { client.closing = true }
                return
            }
            for item in client.buffer.append(bytes) {
                switch item {
                case .line(let line):
                    handle(line, from: client)
                case .oversized:
                    client.closing = true
                    send(ControlReply.error("request longer than \(ControlRequest.maximumLineLength) bytes", code: "too_long"), to: client)
                    return
                }
            }
        }
    }

    private func handle(_ raw: [UInt8], from client: Client) {
        guard let text = String(validating: raw, as: UTF8.self) else {
            send(ControlReply.error("request is not UTF-8", code: "bad_request"), to: client)
            return
        }
        if text.allSatisfy({ $0 == " " || $0 == "\r" || $0 == "\t" }) { return }
        let request: ControlEnvelope
        do { request = try ControlRequest.parseEnvelope(text) } catch {
            send(ControlReply.error(error.message, code: "bad_request"), to: client)
            return
        }
        guard let dispatch else { return }
        let (reply, watch) = dispatch(request, client.peer)
        send(reply, to: client)
        if watch && !client.watching {
            client.watching = true
            if watcherCount == 1 { onWatchersChanged?(true) }
        }
    }

    private func send(_ line: String, to client: Client) {
        guard client.outgoing.enqueue(Array((line + "\n").utf8)) else {
            log.warning("control socket: client pid \(client.peer.pid) is not reading; dropping it")
            drop(client)
            return
        }
        flush(client)
    }

    private func flush(_ client: Client) {
        do {
            let done = try client.outgoing.flush(to: client.connection)
            if done && client.closing {
                drop(client)
                return
            }
            // A closing client is not read any more: bytes it still sends (the rest of an oversized line) would keep
            // a level-triggered `.readable` up and wake the loop without end while its reply waits.
            let wanted: IOEvents = client.closing ? .writable : (done ? .readable : [.readable, .writable])
            if let token = client.token, loop.events(of: token) != wanted { try loop.modify(token, events: wanted) }
        } catch {
            drop(client)
        }
    }

    private func drop(_ client: Client) {
        let wasWatching = client.watching
        if let token = client.token { loop.unregister(token) }
        client.token = nil
        try? client.connection.close()
        clients[ObjectIdentifier(client)] = nil
        if wasWatching && watcherCount == 0 { onWatchersChanged?(false) }
    }
}
