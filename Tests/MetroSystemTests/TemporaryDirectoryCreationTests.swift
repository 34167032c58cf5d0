import Glibc
import Testing
@testable import MetroSystem

/// `Files.makeTemporaryDirectory` returns the path of the directory it made, read from the filled-in template.
@Suite struct TemporaryDirectoryCreationTests {
    @Test func eachCallMakesItsOwnPrivateDirectory() throws {
        let parent = try TemporaryDirectory()
        let first = try Files.makeTemporaryDirectory(prefix: parent.file("made-"))
        let second = try Files.makeTemporaryDirectory(prefix: parent.file("made-"))
        #expect(first != second)
        for path in [first, second] {
            #expect(path.hasPrefix(parent.file("made-")) && path.count == parent.file("made-").count + 6, "\(path)")
            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_mode & 0o170000 == 0o040000, "a directory")
            #expect(status.st_mode & 0o777 == 0o700)
        }
    }

    @Test func aMissingParentIsNamed() throws {
        let parent = try TemporaryDirectory()
        let error = thrownError(SystemError.self) { try Files.makeTemporaryDirectory(prefix: parent.file("absent/made-")) }
        #expect(error?.errno == .noSuchFile, "\(String(describing: error))")
        #expect("\(String(describing: error))".contains("absent/made-XXXXXX"))
    }
}
