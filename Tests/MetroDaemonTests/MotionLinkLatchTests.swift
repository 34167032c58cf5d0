import Foundation
import Glibc
import MetroModel
import MetroSystem
import Testing
@testable import MetroDaemon

/// The accelerometer link in the daemon on a sensor of the test's making: who wants it read, and a start that
/// fails tried once per trip (by its t0), not at every status published.
@Suite struct MotionLinkLatchTests {
    func link(_ sensor: FakeAccelerometer, _ sink: RecordingLogSink) throws -> MotionLink {
        try MotionLink(device: "accel_3d", loop: EventLoop(), log: Logger(sink: sink), clock: ModelClock(scale: 1),
                       sysfs: sensor.sysfs, dev: sensor.dev)
    }

    func warnings(_ sink: RecordingLogSink) -> [String] {
        sink.lines.filter { $0.contains("without motion") }
    }

    @Test func aFailedStartIsTriedOncePerTripNotAtEveryPublish() throws {
        let sensor = try FakeAccelerometer()
        unlink(sensor.characterDevice)  // the start fails (as EBUSY does: the device cannot be opened)
        let sink = RecordingLogSink()
        let motion = try link(sensor, sink)
        let first = Instant(nanoseconds: 1_000_000_000)
        for _ in 0..<5 { motion.setReading(forTrip: first) }
        #expect(warnings(sink).count == 1, "one warning for the trip, not one per publish:\n\(sink.text)")
        #expect(motion.faultText != nil && !motion.isReading)
        motion.setReading(forTrip: nil)
        motion.setReading(forTrip: first)
        #expect(warnings(sink).count == 1, "the same trip (a publish after idle-looking status) is not retried")
        // The next ride tries again, and this time the device is there.
        guard mkfifo(sensor.characterDevice, 0o600) == 0 else { throw POSIXError(.EIO) }
        let second = Instant(nanoseconds: 900_000_000_000)
        motion.setReading(forTrip: second)
        #expect(motion.isReading && motion.faultText == nil, "log:\n\(sink.text)")
        #expect(sensor.bufferEnabled)
        motion.setReading(forTrip: nil)
        #expect(!motion.isReading && !sensor.bufferEnabled, "the arrival stops reading")
    }

    @Test func aRecordingWantsTheSensorWithOrWithoutATrip() throws {
        let sensor = try FakeAccelerometer()
        let sink = RecordingLogSink()
        let motion = try link(sensor, sink)
        motion.setRecording(7)
        #expect(motion.isReading && motion.reader == .recording(7))
        motion.setReading(forTrip: Instant(nanoseconds: 5_000_000_000))
        #expect(motion.isReading, "a trip starting while recording keeps the sensor on")
        motion.setRecording(nil)
        #expect(motion.isReading && motion.reader == .trip(Instant(nanoseconds: 5_000_000_000)), "the trip still wants it")
        motion.setReading(forTrip: nil)
        #expect(!motion.isReading && !sensor.bufferEnabled)
    }
}
