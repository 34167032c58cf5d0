internal import CLinuxShim
import Glibc

/// User and group look-ups for deciding who may use the control socket.
public enum Membership {
    /// The id of the group called `name`, nil when there is no such group.
    public static func groupID(named name: String) throws -> Glibc.gid_t? {
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let status = getgrnam_r(name, &group, &buffer, buffer.count, &result)
        guard status == 0 else { throw SystemError("getgrnam_r \(name)", errno: Errno(rawValue: status)) }
        return result == nil ? nil : group.gr_gid
    }

    /// Every group `uid` belongs to: its primary group and its supplementary groups from the group database.
    /// A uid with no user entry belongs to no groups.
    public static func groups(ofUID uid: Glibc.uid_t) throws -> [Glibc.gid_t] {
        var user = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let status = getpwuid_r(uid, &user, &buffer, buffer.count, &result)
        guard status == 0 else { throw SystemError("getpwuid_r \(uid)", errno: Errno(rawValue: status)) }
        guard result != nil, let name = user.pw_name else { return [] }
        var count: Int32 = 32
        while true {
            var groups = [gid_t](repeating: 0, count: Int(count))
            var wanted = count
            if clinux_getgrouplist(name, user.pw_gid, &groups, &wanted) >= 0 {
                return Array(groups.prefix(Int(wanted)))
            }
            // -1 means the array was too small; `wanted` now holds the size needed.
            count = max(wanted, count * 2)
        }
    }

    /// The control-socket rule: root, the daemon's own user, or a member of `group` (by the peer's primary
    /// group or its supplementary groups) may connect.
    public static func isAllowed(peerUID: Glibc.uid_t, peerGID: Glibc.gid_t, ownUID: Glibc.uid_t = getuid(), group: Glibc.gid_t?) throws -> Bool {
        if peerUID == 0 || peerUID == ownUID { return true }
        guard let group else { return false }
        if peerGID == group { return true }
        return try groups(ofUID: peerUID).contains(group)
    }
}
