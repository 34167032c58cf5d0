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
}
