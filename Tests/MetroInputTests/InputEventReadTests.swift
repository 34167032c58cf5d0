import Foundation
import Glibc
import Testing
@testable import MetroInput
import CInputShim

/// `struct input_event` as the kernel writes it on a 64-bit time ABI (x86-64, arm64): a timeval, type, code, value.
private func rawEvent(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: seconds.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: microseconds.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    return bytes
}

/// A nonblocking pipe: events written at one end are read through the real read path at the other.
private final class EventPipe {
    let readEnd: Int32, writeEnd: Int32
    init() {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        readEnd = fds[0]
        writeEnd = fds[1]
        // Nonblocking like an evdev descriptor the daemon opens: an empty queue reads as "nothing now".
        #expect(fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK) == 0)
    }
    deinit {
        close(readEnd)
        close(writeEnd)
    }
    func write(_ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
    }
}

/// The read path of key events: whole `struct input_event`s from a descriptor, their timestamps in nanoseconds.
/// (Host tier, over a pipe: the kernel's evdev nodes with EVIOCSCLOCKID are tested in the qemu guest tier.)
@Suite struct InputEventReadTests {
    let evKey = UInt16(metro_input_ev_key()), evSyn = UInt16(metro_input_ev_syn())

    @Test func eventsAreReadWholeWithNanosecondTimestamps() throws {
        #if arch(x86_64) || arch(arm64)
        let pipe = EventPipe()
        try pipe.write(rawEvent(seconds: 5, microseconds: 1, type: evKey, code: 115, value: 1)
            + rawEvent(seconds: 5, microseconds: 1, type: evSyn, code: 0, value: 0)
            + rawEvent(seconds: 5, microseconds: 250_000, type: evKey, code: 115, value: 0))
        let events = try InputDevice.readEvents(fd: pipe.readEnd, describing: "pipe")
        #expect(events == [
            InputEvent(type: evKey, code: 115, value: 1, timestampNs: 5_000_001_000),
            InputEvent(type: evSyn, code: 0, value: 0, timestampNs: 5_000_001_000),
            InputEvent(type: evKey, code: 115, value: 0, timestampNs: 5_250_000_000),
        ])
        // Drained: nothing more, and no error from the empty nonblocking descriptor.
        #expect(try InputDevice.readEvents(fd: pipe.readEnd, describing: "pipe").isEmpty)
        #endif
    }

    @Test func moreEventsThanOneBatchAreAllRead() throws {
        #if arch(x86_64) || arch(arm64)
        let pipe = EventPipe()
        var bytes: [UInt8] = []
        for i in 0..<150 { bytes += rawEvent(seconds: Int64(i), microseconds: 0, type: evKey, code: 114, value: Int32(i % 2)) }
        try pipe.write(bytes)
        let events = try InputDevice.readEvents(fd: pipe.readEnd, describing: "pipe")
        #expect(events.count == 150)
        #expect(events.last?.timestampNs == 149_000_000_000)
        #endif
    }

    /// Hostile timestamps (from a descriptor that is not the kernel's) are clamped, never overflowed.
    @Test func absurdTimestampsAreClamped() throws {
        #if arch(x86_64) || arch(arm64)
        let pipe = EventPipe()
        try pipe.write(rawEvent(seconds: .max, microseconds: 999_999, type: evKey, code: 115, value: 1)
            + rawEvent(seconds: -5, microseconds: 0, type: evKey, code: 115, value: 0)
            + rawEvent(seconds: 1, microseconds: .max, type: evKey, code: 115, value: 1))
        let events = try InputDevice.readEvents(fd: pipe.readEnd, describing: "pipe")
        #expect(events.map(\.timestampNs) == [.max, 0, 1_999_999_000])
        #endif
    }

    @Test func aReadCutInsideAnEventIsAnError() throws {
        let pipe = EventPipe()
        try pipe.write([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        #expect(throws: InputError.self) { try InputDevice.readEvents(fd: pipe.readEnd, describing: "pipe") }
        do { _ = try InputDevice.readEvents(fd: pipe.readEnd, describing: "pipe") } catch {
            // The bytes were consumed by the first read; the pipe is now empty.
            Issue.record("second read: \(error)")
        }
    }

    @Test func aClosedDescriptorIsANamedSystemError() {
        do {
            _ = try InputDevice.readEvents(fd: -1, describing: "/dev/input/event7 ('gpio-keys')")
            Issue.record("read from fd -1 succeeded")
        } catch {
            #expect(error.kind == .system && error.errno == EBADF)
            #expect(error.message.hasPrefix("reading events of /dev/input/event7 ('gpio-keys'): "), "\(error.message)")
        }
    }
}

/// From events to key edges: presses and releases of the watched keys, autorepeat and other keys ignored, and the
/// kernel's SYN_DROPPED protocol. (Host tier: pure.)
@Suite struct KeyEdgeDecodingTests {
    let evKey = UInt16(metro_input_ev_key()), evSyn = UInt16(metro_input_ev_syn())
    let report = UInt16(metro_input_syn_report()), dropped = UInt16(metro_input_syn_dropped())

    func key(_ code: UInt16, _ value: Int32, at ns: Int64) -> InputEvent { InputEvent(type: evKey, code: code, value: value, timestampNs: ns) }
    func syn(_ code: UInt16, at ns: Int64) -> InputEvent { InputEvent(type: evSyn, code: code, value: 0, timestampNs: ns) }

    @Test func pressAndReleaseAreEdgesAutorepeatAndOtherKeysAreNot() {
        let events = [key(115, 1, at: 10), syn(report, at: 10), key(115, 2, at: 500), syn(report, at: 500),
                      key(114, 1, at: 600), syn(report, at: 600), key(115, 0, at: 900), syn(report, at: 900)]
        let read = KeyButton.edges(of: events, watching: [115])
        #expect(read == KeyRead(edges: [KeyEdge(code: 115, pressed: true, boottimeNs: 10), KeyEdge(code: 115, pressed: false, boottimeNs: 900)]))
    }

    @Test func bothWatchedKeysAreReported() {
        let read = KeyButton.edges(of: [key(115, 1, at: 1), key(114, 1, at: 2), key(116, 1, at: 3)], watching: [115, 114])
        #expect(read.edges.map(\.code) == [115, 114])
    }

    @Test func afterADropEverythingUpToTheNextReportIsIgnored() {
        let events = [key(115, 1, at: 1), syn(report, at: 1), syn(dropped, at: 2), key(115, 0, at: 3),
                      syn(report, at: 3), key(115, 1, at: 4), syn(report, at: 4)]
        let read = KeyButton.edges(of: events, watching: [115])
        #expect(read.dropped)
        #expect(read.edges == [KeyEdge(code: 115, pressed: true, boottimeNs: 4)])
    }
}

/// Opening something that is not an input device, or not there, names it. (Host tier: this host has no
/// /dev/input; the errors of real devices — no such key, no force feedback, permission — are tested in the guest.)
@Suite struct InputDeviceOpenTests {
    @Test func devNullIsNotAnInputDevice() {
        do {
            _ = try InputDevice(path: "/dev/null", writable: false)
            Issue.record("/dev/null opened as an input device")
        } catch {
            #expect(error.kind == .notAnInputDevice)
            #expect(error.message.hasPrefix("/dev/null is not an input event device (EVIOCGVERSION: "), "\(error.message)")
        }
    }

    @Test func aMissingPathIsNoSuchDevice() {
        do {
            _ = try InputDeviceLookup.open("/dev/input/by-path/platform-none-event", writable: false)
            Issue.record("opened")
        } catch {
            #expect(error.kind == .noSuchDevice)
            #expect(error.message == "no input device /dev/input/by-path/platform-none-event (no such file)")
        }
    }

    @Test func aNameMatchingNoDeviceListsWhatWasFound() throws {
        let directory = try temporaryDirectory()
        defer { removeTree(directory) }
        // Regular files named like event nodes: found, but not input devices, so not listed as devices.
        for name in ["event0", "event10", "event2", "mouse0", "eventX"] { try touch(directory + "/" + name) }
        #expect(InputDeviceLookup.eventNodes(in: directory) == ["event0", "event2", "event10"].map { directory + "/" + $0 })
        do {
            _ = try InputDeviceLookup.open("gpio-keys", writable: false, directory: directory)
            Issue.record("opened")
        } catch {
            #expect(error.kind == .noSuchDevice)
            #expect(error.message == "no input device named 'gpio-keys' (found: no input devices in \(directory))")
        }
    }

    @Test func anEmptySpecIsRefused() {
        #expect(throws: InputError(kind: .invalidSpec, errno: 0, message: "no input device given", ukrainian: "пристрій вводу не вказано")) {
            try InputDeviceLookup.open("", writable: false)
        }
    }
}

/// A private directory (tests run beside other tests: no fixed paths).
func temporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-input-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

func touch(_ path: String) throws {
    try #require(FileManager.default.createFile(atPath: path, contents: nil))
}

func removeTree(_ directory: String) {
    try? FileManager.default.removeItem(atPath: directory)
}
