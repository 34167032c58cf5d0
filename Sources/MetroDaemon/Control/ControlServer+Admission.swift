import Glibc
import MetroControl
import MetroModel
import MetroSystem

/// Admission: accepting connections within the caps, checking the peer, making room by closing the oldest idle
/// connection of the heaviest user, and keeping a spare descriptor for the refusal when none is left.
extension ControlServer {
    // MARK: Accepting

    /// Accepts at most `acceptsPerTurn` waiting connections; the listener stays readable for the rest.
    func acceptSome() {
        // However this ends (nothing more waiting, an error, the budget spent), every connection accepted here has
        // not sent its first request yet: the request timer must cover it, or a silent client is never closed.
        defer { refreshRequestTimer() }
        var accepted = 0
        while accepted < limits.acceptsPerTurn {
            let connection: UnixConnection?
            do { connection = try listener.accept() } catch let error as SystemError
                where error.errno.rawValue == EMFILE || error.errno.rawValue == ENFILE
            {
                guard refuseOneForLackOfDescriptors(error) else { return }
                accepted += 1
                continue
            } catch {
                log.warning("control socket accept: \(error)")
                return
            }
            guard let connection else { return }
            accepted += 1
            if outOfDescriptors {
                outOfDescriptors = false
                log.notice("control socket: file descriptors available again; accepting connections")
            }
            admit(connection)
        }
    }

    func admit(_ connection: UnixConnection) {
        let credentials: (pid: pid_t, uid: uid_t, gid: gid_t)
        do { credentials = try connection.peerCredentials() } catch {
            log.warning("control socket: cannot read peer credentials: \(error)")
            try? connection.close()
            return
        }
        // The group database, and the supplementary groups the peer process really holds.
        let allowed = ((try? Membership.isAllowed(peerUID: credentials.uid, peerGID: credentials.gid, group: group)) ?? false)
            || (group.map { PeerGroups.of(socket: connection.fd.rawValue)?.contains($0) ?? false } ?? false)
        if allowed && !makeRoom(for: credentials.uid) {
            let reply = DaemonRefusal.tooManyFromUser(uid: credentials.uid).reply(language)
            _ = try? connection.sendAvailable(ArraySlice((reply + "\n").utf8))
            try? connection.close()
            return
        }
        let client = Client(connection: connection, peer: Peer(pid: credentials.pid, uid: credentials.uid), now: bootNow())
        clients[ObjectIdentifier(client)] = client
        do {
            client.token = try loop.register(fd: connection.fd.rawValue, events: .readable) { [weak self, weak client] events in
                guard let self, let client else { return }
                self.service(client, events)
            }
        } catch {
            log.warning("control socket: cannot watch a connection: \(error)")
            drop(client)
            return
        }
        if !allowed {
            log.notice("control socket: refused uid \(credentials.uid) (pid \(credentials.pid)): not root, not the daemon's user, not in the control group")
            client.closing = true
            client.waitingSince = nil
            send(DaemonRefusal.permissionDenied(uid: credentials.uid).reply(language), to: client)
        }
    }

    /// Keeps a new connection of `uid` within the caps: over its own cap, the oldest idle connection of `uid` is
    /// closed; over the total cap, the oldest idle connection of the user holding the most. False when nothing
    /// idle can go (every connection is mid-request): then the new one is refused.
    func makeRoom(for uid: uid_t) -> Bool {
        var perUID: [uid_t: Int] = [:]
        for client in clients.values { perUID[client.peer.uid, default: 0] += 1 }
        let victimUID: uid_t
        if perUID[uid, default: 0] >= limits.maximumConnectionsPerPeer {
            victimUID = uid
        } else if clients.count >= limits.maximumConnections, let heaviest = perUID.max(by: { $0.value < $1.value }) {
            victimUID = heaviest.key
        } else {
            return true
        }
        // Watchers last: a status bar is idle by nature, a connection that never asked anything is not.
        // A connection whose request already waits in its socket is not idle, only not read yet.
        let candidates = clients.values.filter { $0.peer.uid == victimUID && $0.isIdle && !$0.connection.hasUnreadBytes }
        guard let victim = candidates.min(by: { ($0.watching ? 1 : 0, $0.lastActive) < ($1.watching ? 1 : 0, $1.lastActive) })
        else { return false }
        if let unlogged = evictionLog.admit(now: bootNow()) {
            let since = unlogged == 0 ? "" : "; \(unlogged) more closed for too many connections since the last such line"
            log.notice("control socket: uid \(victimUID) holds too many connections; closing its oldest idle one (pid \(victim.peer.pid))"
                       + since)
        }
        let notice = DaemonRefusal.closedOldestIdle(uid: victimUID).reply(language)
        _ = try? victim.connection.sendAvailable(ArraySlice((notice + "\n").utf8))
        drop(victim)
        return true
    }

    /// Out of descriptors: frees the reserve, accepts one waiting client, answers it `busy` and closes it, then takes
    /// the reserve back. False when no client could be taken (no reserve, or nobody waiting any more).
    func refuseOneForLackOfDescriptors(_ error: SystemError) -> Bool {
        if !outOfDescriptors {
            outOfDescriptors = true
            log.warning("control socket: out of file descriptors (\(error.errno)); refusing new connections until some close")
        }
        guard let spare = reserve else { return false }
        try? spare.close()
        reserve = nil
        defer { reserve = try? FileDescriptor.open("/dev/null", flags: O_RDONLY) }
        guard let connection = try? listener.accept() else { return false }
        let reply = DaemonRefusal.outOfDescriptors.reply(language)
        _ = try? connection.sendAvailable(ArraySlice((reply + "\n").utf8))
        try? connection.close()
        return true
    }
}
