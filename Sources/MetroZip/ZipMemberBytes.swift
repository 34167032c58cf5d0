internal import CLibZip

/// The uncompressed bytes of one zip member, pulled from libzip 64 KiB at a time as they are consumed. Iteration
/// ends at the member's end or at the first error; `failure` says which. It keeps its archive open.
public final class ZipMemberBytes: IteratorProtocol {
    public let member: ZipArchive.Member
    /// Set when the stream ended early: a corrupt member (CRC, inflate error) or one larger than the limit.
    public private(set) var failure: ZipError?
    private let archive: ZipArchive
    private var file: OpaquePointer?
    private var buffer = ChunkBuffer()
    private var total = 0

    static let chunkSize = 64 << 10

    init(archive: ZipArchive, member: ZipArchive.Member, file: OpaquePointer) {
        self.archive = archive
        self.member = member
        self.file = file
    }

    deinit { if let file { zip_fclose(file) } }

    public func next() -> UInt8? { buffer.next(refill: readChunk) }

    /// The next chunk; nil at the end or on an error (recorded), after which the member is closed.
    private func readChunk() -> [UInt8]? {
        guard let file else { return nil }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        let count = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, UInt64($0.count)) }
        if count < 0 {
            failure = ZipError(archive: archive.path, member: member.name,
                               problem: .library(String(cString: zip_error_strerror(zip_file_get_error(file)))))
        } else if total + Int(count) > archive.limits.maximumMemberBytes {
            failure = ZipError(archive: archive.path, member: member.name, problem: .memberTooLarge(limit: archive.limits.maximumMemberBytes))
        }
        guard count > 0, failure == nil else {
            zip_fclose(file)
            self.file = nil
            return nil
        }
        total += Int(count)
        chunk.removeSubrange(Int(count)...)
        return chunk
    }
}
