import Foundation
import Glibc
import Testing

/// `metrotimer press` against a daemon on real GPIO. No GPIO board exists here (the gpio-sim harness covers the
/// real board), so a stand-in listener on a real socket answers exactly as the daemon's dispatcher does for
/// `hardware = gpio`; this checks the command line's side: the request it sends and the one line it prints.
@Suite struct PressRefusalTests {
    @Test func pressOnARealBoardIsRefusedWithOneLine() throws {
        let daemon = try StandInDaemon("press")
        defer { daemon.remove() }
        let (process, err) = try daemon.launchCLI(["press", "--hold", "700"])
        let connection = try daemon.acceptCLI()
        defer { close(connection) }
        let reader = try RawLineReader(connection)
        let request = try #require(reader.line(timeout: mustHappenWithin))
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
        let daemon = try StandInDaemon("stuck")
        defer { daemon.remove() }
        let (process, err) = try daemon.launchCLI(["status"], environment: ["METROTIMER_REPLY_TIMEOUT_MS": "300"])
        let connection = try daemon.acceptCLI()
        defer { close(connection) }
        // Without the timeout the command would hang forever: give it 30 s (a hundred times its 300 ms, for a
        // loaded machine), then kill it and fail.
        var output = pollfd(fd: err.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&output, 1, Int32(mustHappenWithin * 1000)) != 1 {
            process.terminate()
            Issue.record("metrotimer status still waits for a daemon that never answers")
        }
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 69)
        #expect(String(decoding: stderr, as: UTF8.self)
            == "metrotimer status: metrotimerd at \(daemon.path) did not answer within 300 ms\n")
    }
}

/// A listening control socket with nobody behind it but the test, for the command line's side of the protocol.
private struct StandInDaemon {
    let directory: URL
    let path: String
    let listener: Int32

    init(_ label: String) throws {
        directory = try makeScratchDirectory(label)
        path = directory.appendingPathComponent("control.sock").path
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(listener >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
    }

    /// Starts `metrotimer --socket PATH arguments…`; its standard error is returned for reading.
    func launchCLI(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.cliPath)
        process.arguments = ["--socket", path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        return (process, err)
    }

    /// The command line's connection, once it connects (within `mustHappenWithin`).
    func acceptCLI() throws -> Int32 {
        var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        try #require(poll(&ready, 1, Int32(mustHappenWithin * 1000)) == 1, "the command line did not connect")
        let connection = accept(listener, nil, nil)
        try #require(connection >= 0)
        return connection
    }

    func remove() {
        close(listener)
        try? FileManager.default.removeItem(at: directory)
    }
}
