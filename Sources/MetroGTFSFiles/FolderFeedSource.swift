import Glibc
import MetroGTFS
import MetroModel

/// A feed unpacked in a folder: its files read from there in chunks. A file that is not a regular file, or a
/// symbolic link leading outside the folder, is refused: the folder is the feed, and nothing else is read.
public final class FolderFeedSource: FeedFileSource {
    public let folder: String
    private let realFolder: String
    private var streams: [String: FileBytes] = [:]

    /// A source over the folder at `path`; nil when it is not a readable folder.
    public init?(path: String) {
        guard let real = Self.realPath(path), Self.isDirectory(real) else { return nil }
        folder = path
        realFolder = real
    }

    public func contains(_ fileName: String) -> Bool { resolved(fileName) != nil }

    public func open(_ fileName: String) throws(FeedSourceError) -> FeedFileBytes {
        guard let path = resolved(fileName) else {
            throw FeedSourceError(fileName: fileName, reason: Phrase(uk: "немає в теці \(folder) (або це не звичайний файл у ній)",
                                                                     en: "not in the folder \(folder) (or not a regular file inside it)"))
        }
        guard let bytes = FileBytes(path: path) else {
            let text = String(cString: strerror(errno))
            throw FeedSourceError(fileName: fileName, reason: Phrase(uk: "не відкрито: \(text)", en: "cannot open: \(text)"))
        }
        streams[fileName] = bytes
        return .file(bytes)
    }

    public func readFailure(of fileName: String) -> FeedSourceError? {
        streams[fileName]?.failure.map { FeedSourceError(fileName: fileName, reason: $0) }
    }

    /// The real path of `folder/fileName` when it is a regular file inside the folder.
    private func resolved(_ fileName: String) -> String? {
        guard !fileName.contains("/"), let real = Self.realPath(folder + "/" + fileName),
            real.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/")
        else { return nil }
        var status = stat()
        guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return real
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
