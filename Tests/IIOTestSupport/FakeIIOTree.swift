import Foundation
import Glibc

/// A sysfs tree and a `/dev` folder of a test's making, for the accelerometer readers: regular files stand in for
/// the attributes and a FIFO for a buffer's character device. The real kernel's IIO devices are read in the guests
/// (Tests/motion-sim); these trees let the readers and the daemon's motion link run on any host. Removed with the
/// object.
public final class FakeIIOTree {
    public let root: String
    public var sysfs: String { "\(root)/sys" }
    public var dev: String { "\(root)/dev" }

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-iio-\(UUID().uuidString.prefix(8))").path
        for folder in ["sys", "dev"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `text` and a newline, as sysfs gives it, to `path` under the root, making its folder.
    public func put(_ path: String, _ text: String) throws {
        let full = "\(root)/\(path)"
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: full).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try (text + "\n").write(toFile: full, atomically: false, encoding: .utf8)
    }

    /// The text of `path` under the root, whitespace trimmed.
    public func get(_ path: String) throws -> String {
        try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A buffered accelerometer as the kernel lays out the uhid sensor-hub one (docs/motion-rig.md):
    /// `sys/iio:device<node>` named `name`, x, y and z as `le:s32/32>>0` at indices 0–2 and the timestamp as
    /// `le:s64/64>>0` at 3, all disabled; a scale of 0.000980665 (a count is 0.0001 g), 10 Hz, the timestamp clock
    /// `realtime` (when `timestampClock`), no trigger set, an empty buffer; `sys/trigger<triggerNode>` named after the
    /// device (`name-dev<node>`) when `ownTrigger`, else after another; and `dev/iio:device<node>` a FIFO.
    public func addBufferedAccelerometer(node: Int = 1, name: String = "accel_3d", timestampClock: Bool = true,
                                         ownTrigger: Bool = true, triggerNode: Int = 0) throws
    {
        let device = "sys/iio:device\(node)"
        try put("\(device)/name", name)
        for (index, axis) in ["x", "y", "z"].enumerated() {
            try put("\(device)/scan_elements/in_accel_\(axis)_en", "0")
            try put("\(device)/scan_elements/in_accel_\(axis)_index", "\(index)")
            try put("\(device)/scan_elements/in_accel_\(axis)_type", "le:s32/32>>0")
        }
        try put("\(device)/scan_elements/in_timestamp_en", "0")
        try put("\(device)/scan_elements/in_timestamp_index", "3")
        try put("\(device)/scan_elements/in_timestamp_type", "le:s64/64>>0")
        try put("\(device)/in_accel_scale", "0.000980665")
        try put("\(device)/in_accel_offset", "0")
        try put("\(device)/in_accel_sampling_frequency", "10.000000")
        if timestampClock { try put("\(device)/current_timestamp_clock", "realtime") }
        try put("\(device)/trigger/current_trigger", "")
        try put("sys/trigger\(triggerNode)/name", ownTrigger ? "\(name)-dev\(node)" : "other-dev\(node)")
        for file in ["length", "watermark", "enable"] { try put("\(device)/buffer/\(file)", "0") }
        guard mkfifo("\(dev)/iio:device\(node)", 0o600) == 0 else { throw POSIXError(.EIO) }
    }

    /// An accelerometer without a buffer, as one whose interrupt line the board does not wire is exposed:
    /// `sys/iio:device<node>` named `name` with `in_accel_<axis>_raw` for each of `raw`'s axes and a shared scale.
    public func addPolledAccelerometer(node: Int = 0, name: String = "lsm9ds1_accel",
                                       raw: [(axis: String, value: String)] = [("x", "0"), ("y", "0"), ("z", "0")],
                                       scale: String = "0.000598") throws
    {
        try put("sys/iio:device\(node)/name", name)
        for (axis, value) in raw { try put("sys/iio:device\(node)/in_accel_\(axis)_raw", value) }
        try put("sys/iio:device\(node)/in_accel_scale", scale)
    }

    /// Scans of (x, y, z counts, boot-time stamp) in the buffered accelerometer's layout: three `s32`, four bytes
    /// of padding to the timestamp's alignment, the `s64` stamp, little-endian.
    public static func scanBytes(_ scans: [(Int32, Int32, Int32, Int64)]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (x, y, z, t) in scans {
            for value in [x, y, z] { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
            bytes += [0, 0, 0, 0]
            withUnsafeBytes(of: t.littleEndian) { bytes += $0 }
        }
        return bytes
    }
}
