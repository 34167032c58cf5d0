import Foundation
import Glibc
import Testing
@testable import MetroSystem

/// Where every program looks for the network data, on real files: missing candidates are passed over, one that
/// exists but cannot be read is reported (never passed over), and an explicit path's absence is the answer.
@Suite struct NetworkDataSearchTests {
    /// A program installed at `<root>/a/b/bin/metrotimer`: its candidates are `<root>/a/b/share/…`, then `Data/`
    /// beside each folder on the way up.
    private func program(in root: TemporaryDirectory) throws -> String {
        try FileManager.default.createDirectory(atPath: root.file("a/b/bin"), withIntermediateDirectories: true)
        return root.file("a/b/bin/metrotimer")
    }

    private func put(_ text: String, at path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func missingCandidatesArePassedOverToTheFirstThatExists() throws {
        let root = try TemporaryDirectory()
        let executable = try program(in: root)
        let wanted = root.file("a/Data/" + Files.networkDataName)
        try put("{\"near\": true}", at: wanted)
        switch NetworkDataSearch.run(explicit: nil, environment: [:], executablePath: executable) {
        case .found(let path, let bytes):
            #expect(path == wanted)
            #expect(String(decoding: bytes, as: UTF8.self) == "{\"near\": true}")
        case let other: Issue.record("expected the file under a/Data, got \(other)")
        }
    }

    @Test func aCandidateThatCannotBeReadIsReportedNotPassedOver() throws {
        let root = try TemporaryDirectory()
        let executable = try program(in: root)
        // The nearer candidate is a directory (reading it fails with EISDIR); a readable file lies further up.
        let nearer = root.file("a/b/bin/Data/" + Files.networkDataName)
        try FileManager.default.createDirectory(atPath: nearer, withIntermediateDirectories: true)
        try put("{}", at: root.file("a/Data/" + Files.networkDataName))
        switch NetworkDataSearch.run(explicit: nil, environment: [:], executablePath: executable) {
        case .unreadable(let path, let error):
            #expect(path == nearer)
            #expect(error.errno.rawValue == EISDIR, "\(error)")
        case let other: Issue.record("expected the unreadable nearer candidate, got \(other)")
        }
    }

    @Test func anExplicitPathThatIsMissingIsTheAnswer() throws {
        let root = try TemporaryDirectory()
        let executable = try program(in: root)
        try put("{}", at: root.file("a/Data/" + Files.networkDataName))
        let explicit = root.file("nowhere.json")
        for (given, environment) in [(explicit, [String: String]()), (nil, ["METROTIMER_DATA": explicit])] {
            switch NetworkDataSearch.run(explicit: given, environment: environment, executablePath: executable) {
            case .unreadable(let path, let error):
                #expect(path == explicit)
                #expect(error.errno.rawValue == ENOENT, "\(error)")
            case let other: Issue.record("expected \(explicit) reported missing, got \(other)")
            }
        }
    }

    @Test func noCandidateAtAllNamesEveryPlaceLooked() throws {
        let root = try TemporaryDirectory()
        let executable = try program(in: root)
        let candidates = Files.networkDataCandidates(explicit: nil, environment: [:], executablePath: executable)
        let existing = candidates.filter { FileManager.default.fileExists(atPath: $0) }
        try #require(existing.isEmpty, "a candidate exists outside the test: \(existing)")
        switch NetworkDataSearch.run(explicit: nil, environment: [:], executablePath: executable) {
        case .missing(let tried):
            #expect(tried == candidates)
            let first = tried.first ?? ""
            #expect(tried.count > 3 && first.contains("/share/metrotimer/"), "\(tried)")
        case let other: Issue.record("expected nothing found, got \(other)")
        }
    }
}
