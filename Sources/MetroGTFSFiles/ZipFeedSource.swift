import MetroGTFS
import MetroModel
import MetroZip

/// A feed in a zip archive: its files at the top level, or all inside one folder (as many producers pack them).
public final class ZipFeedSource: FeedFileSource {
    public let archive: ZipArchive
    /// "" or the one folder the feed's files are in, with its slash.
    public let prefix: String
    private var streams: [String: ZipMemberBytes] = [:]

    public init(path: String, limits: ZipArchive.Limits = .standard) throws(ZipError) {
        archive = try ZipArchive(path: path, limits: limits)
        let names = archive.members.map(\.name)
        let topLevel = names.filter { !$0.contains("/") && $0.hasSuffix(".txt") }
        let folders = Set(names.compactMap { name -> String? in
            guard let slash = name.firstIndex(of: "/") else { return nil }
            return String(name[...slash])
        })
        if topLevel.isEmpty, folders.count == 1, let folder = folders.first,
            names.contains(folder + "agency.txt") || names.contains(folder + "stops.txt") {
            prefix = folder
        } else {
            prefix = ""
        }
    }

    public func contains(_ fileName: String) -> Bool { archive.member(named: prefix + fileName) != nil }

    public func open(_ fileName: String) throws(FeedSourceError) -> FeedFileBytes {
        guard let member = archive.member(named: prefix + fileName) else {
            throw FeedSourceError(fileName: fileName, reason: ZipError(archive: archive.path, member: fileName, problem: .missingMember).phrase)
        }
        do {
            let bytes = try archive.bytes(of: member)
            streams[fileName] = bytes
            return .zip(bytes)
        } catch {
            throw FeedSourceError(fileName: fileName, reason: error.phrase)
        }
    }

    public func readFailure(of fileName: String) -> FeedSourceError? {
        streams[fileName]?.failure.map { FeedSourceError(fileName: fileName, reason: $0.phrase) }
    }
}
