internal import CLibZip
import MetroModel

/// A zip archive opened read-only through libzip: its members' names and sizes, and each member's bytes as a
/// stream. Limits keep a hostile archive (a zip bomb, a million members) from filling memory or running forever.
///
/// Every libzip pointer lives here and in `ZipMemberBytes`; an archive is closed when the last reference to it
/// goes, streams included.
public final class ZipArchive {
    /// How much an archive may hold: members, and the bytes of one member once uncompressed.
    public struct Limits: Sendable, Equatable {
        public var maximumMembers: Int
        public var maximumMemberBytes: Int
        /// A GTFS feed has a dozen files; the largest `stop_times.txt` of a national feed is a few GiB.
        public static let standard = Limits(maximumMembers: 10_000, maximumMemberBytes: 4 << 30)
        public init(maximumMembers: Int, maximumMemberBytes: Int) {
            self.maximumMembers = maximumMembers
            self.maximumMemberBytes = maximumMemberBytes
        }
    }

    /// One member as the central directory describes it.
    public struct Member: Sendable, Equatable {
        public let index: Int
        public let name: String
        /// The uncompressed size the archive declares; the bytes read are checked against the limit anyway.
        public let declaredSize: Int
        public let isEncrypted: Bool
    }

    public let path: String
    public let limits: Limits
    public let members: [Member]
    private let handle: OpaquePointer

    /// Opens the archive at `path` and reads its directory; refuses too many members, unsafe names and an
    /// archive libzip finds inconsistent.
    public init(path: String, limits: Limits = .standard) throws(ZipError) {
        var code: Int32 = 0
        guard let handle = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
            throw ZipError(archive: path, problem: .library(Self.message(code: code)))
        }
        self.handle = handle
        self.path = path
        self.limits = limits
        let count = zip_get_num_entries(handle, 0)
        guard count >= 0 else {
            zip_discard(handle)
            throw ZipError(archive: path, problem: .library("cannot count the entries"))
        }
        guard count <= Int64(limits.maximumMembers) else {
            zip_discard(handle)
            throw ZipError(archive: path, problem: .tooManyMembers(limit: limits.maximumMembers))
        }
        var members: [Member] = []
        for index in 0..<Int(count) {
            var status = zip_stat_t()
            zip_stat_init(&status)
            guard zip_stat_index(handle, UInt64(index), 0, &status) == 0, let cName = status.name else {
                let text = String(cString: zip_error_strerror(zip_get_error(handle)))
                zip_discard(handle)
                throw ZipError(archive: path, problem: .library(text))
            }
            let name = String(cString: cName)
            guard Self.isSafe(name) else {
                zip_discard(handle)
                throw ZipError(archive: path, member: name, problem: .unsafeName)
            }
            let declared = status.valid & UInt64(ZIP_STAT_SIZE) != 0 ? Int(clamping: status.size) : 0
            let encrypted = status.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0 && status.encryption_method != UInt16(ZIP_EM_NONE)
            members.append(Member(index: index, name: name, declaredSize: declared, isEncrypted: encrypted))
        }
        self.members = members
    }

    deinit { zip_discard(handle) }

    /// The member called `name`, if any.
    public func member(named name: String) -> Member? { members.first { $0.name == name } }

    /// A stream of the member's uncompressed bytes. Refused at once when it is encrypted or declares more than the
    /// limit; a member that gives more than the limit anyway (its header lies) stops there with an error.
    public func bytes(of member: Member) throws(ZipError) -> ZipMemberBytes {
        guard !member.isEncrypted else { throw ZipError(archive: path, member: member.name, problem: .encrypted) }
        guard member.declaredSize <= limits.maximumMemberBytes else {
            throw ZipError(archive: path, member: member.name, problem: .memberTooLarge(limit: limits.maximumMemberBytes))
        }
        guard let file = zip_fopen_index(handle, UInt64(member.index), 0) else {
            throw ZipError(archive: path, member: member.name, problem: .library(String(cString: zip_error_strerror(zip_get_error(handle)))))
        }
        return ZipMemberBytes(archive: self, member: member, file: file)
    }

    /// A name that stays inside the folder it is unpacked to: relative, with no `..` part and no NUL.
    static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.utf8.contains(0), !name.hasPrefix("\\") else { return false }
        return !name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    static func message(code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}
