import Foundation
import Glibc
import MetroControl
import MetroModel
import MetroSystem
import Testing
@testable import MetroDaemon

/// A motion fault reaches the watchers when it happens: a sensor that will not start shows in the status the
/// start publishes, and one that fails mid-ride publishes the status that shows it. A buffer a killed daemon left
/// enabled is disabled when the daemon starts.
@Suite(.serialized) struct MotionFaultTests {
    final class Watch {
        var lines: [String] = []
        /// The status events pushed so far that name a motion fault.
        var motionFaults: [String] { lines.filter { $0.contains("\"status\"") && $0.contains("\"part\":\"motion\"") } }
    }

    static func watch(_ daemon: Daemon) -> Watch {
        let watch = Watch()
        daemon.watchers.add(ObjectIdentifier(watch)) { [unowned watch] line in watch.lines.append(line) }
        return watch
    }

    @Test func aSensorThatWillNotStartShowsInTheStatusTheStartPublishes() throws {
        let sensor = try FakeAccelerometer()
        let (daemon, files) = try MotionRecordingTests.daemon(sensor)
        defer { MotionRecordingTests.close(daemon); files.remove() }
        unlink(sensor.characterDevice)
        _ = try MotionRecordingTests.ask(daemon, .chooseRoute(from: "lisova", to: "teremky"))
        let watch = Self.watch(daemon)
        let started = try MotionRecordingTests.ask(daemon, .start)
        #expect(started["ok"]?.boolValue == true, "\(started)")
        // The start's own publish, with no turn of the loop and no other change after it.
        #expect(watch.motionFaults.count == 1, "pushed:\n\(watch.lines.joined(separator: "\n"))")
        #expect(daemon.motion?.isReading == false)
    }

    @Test func aSensorFailingMidRidePublishesTheStatusThatShowsIt() throws {
        let sensor = try FakeAccelerometer()
        let sink = RecordingLogSink()
        let (daemon, files) = try MotionRecordingTests.daemon(sensor, log: Logger(sink: sink))
        defer { MotionRecordingTests.close(daemon); files.remove() }
        _ = try MotionRecordingTests.ask(daemon, .chooseRoute(from: "lisova", to: "teremky"))
        let started = try MotionRecordingTests.ask(daemon, .start)
        #expect(started["ok"]?.boolValue == true, "\(started)")
        #expect(daemon.motion?.isReading == true && sensor.bufferEnabled)
        let watch = Self.watch(daemon)
        try sensor.write([(0, 0, 10_000, Clocks.now(.boottime))])
        #expect(try MotionRecordingTests.turn(daemon) { sensor.unread == 0 }, "the daemon reads what the sensor gives")
        #expect(watch.motionFaults.isEmpty, "reading, no fault yet")

        // The device goes away under the open descriptor (here: the end of file no real buffer shows).
        sensor.closeWriter()
        let shown = try MotionRecordingTests.turn(daemon) { !watch.motionFaults.isEmpty }
        #expect(shown, "the failure was published:\n\(sink.text)")
        #expect(daemon.motion?.isReading == false && !sensor.bufferEnabled, "the sensor is off")
        #expect(daemon.engine.active != nil, "the ride goes on without motion")
        #expect(watch.motionFaults.first?.contains("No such device") == true, "\(watch.motionFaults)")
        #expect(sink.lines.filter { $0.contains("this ride goes on without motion") }.count == 1, "\(sink.text)")
    }

    @Test func aBufferLeftEnabledIsDisabledWhenTheDaemonStartsUnlessSomeoneHoldsIt() throws {
        let sensor = try FakeAccelerometer()
        try sensor.put("sys/iio:device1/buffer/enable", "1")
        let sink = RecordingLogSink()
        let (daemon, files) = try MotionRecordingTests.daemon(sensor, log: Logger(sink: sink))
        defer { MotionRecordingTests.close(daemon); files.remove() }
        #expect(!sensor.bufferEnabled, "disabled at start:\n\(sink.text)")
        #expect(sink.lines.contains { $0.contains("left enabled") }, "\(sink.text)")

        // Another reader holds it (the device does not open): its buffer is left alone.
        try sensor.put("sys/iio:device1/buffer/enable", "1")
        unlink(sensor.characterDevice)
        let (other, otherFiles) = try MotionRecordingTests.daemon(sensor)
        defer { MotionRecordingTests.close(other); otherFiles.remove() }
        #expect(sensor.bufferEnabled, "a buffer in use elsewhere is not touched")
    }
}
