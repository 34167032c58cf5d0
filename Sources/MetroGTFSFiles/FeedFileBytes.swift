import MetroZip

/// The bytes of one feed file, from whichever source holds it: an enum rather than a type-erased iterator, so a
/// byte costs a switch, not a call through a box.
public enum FeedFileBytes: IteratorProtocol {
    case zip(ZipMemberBytes)
    case file(FileBytes)

    public mutating func next() -> UInt8? {
        switch self {
        case .zip(let bytes): return bytes.next()
        case .file(let bytes): return bytes.next()
        }
    }
}
