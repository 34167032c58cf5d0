import Foundation
import Glibc
import Testing

/// `metrotimer press` against a daemon on real GPIO. No GPIO board exists here (the gpio-sim harness covers the
/// real board), so a stand-in listener on a real socket answers exactly as the daemon's dispatcher does for
/// `hardware = gpio`; this checks the command line's side: the request it sends and the one line it prints.
@Suite struct PressRefusalTests {
    @Test func pressOnARealBoardIsRefusedWithOneLine() throws {
        let dir = try makeScratchDirectory("press")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("control.sock").path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.cliPath)
        process.arguments = ["--socket", path, "press", "--hold", "700"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()

        var p = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        try #require(poll(&p, 1, 5000) == 1, "the command line did not connect")
        let connection = accept(listener, nil, nil)
        try #require(connection >= 0)
        defer { close(connection) }
        let reader = try RawLineReader(connection)
        let request = try #require(reader.line(timeout: 5))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(request.utf8)) as? [String: Any])
        #expect(object["cmd"] as? String == "press" && object["hold_ms"] as? Int == 700 && object["button"] as? Int == 1)
        let reply = Array(#"{"code":"not_simulated","error":"press is only accepted when the daemon runs the simulated board (hardware = simulated)","ok":false}"#.utf8) + [0x0A]
        _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(String(decoding: stderr, as: UTF8.self)
            == "metrotimer press: press is only accepted when the daemon runs the simulated board (hardware = simulated)\n")
    }

    /// A daemon that accepts but never answers (stuck): the command line gives up with one line and 69 instead of
    /// hanging the rider's shell.
    @Test func aStuckDaemonTimesOutWithOneLine() throws {
        let dir = try makeScratchDirectory("stuck")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("control.sock").path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["METROTIMER_REPLY_TIMEOUT_MS"] = "300"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.cliPath)
        process.arguments = ["--socket", path, "status"]
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        var p = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        try #require(poll(&p, 1, 5000) == 1, "the command line did not connect")
        let connection = accept(listener, nil, nil)
        try #require(connection >= 0)
        defer { close(connection) }
        // Without the timeout the command would hang forever: give it 10 s, then kill it and fail.
        var output = pollfd(fd: err.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&output, 1, 10_000) != 1 {
            process.terminate()
            Issue.record("metrotimer status still waits for a daemon that never answers")
        }
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 69)
        #expect(String(decoding: stderr, as: UTF8.self) == "metrotimer status: metrotimerd at \(path) did not answer within 300 ms\n")
    }
}
