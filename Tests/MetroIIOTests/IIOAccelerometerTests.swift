import Foundation
import Glibc
import IIOTestSupport
import Testing
@testable import MetroIIO

/// The accelerometer reader against a sysfs tree and a character device of the test's making: the tree as the
/// kernel lays out the uhid sensor-hub accelerometer's (docs/motion-rig.md), the device a FIFO the test writes
/// scans into. The real kernel's buffer is read in the guests (Tests/motion-sim); here, what the reader writes to
/// sysfs and how it decodes and bounds what it reads.
@Suite("IIO accelerometer on a sysfs tree of the test's making")
struct IIOAccelerometerTests {
    /// The uhid sensor-hub accelerometer at `iio:device1`, beside a magnetometer at `iio:device0` whose trigger is
    /// `trigger0`, and with a temperature channel someone else left enabled.
    final class Tree {
        let fake: FakeIIOTree
        var sysfs: String { fake.sysfs }
        var dev: String { fake.dev }
        var device: String { "\(sysfs)/iio:device1" }

        init(name: String = "accel_3d", withTimestampClock: Bool = true, ownTrigger: Bool = true) throws {
            fake = try FakeIIOTree()
            try fake.put("sys/iio:device0/name", "magn_3d")
            try fake.put("sys/trigger0/name", "magn_3d-dev0")
            try fake.addBufferedAccelerometer(node: 1, name: name, timestampClock: withTimestampClock,
                                              ownTrigger: ownTrigger, triggerNode: 1)
            try fake.put("sys/iio:device1/scan_elements/in_temp_en", "1")
        }

        func put(_ path: String, _ text: String) throws { try fake.put(path, text) }

        func get(_ path: String) throws -> String { try fake.get("sys/iio:device1/\(path)") }

        private var writer: Int32 = -1

        /// Opens the FIFO's writing end (the reader must have it open) and keeps it open: with no writer a FIFO
        /// reads as an end of file, which a real buffer never gives (the reader takes it for a device gone).
        func openWriter() throws {
            if writer < 0 { writer = open("\(dev)/iio:device1", O_WRONLY | O_NONBLOCK) }
            guard writer >= 0 else { throw POSIXError(.EIO) }
        }

        /// Closes the writing end: the reader sees the end of file a device gone stands for.
        func closeWriter() {
            if writer >= 0 { close(writer) }
            writer = -1
        }

        /// Writes scans of (x, y, z counts, timestamp) into the FIFO.
        func write(_ scans: [(Int32, Int32, Int32, Int64)]) throws {
            try openWriter()
            let bytes = FakeIIOTree.scanBytes(scans)
            #expect(bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } == bytes.count)
        }

        deinit { closeWriter() }
    }

    @Test func aNameFindsTheDeviceAndStartSetsTheBufferUp() throws {
        let tree = try Tree()
        let sensor = try IIOAccelerometer("accel_3d", sysfs: tree.sysfs, dev: tree.dev)
        #expect(sensor.node == "iio:device1" && sensor.devicePath == "\(tree.dev)/iio:device1")
        let rate = try sensor.start(samplesPerSecond: 50, wakeEverySeconds: 1)
        // This tree's rate file keeps what was written: the rate asked for.
        #expect(rate == 50)
        #expect(try tree.get("scan_elements/in_accel_x_en") == "1" && tree.get("scan_elements/in_accel_z_en") == "1")
        #expect(try tree.get("scan_elements/in_timestamp_en") == "1")
        #expect(try tree.get("scan_elements/in_temp_en") == "0", "a channel left on would change the layout")
        #expect(try tree.get("current_timestamp_clock") == "boottime")
        #expect(try tree.get("trigger/current_trigger") == "accel_3d-dev1", "its own trigger, not another device's")
        #expect(try tree.get("buffer/watermark") == "50", "a wake-up a second")
        #expect(try tree.get("buffer/length") == "200")
        #expect(try tree.get("buffer/enable") == "1")
        #expect(sensor.fd != nil)
        sensor.stop()
        #expect(try tree.get("buffer/enable") == "0")
        #expect(sensor.fd == nil, "stopped, it holds no descriptor")
    }

    @Test func scansAreDecodedScaledAndBoundedPerRead() throws {
        let tree = try Tree()
        let sensor = try IIOAccelerometer("\(tree.dev)/iio:device1", sysfs: tree.sysfs, dev: tree.dev)
        try sensor.start(samplesPerSecond: 50, wakeEverySeconds: 1)
        try tree.openWriter()
        #expect(try sensor.read().isEmpty, "nothing waiting")
        // 1 g on z is 10 000 counts of 0.0001 g.
        try tree.write([(0, 0, 10_000, 1_000_000_000), (-1000, 500, 9_990, 1_020_000_000), (2000, 0, 10_000, 1_040_000_000)])
        let first = try sensor.read(maximumScans: 2)
        #expect(first.count == 2, "at most the bound")
        #expect(first.map(\.boottimeNanoseconds) == [1_000_000_000, 1_020_000_000])
        #expect(abs(first[0].z - 9.80665) < 1e-9 && first[0].x == 0)
        #expect(abs(first[1].x + 0.980665) < 1e-9 && abs(first[1].y - 0.4903325) < 1e-9)
        let rest = try sensor.read()
        #expect(rest.count == 1 && rest[0].boottimeNanoseconds == 1_040_000_000)
        #expect(abs(rest[0].x - 1.96133) < 1e-9)

        // The device gone (here the FIFO's end of file): an error naming it, not an empty read that would leave
        // the descriptor waking the loop at every turn.
        tree.closeWriter()
        #expect {
            _ = try sensor.read()
        } throws: { error in
            let failure = error as? IIOError
            return failure?.isDeviceGone == true && failure?.message.contains("iio:device1") == true
        }
    }

    @Test func aNameMatchingNoDeviceListsThoseFound() throws {
        let tree = try Tree()
        #expect {
            _ = try IIOAccelerometer("lis3dh", sysfs: tree.sysfs, dev: tree.dev)
        } throws: { error in
            let failure = error as? IIOError
            return failure?.kind == .noSuchDevice && failure?.message.contains("iio:device0 'magn_3d'") == true
                && failure?.message.contains("iio:device1 'accel_3d'") == true
        }
        #expect {
            _ = try IIOAccelerometer("", sysfs: tree.sysfs, dev: tree.dev)
        } throws: { ($0 as? IIOError)?.kind == .invalidSpec }
    }

    @Test func aDeviceThatIsNotAnAccelerometerIsNamed() throws {
        let tree = try Tree()
        #expect {
            _ = try IIOAccelerometer("magn_3d", sysfs: tree.sysfs, dev: tree.dev)
        } throws: { error in
            let failure = error as? IIOError
            return failure?.kind == .unsupported && failure?.message.contains("no scan element in_accel_x") == true
        }
    }

    @Test func withoutABoottimeClockOrATriggerItSaysWhy() throws {
        let noClock = try Tree(withTimestampClock: false)
        let sensor = try IIOAccelerometer("accel_3d", sysfs: noClock.sysfs, dev: noClock.dev)
        #expect {
            try sensor.start(samplesPerSecond: 50, wakeEverySeconds: 1)
        } throws: { ($0 as? IIOError)?.message.contains("CLOCK_BOOTTIME") == true }
        let noTrigger = try Tree(ownTrigger: false)
        let other = try IIOAccelerometer("accel_3d", sysfs: noTrigger.sysfs, dev: noTrigger.dev)
        #expect {
            try other.start(samplesPerSecond: 50, wakeEverySeconds: 1)
        } throws: { error in
            let message = (error as? IIOError)?.message ?? ""
            return message.contains("no trigger of its own") && message.contains("magn_3d-dev0, other-dev1")
        }
    }

    @Test func aMissingCharacterDeviceIsNamed() throws {
        let tree = try Tree()
        unlink("\(tree.dev)/iio:device1")
        let sensor = try IIOAccelerometer("accel_3d", sysfs: tree.sysfs, dev: tree.dev)
        #expect {
            try sensor.start(samplesPerSecond: 50, wakeEverySeconds: 1)
        } throws: { ($0 as? IIOError)?.kind == .noSuchDevice }
    }
}
