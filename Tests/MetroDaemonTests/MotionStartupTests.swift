import Foundation
import Testing

/// The real `metrotimerd` with a `motion_device` this host does not have (it has no IIO devices): start-up and
/// `--check-config` name the key and list what was found, exit 78 (the set-up, which the unit does not restart).
/// Reading a real kernel's IIO buffer, and a ride with a change felt through it, run in the qemu guest tier
/// (Tests/motion-sim, docs/motion-rig.md).
@Suite struct MotionStartupTests {
    @Test func anAccelerometerThatIsNotThereStopsTheStartNamingIt() throws {
        let daemon = try DaemonProcess(extra: [])
        defer { daemon.stop(); daemon.remove() }
        try (String(contentsOfFile: daemon.configPath, encoding: .utf8) + "motion_device = metrotimer-test-accel\n")
            .write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        try daemon.start(waitForSocket: false)
        let status = daemon.waitForExit() ?? -1
        let errors = daemon.log.split(separator: "\n").filter { $0.hasPrefix("<3>") }
        #expect(status == 78, "log:\n\(daemon.log)")
        #expect(errors.count == 1 && errors.first?.contains("motion_device = metrotimer-test-accel: no IIO device 'metrotimer-test-accel' (found: ") == true,
                "log:\n\(daemon.log)")
    }

    @Test func checkConfigNamesTheAccelerometer() throws {
        let dir = try makeScratchDirectory("motion-check")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("check.conf").path
        try "data_file = \(DaemonProcess.dataFile)\nmotion_device = /dev/iio:device42\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", file, "--check-config"])
        #expect(r.status == 78, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("motion_device = '/dev/iio:device42': no IIO device '/dev/iio:device42' (found: "), "stderr: \(r.stderr)")
    }
}
