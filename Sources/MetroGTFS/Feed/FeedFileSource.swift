import MetroModel

/// Where a feed's files come from: a zip archive or a folder. MetroGTFS opens nothing itself; an adapter (a zip
/// reader, a folder reader, a test's dictionary of strings) hands it each file's bytes as a stream, so a large
/// `stop_times.txt` is never held whole.
public protocol FeedFileSource {
    /// The byte stream of one file; the reader pulls from it as it parses.
    associatedtype Bytes: IteratorProtocol where Bytes.Element == UInt8
    /// Whether the feed has a file of this name (`stops.txt`) at its top level.
    func contains(_ fileName: String) -> Bool
    /// The bytes of a file the feed has. Throws `FeedSourceError` when it cannot be read (a corrupt or oversized
    /// zip member, an I/O error); errors met while streaming are thrown by `readFailure()` after the stream ends early.
    func open(_ fileName: String) throws(FeedSourceError) -> Bytes
    /// Set when a stream handed out by `open` ended because of an error rather than at the file's end; the reader
    /// asks after each file, so a truncated member is never taken for a short file.
    func readFailure(of fileName: String) -> FeedSourceError?
}

/// Why a feed's file could not be read, in words for the person who gave the feed.
public struct FeedSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file inside the feed (`stop_times.txt`), or the feed itself when the whole archive is unreadable.
    public let fileName: String
    /// What went wrong, in both languages.
    public let reason: Phrase
    public init(fileName: String, reason: Phrase) { self.fileName = fileName; self.reason = reason }
    public var description: String { "\(fileName): \(reason.en)" }
}
