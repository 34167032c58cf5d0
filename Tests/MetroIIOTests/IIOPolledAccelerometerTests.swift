import Foundation
import Glibc
import IIOTestSupport
import Testing
@testable import MetroIIO

/// The polled reader against a sysfs tree of the test's making: a device without a buffer, as an accelerometer
/// whose interrupt line the board does not wire is exposed (only `in_accel_{x,y,z}_raw`, a scale, an offset).
@Suite("IIO accelerometer without a buffer, polled")
struct IIOPolledAccelerometerTests {
    /// `iio:device0` without a buffer, with an offset of its own on y.
    final class Tree {
        let fake: FakeIIOTree
        var sysfs: String { fake.sysfs }
        var root: String { fake.root }

        init(axes: [String] = ["x", "y", "z"]) throws {
            fake = try FakeIIOTree()
            try fake.addPolledAccelerometer(raw: axes.map { ($0, "0") })
            try put("in_accel_y_offset", "10")
        }

        func put(_ name: String, _ text: String) throws { try fake.put("sys/iio:device0/\(name)", text) }
    }

    @Test("a device without a buffer is no buffered accelerometer, and is polled by name")
    func bufferedRefusesAndPolledTakesIt() throws {
        let tree = try Tree()
        #expect(throws: IIOError.self) { try IIOAccelerometer("lsm9ds1_accel", sysfs: tree.sysfs, dev: "\(tree.root)/dev") }
        do {
            _ = try IIOAccelerometer("lsm9ds1_accel", sysfs: tree.sysfs, dev: "\(tree.root)/dev")
        } catch {
            #expect(error.kind == .unsupported && error.message.contains("no scan element in_accel_x"), "\(error.message)")
        }
        let sensor = try IIOPolledAccelerometer("lsm9ds1_accel", sysfs: tree.sysfs)
        #expect(sensor.node == "iio:device0" && sensor.described.contains("polled"))
        #expect(try sensor.read() == nil, "nothing read before the start")
    }

    @Test("each read is the attributes' values now, scaled, each axis with its own offset, stamped on the boot-time clock")
    func readsTheAttributesAgainEachTime() throws {
        let tree = try Tree()
        let sensor = try IIOPolledAccelerometer("iio:device0", sysfs: tree.sysfs)
        try sensor.start()
        #expect(sensor.isStarted)
        try tree.put("in_accel_x_raw", "1000")
        try tree.put("in_accel_y_raw", "-10")
        try tree.put("in_accel_z_raw", "16400")
        let before = bootNanoseconds()
        let first = try #require(try sensor.read())
        let after = bootNanoseconds()
        #expect(abs(first.x - 0.598) < 1e-9 && abs(first.y) < 1e-9 && abs(first.z - 9.8072) < 1e-9, "\(first)")
        #expect(first.boottimeNanoseconds >= before && first.boottimeNanoseconds <= after)
        // The same open files, read again from their start: a shorter value leaves no trace of the longer one.
        try tree.put("in_accel_z_raw", "5")
        let second = try #require(try sensor.read())
        #expect(abs(second.z - 0.00299) < 1e-9, "\(second)")
        #expect(second.boottimeNanoseconds >= first.boottimeNanoseconds)
        sensor.stop()
        #expect(!sensor.isStarted)
        #expect(try sensor.read() == nil)
    }

    @Test("what is wrong is named: a missing axis, a value that is no number")
    func badAttributesAreNamed() throws {
        let partial = try Tree(axes: ["x", "y"])
        do {
            _ = try IIOPolledAccelerometer("lsm9ds1_accel", sysfs: partial.sysfs)
            Issue.record("a device without in_accel_z_raw was taken")
        } catch {
            #expect(error.message.contains("in_accel_z_raw"), "\(error.message)")
        }
        let tree = try Tree()
        let sensor = try IIOPolledAccelerometer("lsm9ds1_accel", sysfs: tree.sysfs)
        try sensor.start()
        try tree.put("in_accel_y_raw", "garbage")
        do {
            _ = try sensor.read()
            Issue.record("a value that is no number was read")
        } catch {
            #expect(error.message.contains("in_accel_y_raw") && error.message.contains("garbage"), "\(error.message)")
        }
    }
}

private func bootNanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_BOOTTIME, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}
