import Glibc
import Testing
@testable import MetroSystem

@Suite struct ErrorAndDescriptorTests {
    @Test func systemErrorNamesTheOperationAndErrno() {
        let error = SystemError("open /dev/gpiochip9", errno: Errno(rawValue: ENOENT))
        #expect(error.description == "open /dev/gpiochip9: No such file or directory (errno 2)")
        #expect(Errno(rawValue: EACCES).description == "Permission denied")
    }

    @Test func openingAMissingFileThrowsTheRealErrno() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("absent")
        let error = thrownError(SystemError.self) {
            _ = try FileDescriptor.open(missing, flags: O_RDONLY)
        }
        #expect(error?.errno == .noSuchFile)
        #expect(error?.description == "open \(missing): No such file or directory (errno 2)")
    }

    @Test func closeHappensExactlyOnce() throws {
        let pipe = try Pipe()
        let raw = pipe.readEnd.rawValue
        #expect(fcntl(raw, F_GETFD) >= 0)
        try pipe.readEnd.close()
        #expect(fcntl(raw, F_GETFD) == -1 && errno == EBADF)
        #expect(pipe.readEnd.rawValue == -1)
        try pipe.readEnd.close()  // second close does nothing
    }

    @Test func nonblockingReadReportsWouldBlockDistinctly() throws {
        let pipe = try Pipe()
        #expect(try pipe.readEnd.isNonblocking())
        #expect(try pipe.readEnd.read(upTo: 16) == nil)
        try pipe.send("abc")
        #expect(try pipe.readEnd.read(upTo: 16) == Array("abc".utf8))
        try pipe.writeEnd.close()
        #expect(try pipe.readEnd.read(upTo: 16) == [])  // end of file
    }

    @Test func nonblockingAndCloseOnExecFlagsChange() throws {
        let pipe = try Pipe()
        try pipe.readEnd.setNonblocking(false)
        #expect(try !pipe.readEnd.isNonblocking())
        try pipe.readEnd.setCloseOnExec(false)
        #expect(try !pipe.readEnd.isCloseOnExec())
        try pipe.readEnd.setCloseOnExec(true)
        #expect(try pipe.readEnd.isCloseOnExec())
    }
}
