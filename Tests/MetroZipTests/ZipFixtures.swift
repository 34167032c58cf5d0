import Foundation

/// Zip archives written for a test by Python's `zipfile` (python3 is one of the test dependencies), in a folder
/// of the test's own that is removed afterwards.
final class ZipFixtures {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-zip-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// One member: its name in the archive, its bytes, and whether it is deflated (else stored).
    struct Member {
        var name: String
        var bytes: [UInt8]
        var deflated = true
    }

    /// Writes an archive of `members` and returns its path.
    func zip(_ name: String, _ members: [Member]) throws -> String {
        let archive = folder.appendingPathComponent(name).path
        var arguments = ["-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                for i in range(2, len(sys.argv), 3):
                    method = zipfile.ZIP_DEFLATED if sys.argv[i + 2] == "1" else zipfile.ZIP_STORED
                    with open(sys.argv[i + 1], "rb") as f:
                        z.writestr(zipfile.ZipInfo(sys.argv[i]), f.read(), compress_type=method)
            """, archive]
        for (index, member) in members.enumerated() {
            let file = folder.appendingPathComponent("member-\(name)-\(index)")
            try Data(member.bytes).write(to: file)
            arguments += [member.name, file.path, member.deflated ? "1" : "0"]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError(message: "python3 zipfile failed for \(name)") }
        return archive
    }

    /// Writes `bytes` as a file of the test folder and returns its path.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The archive's bytes with `patch` applied, written as a new archive.
    func patched(_ path: String, as name: String, _ patch: (inout [UInt8]) -> Void) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        patch(&bytes)
        return try file(name, bytes)
    }
}

struct FixtureError: Error { let message: String }

/// Offsets of every local file header ("PK\u{3}\u{4}") and central directory entry ("PK\u{1}\u{2}") in a zip.
func headerOffsets(_ bytes: [UInt8], signature: [UInt8]) -> [Int] {
    guard bytes.count >= 4 else { return [] }
    return (0...(bytes.count - 4)).filter { Array(bytes[$0..<$0 + 4]) == signature }
}

let localHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
let centralHeader: [UInt8] = [0x50, 0x4B, 0x01, 0x02]

/// Writes a little-endian 32-bit value.
func put32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
    for k in 0..<4 { bytes[offset + k] = UInt8((value >> (8 * UInt32(k))) & 0xFF) }
}

/// Reads a stream to its end.
func drain<I: IteratorProtocol>(_ iterator: inout I) -> [UInt8] where I.Element == UInt8 {
    var out: [UInt8] = []
    while let byte = iterator.next() { out.append(byte) }
    return out
}
