import Glibc

/// The supplementary groups of a Unix-socket peer as they were when it connected (`SO_PEERGROUPS`, Linux 4.13).
///
/// `SO_PEERCRED` carries only the primary group; a rider started with a supplementary group (a fresh login after
/// `usermod -aG`, `setpriv --groups`, `sg`) passes the socket file's 0660 permission check in the kernel through
/// that group, so the daemon must judge the same credentials rather than the group database alone.
enum PeerGroups {
    /// `SO_PEERGROUPS` from `<asm-generic/socket.h>` (not exported by the Glibc module).
    private static let option: Int32 = 59

    /// The peer's supplementary groups, or nil when the kernel cannot say.
    static func of(socket fd: Int32) -> [gid_t]? {
        var count = 32
        while count <= 65_536 {
            var groups = [gid_t](repeating: 0, count: count)
            var length = socklen_t(count * MemoryLayout<gid_t>.size)
            let result = groups.withUnsafeMutableBytes { getsockopt(fd, SOL_SOCKET, option, $0.baseAddress, &length) }
            if result == 0 { return Array(groups.prefix(Int(length) / MemoryLayout<gid_t>.size)) }
            // ERANGE: the buffer was too small and `length` now holds the size needed.
            guard errno == ERANGE else { return nil }
            count = max(count * 2, Int(length) / MemoryLayout<gid_t>.size)
        }
        return nil
    }
}
