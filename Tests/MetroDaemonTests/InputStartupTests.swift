import Foundation
import Glibc
import Testing
@testable import MetroDaemon

/// The real `metrotimerd` with input sides that cannot start on this host: every error names the key and the
/// device, exits as GPIO's do (78 for the set-up, which the unit does not restart), in one log line.
/// (Host tier: this host has no /dev/input. Starting on real devices — uinput keys and a force-feedback device,
/// a whole ride with the patterns measured — and the "no such key" / "no force feedback" errors on real devices
/// run in the qemu guest tier.)
@Suite struct InputStartupTests {
    /// Starts the daemon with `lines` added and returns its exit status and its error lines.
    func startFailing(_ lines: [String], asNobody: Bool = false,
                      prepare: (DaemonProcess) throws -> Void = { _ in }) throws -> (status: Int32, errors: [String], log: String) {
        let daemon = try DaemonProcess(extra: [])
        defer { daemon.stop(); daemon.remove() }
        try prepare(daemon)
        try (String(contentsOfFile: daemon.configPath, encoding: .utf8) + lines.joined(separator: "\n") + "\n")
            .write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        if asNobody {
            #expect(chown(daemon.directory.path, 65534, 65534) == 0)
            try daemon.start(shellPrelude: "exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" \"$@\";",
                             waitForSocket: false)
        } else {
            try daemon.start(waitForSocket: false)
        }
        let status = daemon.waitForExit() ?? -1
        let log = daemon.log
        return (status, log.split(separator: "\n").filter { $0.hasPrefix("<3>") }.map(String.init), log)
    }

    @Test func devNullAsTheKeyDeviceIsNamed() throws {
        let r = try startFailing(["hardware = input", "button_device = /dev/null", "vibrator_device = /dev/null"])
        #expect(r.status == 78, "log:\n\(r.log)")
        #expect(r.errors.count == 1, "log:\n\(r.log)")
        #expect(r.errors.first?.contains("button_device = '/dev/null': /dev/null is not an input event device") == true, "log:\n\(r.log)")
    }

    @Test func aNameMatchingNoDeviceListsTheDevicesFound() throws {
        let r = try startFailing(["hardware = input", "button_device = metrotimer-test-keys", "vibrator_device = x"])
        #expect(r.status == 78, "log:\n\(r.log)")
        #expect(r.errors.first?.contains("button_device = 'metrotimer-test-keys': no input device named 'metrotimer-test-keys' (found: ") == true,
                "log:\n\(r.log)")
    }

    /// `--check-config` reports the key device's problem and the vibrator's in one run (start-up stops at the first).
    @Test func checkConfigNamesEveryInputDeviceProblem() throws {
        let dir = try makeScratchDirectory("input-check")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("check.conf").path
        try (["data_file = \(DaemonProcess.dataFile)", "hardware = input", "button_device = /dev/null",
              "vibrator_device = /dev/input/by-id/none-vibrator", "button2_key = KEY_VOLUMEDOWN"].joined(separator: "\n") + "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", file, "--check-config"])
        #expect(r.status == 78, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("button_device = '/dev/null': /dev/null is not an input event device"), "stderr: \(r.stderr)")
        #expect(r.stderr.contains("vibrator_device = '/dev/input/by-id/none-vibrator': no input device /dev/input/by-id/none-vibrator (no such file)"),
                "stderr: \(r.stderr)")
    }

    /// Each side goes to the adapter its key names: with `hardware = gpio` but both sides on input, no GPIO chip is
    /// opened (the error is the key device's); with `hardware = input` but the button on GPIO, the chip is.
    @Test func eachSideOpensItsOwnHardware() throws {
        let inputOnly = try startFailing(["hardware = gpio", "button_hardware = input", "motor_hardware = input",
                                          "gpio_chip = /nonexistent/gpiochip9", "button_device = /dev/null", "vibrator_device = /dev/null"])
        #expect(inputOnly.status == 78)
        #expect(inputOnly.errors.first?.contains("button_device = '/dev/null'") == true, "log:\n\(inputOnly.log)")
        #expect(!inputOnly.log.contains("gpiochip9"), "log:\n\(inputOnly.log)")
        let gpioButton = try startFailing(["hardware = input", "button_hardware = gpio", "gpio_chip = /nonexistent/gpiochip9",
                                           "vibrator_device = /dev/null"])
        #expect(gpioButton.status == 78)
        #expect(gpioButton.errors.first?.contains("gpio_chip = '/nonexistent/gpiochip9'") == true, "log:\n\(gpioButton.log)")
    }

    /// A device node this user may not open (no `input` group, or no DeviceAllow=): exit 78 with what to fix.
    @Test func aDeviceThisUserMayNotOpenIsAPermissionError() throws {
        var node = ""
        let r = try startFailing(["hardware = input", "vibrator_device = /dev/null"], asNobody: true) { daemon in
            node = daemon.directory.appendingPathComponent("event0").path
            #expect(FileManager.default.createFile(atPath: node, contents: nil, attributes: [.posixPermissions: 0o600]))
            try (String(contentsOfFile: daemon.configPath, encoding: .utf8) + "button_device = \(node)\n")
                .write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
            #expect(chown(daemon.logPath, 65534, 65534) == 0 || !FileManager.default.fileExists(atPath: daemon.logPath))
        }
        #expect(r.status == 78, "log:\n\(r.log)")
        #expect(r.errors.count == 1, "log:\n\(r.log)")
        let line = r.errors.first ?? ""
        #expect(line.contains("button_device = '\(node)': opening \(node): Permission denied"), "log:\n\(r.log)")
        #expect(line.contains("input on Debian") && line.contains("DeviceAllow=char-input rw"), "log:\n\(r.log)")
    }
}

/// Every input key is documented where a rider configures it: the shipped file (commented, with its default)
/// and metrotimerd(8).
@Suite struct InputKeysDocumentedTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: ["button_hardware", "motor_hardware", "button_device", "button_key", "button2_key", "button_grab",
                      "vibrator_device", "motion_device"])
    func theKeyIsInTheShippedFileAndTheManPage(_ key: String) throws {
        #expect(DaemonConfig.keys.contains(key))
        let shipped = try String(contentsOf: Self.repository.appendingPathComponent("etc/metrotimer/metrotimer.conf"), encoding: .utf8)
        #expect(shipped.contains("\n#\(key) ="), "etc/metrotimer/metrotimer.conf lacks #\(key) =")
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/man/metrotimerd.8"), encoding: .utf8)
        #expect(page.contains(key), "metrotimerd.8 lacks \(key)")
    }

    @Test func theShippedDefaultsAreTheDaemonsDefaults() throws {
        let shipped = try String(contentsOf: Self.repository.appendingPathComponent("etc/metrotimer/metrotimer.conf"), encoding: .utf8)
        // The commented lines, uncommented, give the defaults back.
        let uncommented = shipped.split(separator: "\n").filter { $0.hasPrefix("#button_") || $0.hasPrefix("#vibrator_") || $0.hasPrefix("#motor_hardware") }
            .map { $0.dropFirst() }.joined(separator: "\n") + "\n"
        #expect(try load(uncommented).keysDiffering(from: DaemonConfig()).isEmpty, "\(uncommented)")
    }

    private func load(_ text: String) throws -> DaemonConfig {
        try DaemonConfig.from(ConfigFileParser.parse(text, file: "metrotimer.conf"))
    }
}
