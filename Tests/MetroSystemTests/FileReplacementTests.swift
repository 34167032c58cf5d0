import Foundation
import Glibc
import Testing
@testable import MetroSystem

/// `Files.replace` writes beside the file and renames over it: the file is replaced whole or not at all, a link
/// keeps pointing where it did, and nothing is left behind when it fails.
@Suite struct FileReplacementTests {
    func contents(_ path: String) throws -> String { String(decoding: try Files.read(path), as: UTF8.self) }

    @Test func aFileIsReplacedWholeAndNothingIsLeftBeside() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("card.svg")
        try Files.replace(path, with: Array("first".utf8))
        try Files.replace(path, with: Array("second, longer".utf8))
        #expect(try contents(path) == "second, longer")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["card.svg"])
        var status = stat()
        #expect(stat(path, &status) == 0)
        let mask = umask(0)
        umask(mask)
        #expect(status.st_mode & 0o777 == 0o644 & ~mask)
    }

    /// Written in pieces: the file is replaced only by `commit`; until then, and when it is dropped uncommitted, it
    /// keeps what it held and nothing is left beside it.
    @Test func aReplacementInPiecesLandsOnlyWhenCommitted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("ride.trace")
        try Files.replace(path, with: Array("old".utf8))
        do {
            let dropped = try Files.Replacement(path)
            try dropped.append(Array("half ".utf8))
            #expect(try contents(path) == "old")
        }
        #expect(try contents(path) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ride.trace"])
        let replacement = try Files.Replacement(path)
        for piece in ["one ", "two ", "three"] { try replacement.append(Array(piece.utf8)) }
        #expect(try contents(path) == "old")
        try replacement.commit()
        #expect(try contents(path) == "one two three")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ride.trace"])
        replacement.abandon()
        #expect(try contents(path) == "one two three", "abandoning after the commit changes nothing")
    }

    @Test func aLinkKeepsPointingWhereItDid() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("cards"), withIntermediateDirectories: false)
        try Files.replace(directory.file("cards/2026.svg"), with: Array("old".utf8))
        #expect(symlink("cards/2026.svg", directory.file("latest.svg")) == 0)
        try Files.replace(directory.file("latest.svg"), with: Array("new".utf8))
        #expect(try contents(directory.file("cards/2026.svg")) == "new")
        var status = stat()
        #expect(lstat(directory.file("latest.svg"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func aFailureNamesThePathAndLeavesWhatWasThere() throws {
        let directory = try TemporaryDirectory()
        // A directory in the way: the rename is refused and the directory is untouched.
        try FileManager.default.createDirectory(atPath: directory.file("in-the-way"), withIntermediateDirectories: false)
        do throws(SystemError) {
            try Files.replace(directory.file("in-the-way"), with: Array("x".utf8))
            Issue.record("replaced a directory")
        } catch {
            #expect(error.errno.rawValue == EISDIR, "\(error)")
            #expect(error.description.contains(directory.file("in-the-way")), "\(error)")
        }
        // No such directory: nothing can be created beside the file.
        do throws(SystemError) {
            try Files.replace(directory.file("missing/card.svg"), with: Array("x".utf8))
            Issue.record("wrote into a missing directory")
        } catch {
            #expect(error.errno.rawValue == ENOENT, "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["in-the-way"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("in-the-way")).isEmpty)
    }
}
