import Foundation
import Glibc
import IIOTestSupport

/// The uhid sensor-hub accelerometer of the test's making (`accel_3d` at `iio:device1`, its own trigger at
/// `trigger0`; `FakeIIOTree`), with the FIFO standing in for `/dev/iio:device1` kept open for writing.
final class FakeAccelerometer {
    let tree: FakeIIOTree
    var root: String { tree.root }
    var sysfs: String { tree.sysfs }
    var dev: String { tree.dev }
    var characterDevice: String { "\(dev)/iio:device1" }

    init() throws {
        tree = try FakeIIOTree()
        try tree.addBufferedAccelerometer(node: 1, name: "accel_3d", triggerNode: 0)
    }

    deinit {
        if writer >= 0 { close(writer) }
    }

    func put(_ path: String, _ text: String) throws { try tree.put(path, text) }

    /// Writes scans of (x, y, z counts of 0.0001 g, boot-time stamp) into the character device (its reader must have
    /// it open): the writing end is kept open, so the reader never sees an end of file.
    func write(_ scans: [(Int32, Int32, Int32, Int64)]) throws {
        if writer < 0 { writer = open(characterDevice, O_WRONLY | O_NONBLOCK) }
        guard writer >= 0 else { throw POSIXError(.EIO) }
        let bytes = FakeIIOTree.scanBytes(scans)
        let written = bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(.EIO) }
    }

    private var writer: Int32 = -1

    /// Bytes written and not yet read by the reader (FIONREAD on the FIFO).
    var unread: Int32 {
        var count: Int32 = 0
        guard writer >= 0, ioctl(writer, UInt(FIONREAD), &count) == 0 else { return 0 }
        return count
    }

    /// Closes the writing end: the reader sees an end of file, as no real buffer ever shows it (a device gone).
    func closeWriter() {
        if writer >= 0 { close(writer) }
        writer = -1
    }

    /// Whether the buffer is enabled now.
    var bufferEnabled: Bool {
        (try? String(contentsOfFile: "\(sysfs)/iio:device1/buffer/enable", encoding: .utf8))?.hasPrefix("1") == true
    }
}
