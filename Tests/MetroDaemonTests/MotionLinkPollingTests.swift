import Foundation
import Glibc
import IIOTestSupport
import MetroModel
import MetroSystem
import Testing
@testable import MetroDaemon

/// The accelerometer link on a device without a buffer (no interrupt wired, as on the Librem 5): polled on a
/// timer armed only while someone wants the sensor, a second's samples handed on at once, nothing left to wake an
/// idle loop. The device is a sysfs tree of the test's making (regular files stand in for the raw attributes);
/// the timer and the loop are the daemon's own.
@Suite struct MotionLinkPollingTests {
    /// `iio:device0` without a buffer, standing still with gravity on z.
    final class PolledTree {
        let fake: FakeIIOTree
        var sysfs: String { fake.sysfs }
        var root: String { fake.root }

        init() throws {
            fake = try FakeIIOTree()
            try fake.addPolledAccelerometer(raw: [("x", "100"), ("y", "-200"), ("z", "16384")])
        }

        func put(_ name: String, _ text: String) throws { try fake.put("sys/iio:device0/\(name)", text) }
    }

    @Test func aDeviceWithoutABufferIsPolledWhileATripRidesAndLeftAloneAfter() throws {
        let tree = try PolledTree()
        let loop = try EventLoop()
        let sink = RecordingLogSink()
        let motion = try MotionLink(device: "lsm9ds1_accel", loop: loop, log: Logger(sink: sink), clock: ModelClock(scale: 1),
                                    sysfs: tree.sysfs, dev: "\(tree.root)/dev")
        var batches: [[AccelerationSample]] = []
        motion.register(onSamples: { batches.append($0) })
        #expect(sink.text.contains("polled"), "the log names the polled device:\n\(sink.text)")
        // Idle: nothing registered, nothing wakes the loop.
        #expect(try loop.runOnce(timeoutMilliseconds: 100) == 0)

        motion.setReading(forTrip: Instant(nanoseconds: 1_000_000_000))
        #expect(motion.isReading, "log:\n\(sink.text)")
        var turns = 0
        while batches.isEmpty, turns < 2_000 {  // a second of polls takes 25 turns; the bound only ends a hang
            try loop.runOnce(timeoutMilliseconds: 1_000)
            turns += 1
        }
        let batch = try #require(batches.first)
        #expect(batch.count == MotionLink.polledSamplesPerSecond, "a second's samples in one hand-over")
        #expect(zip(batch, batch.dropFirst()).allSatisfy { $0.at < $1.at }, "each poll stamped as it was read")
        let first = try #require(batch.first)
        #expect(abs(first.x - 0.0598) < 1e-9 && abs(first.y + 0.1196) < 1e-9 && abs(first.z - 9.797632) < 1e-9, "\(first)")

        // The arrival: the timer is disarmed and the attributes closed; the loop has nothing left to wake it.
        motion.setReading(forTrip: nil)
        #expect(!motion.isReading)
        let handed = batches.count
        #expect(try loop.runOnce(timeoutMilliseconds: 200) == 0)
        #expect(batches.count == handed)
    }

    @Test func aBufferWithNothingToFillItIsPolledAndAnHrtimerTriggerSetByTheSystemIsUsed() throws {
        // An I²C part whose interrupt the board does not wire: a buffer, no trigger of its own, raw attributes.
        let sensor = try FakeAccelerometer()
        try sensor.put("sys/trigger0/name", "magn_3d-dev0")
        for axis in ["x", "y", "z"] { try sensor.put("sys/iio:device1/in_accel_\(axis)_raw", "0") }
        let sink = RecordingLogSink()
        let polled = try MotionLink(device: "accel_3d", loop: EventLoop(), log: Logger(sink: sink), clock: ModelClock(scale: 1),
                                    sysfs: sensor.sysfs, dev: sensor.dev)
        polled.setReading(forTrip: Instant(nanoseconds: 1_000_000_000))
        #expect(polled.isReading && !sensor.bufferEnabled, "polled, the buffer left alone:\n\(sink.text)")
        #expect(sink.text.contains("polling"), "\(sink.text)")
        polled.setReading(forTrip: nil)

        // The system made an hrtimer trigger and set it (docs/accelerometer.md): the buffer is read.
        try sensor.put("sys/iio:device1/trigger/current_trigger", "metrotimer-hrtimer")
        let bufferedSink = RecordingLogSink()
        let buffered = try MotionLink(device: "accel_3d", loop: EventLoop(), log: Logger(sink: bufferedSink),
                                      clock: ModelClock(scale: 1), sysfs: sensor.sysfs, dev: sensor.dev)
        buffered.setReading(forTrip: Instant(nanoseconds: 1_000_000_000))
        #expect(buffered.isReading && sensor.bufferEnabled, "\(bufferedSink.text)")
        buffered.setReading(forTrip: nil)
    }

    @Test func aPolledDeviceThatFailsIsAFaultAndTheRideGoesOn() throws {
        let tree = try PolledTree()
        let loop = try EventLoop()
        let sink = RecordingLogSink()
        let motion = try MotionLink(device: "iio:device0", loop: loop, log: Logger(sink: sink), clock: ModelClock(scale: 1),
                                    sysfs: tree.sysfs, dev: "\(tree.root)/dev")
        var failures = 0
        motion.register(onSamples: { _ in }, onFailure: { failures += 1 })
        motion.setReading(forTrip: Instant(nanoseconds: 1_000_000_000))
        try tree.put("in_accel_x_raw", "not a number")
        var turns = 0
        while motion.isReading, turns < 200 {
            try loop.runOnce(timeoutMilliseconds: 1_000)
            turns += 1
        }
        #expect(!motion.isReading && failures == 1)
        let fault = try #require(motion.faultText)
        #expect(fault.en.contains("in_accel_x_raw") && fault.en.contains("not a number"), "\(fault.en)")
        #expect(try loop.runOnce(timeoutMilliseconds: 100) == 0, "a failed sensor leaves nothing armed")
    }

    /// A wake-up reads a second and a half at the rate the device runs at: 75 at the 50 asked (or a slower rate
    /// reported), 1 500 for a device that cannot go below 1 kHz, never more than 10 kHz's worth.
    @Test func aWakeUpReadsASecondAndAHalfAtTheDevicesOwnRate() {
        #expect(MotionLink.scansPerWakeUp(rate: 50) == 75)
        #expect(MotionLink.scansPerWakeUp(rate: 12.5) == 75)
        #expect(MotionLink.scansPerWakeUp(rate: 1_000) == 1_500)
        #expect(MotionLink.scansPerWakeUp(rate: 100_000) == 15_000)
    }

    /// The poll grid: on time, the next poll is one period on; a wake-up late by 3.5 periods skips the three it
    /// missed (one sample, not four in a burst) and stays on the grid; a wake-up a little early keeps the grid too.
    @Test func aLateWakeUpSkipsThePollsItMissedAndKeepsTheGrid() {
        let period: Int64 = 40_000_000
        #expect(MotionLink.pollAfter(1_000_000_000, now: 1_000_000_000, period: period) == 1_040_000_000)
        #expect(MotionLink.pollAfter(1_000_000_000, now: 1_000_000_000 + 7 * period / 2, period: period) == 1_160_000_000)
        #expect(MotionLink.pollAfter(1_000_000_000, now: 1_000_000_000 + 3 * period, period: period) == 1_160_000_000)
        #expect(MotionLink.pollAfter(1_000_000_000, now: 999_000_000, period: period) == 1_040_000_000)
    }
}
