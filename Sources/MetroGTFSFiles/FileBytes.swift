import Glibc
import MetroZip
import MetroModel

/// A regular file's bytes, read 64 KiB at a time as they are consumed; the descriptor is closed at the end, at
/// an error (recorded in `failure`) or when the stream is dropped.
public final class FileBytes: IteratorProtocol {
    public let path: String
    public private(set) var failure: Phrase?
    private var descriptor: Int32
    private var buffer = ChunkBuffer()

    static let chunkSize = 64 << 10

    /// Opens `path` for reading; nil with `errno` set when it cannot be opened.
    init?(path: String) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        self.path = path
        descriptor = fd
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    public func next() -> UInt8? { buffer.next(refill: readChunk) }

    /// The next chunk; nil at the end or on an error (recorded), after which the descriptor is closed.
    private func readChunk() -> [UInt8]? {
        guard descriptor >= 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        var count: Int
        repeat {
            count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        if count < 0 {
            let text = String(cString: strerror(errno))
            failure = Phrase(uk: "помилка читання: \(text)", en: "read error: \(text)")
        }
        guard count > 0 else {
            Glibc.close(descriptor)
            descriptor = -1
            return nil
        }
        chunk.removeSubrange(count...)
        return chunk
    }
}
