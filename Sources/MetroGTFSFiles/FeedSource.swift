import Glibc
import MetroGTFS
import MetroModel
import MetroZip

/// A feed given on the command line: a folder or a zip archive, whichever the path is.
public enum FeedSource: FeedFileSource {
    case zip(ZipFeedSource)
    case folder(FolderFeedSource)

    /// Opens the feed at `path`: a folder as one, anything else as a zip archive.
    public static func open(path: String) throws(FeedSourceError) -> FeedSource {
        if let folder = FolderFeedSource(path: path) { return .folder(folder) }
        var status = stat()
        guard stat(path, &status) == 0 else {
            let text = String(cString: strerror(errno))
            throw FeedSourceError(fileName: path, reason: Phrase(uk: "не вдалося відкрити фід \(path): «\(text)»",
                                                                 en: "cannot open the feed \(path): \(text)"))
        }
        do { return .zip(try ZipFeedSource(path: path)) } catch {
            throw FeedSourceError(fileName: path, reason: error.phrase)
        }
    }

    public func contains(_ fileName: String) -> Bool {
        switch self {
        case .zip(let source): return source.contains(fileName)
        case .folder(let source): return source.contains(fileName)
        }
    }

    public func open(_ fileName: String) throws(FeedSourceError) -> FeedFileBytes {
        switch self {
        case .zip(let source): return try source.open(fileName)
        case .folder(let source): return try source.open(fileName)
        }
    }

    public func readFailure(of fileName: String) -> FeedSourceError? {
        switch self {
        case .zip(let source): return source.readFailure(of: fileName)
        case .folder(let source): return source.readFailure(of: fileName)
        }
    }
}
