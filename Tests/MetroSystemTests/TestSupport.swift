import Foundation
import Glibc
@testable import MetroSystem

/// A fresh directory under the system temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = try Files.makeTemporaryDirectory(prefix: "/tmp/metrotimer-test-")
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A pipe whose both ends close themselves.
struct Pipe {
    let readEnd: FileDescriptor
    let writeEnd: FileDescriptor

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SystemError.current("pipe") }
        readEnd = FileDescriptor(owning: fds[0])
        writeEnd = FileDescriptor(owning: fds[1])
        for end in [readEnd, writeEnd] {
            try end.setNonblocking()
            try end.setCloseOnExec()
        }
    }

    func send(_ text: String) throws {
        try writeEnd.writeAll(Array(text.utf8))
    }
}

/// The `clockid:` line of a timerfd's /proc/self/fdinfo entry.
func timerfdClockID(_ fd: Int32) throws -> Int32? {
    let text = try String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8)
    for line in text.split(separator: "\n") where line.hasPrefix("clockid:") {
        return Int32(line.dropFirst("clockid:".count).trimmingCharacters(in: .whitespaces))
    }
    return nil
}

/// The permission bits of `path`.
func permissions(of path: String) throws -> mode_t {
    var status = stat()
    guard stat(path, &status) == 0 else { throw SystemError.current("stat \(path)") }
    return status.st_mode & 0o7777
}

/// Steps `loop` until `done()` or until `limitMilliseconds` of waiting passed without it.
/// The limit only keeps a broken test from hanging; it is not a timing assertion.
func runLoop(_ loop: EventLoop, limitMilliseconds: Int64 = 5_000, until done: () -> Bool) throws {
    let deadline = Clocks.now(.monotonic) + limitMilliseconds * 1_000_000
    while !done() {
        let left = (deadline - Clocks.now(.monotonic)) / 1_000_000
        if left <= 0 { return }
        try loop.runOnce(timeoutMilliseconds: Int32(left))
    }
}
