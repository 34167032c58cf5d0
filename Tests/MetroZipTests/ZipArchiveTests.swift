import Foundation
import MetroZip
import Testing

/// Pseudo-random bytes that do not compress, from a fixed seed.
private func noise(_ count: Int, seed: UInt64 = 42) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}

@Suite struct ZipArchiveTests {
    @Test func storedAndDeflatedMembersReadByteExactAcrossChunks() throws {
        let fixtures = try ZipFixtures()
        let big = noise(300_000), text = Array(String(repeating: "stop_id,stop_name\n", count: 20_000).utf8)
        let path = try fixtures.zip("feed.zip", [.init(name: "big.bin", bytes: big, deflated: false),
                                                  .init(name: "stops.txt", bytes: text), .init(name: "empty.txt", bytes: [])])
        let archive = try ZipArchive(path: path)
        #expect(archive.members.map(\.name) == ["big.bin", "stops.txt", "empty.txt"])
        #expect(archive.members.map(\.declaredSize) == [300_000, text.count, 0])
        var stored = try archive.bytes(of: archive.member(named: "big.bin")!)
        #expect(drain(&stored) == big)
        #expect(stored.failure == nil)
        var deflated = try archive.bytes(of: archive.member(named: "stops.txt")!)
        #expect(drain(&deflated) == text)
        var empty = try archive.bytes(of: archive.member(named: "empty.txt")!)
        #expect(drain(&empty).isEmpty)
    }

    @Test func whatIsNotAZipIsRefusedWithLibzipsWords() throws {
        let fixtures = try ZipFixtures()
        let garbage = try fixtures.file("garbage.zip", noise(4096))
        #expect(throws: ZipError(archive: garbage, problem: .library("Not a zip archive"))) { try ZipArchive(path: garbage) }
        let good = try fixtures.zip("good.zip", [.init(name: "stops.txt", bytes: noise(10_000))])
        let truncated = try fixtures.patched(good, as: "truncated.zip") { $0.removeLast(30) }
        #expect(throws: ZipError.self) { try ZipArchive(path: truncated) }
        let missing = fixtures.folder.appendingPathComponent("missing.zip").path
        #expect(throws: ZipError(archive: missing, problem: .library("No such file"))) { try ZipArchive(path: missing) }
    }

    @Test func aMemberOverTheLimitIsRefusedBeforeReading() throws {
        let fixtures = try ZipFixtures()
        let path = try fixtures.zip("large.zip", [.init(name: "stop_times.txt", bytes: noise(5_000))])
        let archive = try ZipArchive(path: path, limits: .init(maximumMembers: 10, maximumMemberBytes: 1_000))
        #expect(throws: ZipError(archive: path, member: "stop_times.txt", problem: .memberTooLarge(limit: 1_000))) {
            try archive.bytes(of: archive.members[0])
        }
    }

    @Test func aMemberLyingAboutItsSizeStopsAtTheLimit() throws {
        // 1 MB of zeros deflates to about 1 KB; its declared size is then set to 100 bytes in both headers.
        let fixtures = try ZipFixtures()
        let honest = try fixtures.zip("bomb.zip", [.init(name: "stop_times.txt", bytes: [UInt8](repeating: 0x30, count: 1_000_000))])
        let lying = try fixtures.patched(honest, as: "lying.zip") { bytes in
            for offset in headerOffsets(bytes, signature: localHeader) { put32(100, into: &bytes, at: offset + 22) }
            for offset in headerOffsets(bytes, signature: centralHeader) { put32(100, into: &bytes, at: offset + 24) }
        }
        let archive = try ZipArchive(path: lying, limits: .init(maximumMembers: 10, maximumMemberBytes: 200_000))
        #expect(archive.members[0].declaredSize == 100)
        var stream = try archive.bytes(of: archive.members[0])
        let read = drain(&stream)
        // Whatever libzip makes of the lie, no more than the limit (and one chunk) comes out, and the end is an error.
        #expect(read.count <= 200_000 + 65_536)
        #expect(stream.failure != nil)
    }

    @Test func tooManyMembersAndUnsafeNamesAreRefused() throws {
        let fixtures = try ZipFixtures()
        let many = try fixtures.zip("many.zip", (0..<5).map { .init(name: "f\($0).txt", bytes: [0x41]) })
        #expect(throws: ZipError(archive: many, problem: .tooManyMembers(limit: 3))) {
            try ZipArchive(path: many, limits: .init(maximumMembers: 3, maximumMemberBytes: 1_000))
        }
        for name in ["../stops.txt", "/etc/stops.txt", "feed/../../stops.txt"] {
            let path = try fixtures.zip("unsafe-\(name.count).zip", [.init(name: name, bytes: [0x41])])
            #expect(throws: ZipError(archive: path, member: name, problem: .unsafeName)) { try ZipArchive(path: path) }
        }
    }

    @Test func anEncryptedMemberIsRefused() throws {
        // The "encrypted" bit (bit 0 of the general purpose flags) set in both headers: traditional PKWARE
        // encryption as libzip sees it.
        let fixtures = try ZipFixtures()
        let plain = try fixtures.zip("plain.zip", [.init(name: "stops.txt", bytes: noise(500))])
        let locked = try fixtures.patched(plain, as: "locked.zip") { bytes in
            for offset in headerOffsets(bytes, signature: localHeader) { bytes[offset + 6] |= 1 }
            for offset in headerOffsets(bytes, signature: centralHeader) { bytes[offset + 8] |= 1 }
        }
        let archive = try ZipArchive(path: locked)
        #expect(archive.members[0].isEncrypted)
        #expect(throws: ZipError(archive: locked, member: "stops.txt", problem: .encrypted)) { try archive.bytes(of: archive.members[0]) }
        #expect(ZipError(archive: locked, member: "stops.txt", problem: .encrypted).phrase.en.hasSuffix("the archived file is encrypted; a feed must be open"))
    }
}
