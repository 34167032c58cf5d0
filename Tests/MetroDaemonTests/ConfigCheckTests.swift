import Foundation
import Glibc
import MetroGPIO
import Testing
@testable import MetroDaemon

/// Configuration text that must be refused with a message showing what is wrong, and `--check-config` reporting
/// every problem (and checking the GPIO chip) in one run.
@Suite struct ConfigInputTests {
    @Test func aNulByteInAValueIsRefusedNotCutShort() {
        #expect(throws: ConfigError("/x.conf:2: data_file: the value contains a NUL byte")) {
            try ConfigFileParser.parse("language = en\ndata_file = /srv/kyiv\0.json\n", file: "/x.conf")
        }
        #expect(throws: ConfigError("/x.conf:1: control_group: the value contains control character \\u{001B}")) {
            try ConfigFileParser.parse("control_group = \u{1B}[31mred\n", file: "/x.conf")
        }
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        let assignments = try ConfigFileParser.parse("\u{FEFF}language = en\n", file: "/x.conf")
        #expect(assignments.map(\.key) == ["language"])
        #expect(assignments.first?.line == 1)
    }

    @Test func anInvisibleCharacterIsShownInTheMessage() {
        // A byte order mark pasted in mid-file, and a zero-width space inside a key.
        #expect(throws: ConfigError("/x.conf:2: '\\u{FEFF}language' is not a valid key (lowercase letters, digits, _)")) {
            try ConfigFileParser.parse("hardware = simulated\n\u{FEFF}language = en\n", file: "/x.conf")
        }
        #expect(throws: ConfigError("/x.conf:1: 'lang\\u{200B}uage' is not a valid key (lowercase letters, digits, _)")) {
            try ConfigFileParser.parse("lang\u{200B}uage = en\n", file: "/x.conf")
        }
    }

    @Test func anOverlongValueOrStationIsRefusedWithoutEchoingIt() {
        let huge = String(repeating: "x", count: 1_000_000)
        #expect(throws: ConfigError("/x.conf:1: route: the value is 1000007 bytes long (at most 4096)")) {
            try ConfigFileParser.parse("route = lisova \(huge)\n", file: "/x.conf")
        }
        let long = String(repeating: "a", count: 81)
        do {
            _ = try DaemonConfig.from(ConfigFileParser.parse("route = lisova \(long)\n", file: "/x.conf"))
            Issue.record("an 81-character station was accepted")
        } catch {
            #expect(error.message == "/x.conf:1: route: station '\(long.prefix(40))…' is 81 characters long (at most 80)")
        }
    }

    @Test func everyProblemOfEveryFileIsReported() throws {
        let dir = try makeScratchDirectory("config-all")
        defer { try? FileManager.default.removeItem(at: dir) }
        let main = dir.appendingPathComponent("m.conf").path
        try "time_scale = 0\nhardware gpio\nlanguage = de\n".write(toFile: main, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: main + ".d", withIntermediateDirectories: true)
        try "log_level = loud\n".write(toFile: main + ".d/10-x.conf", atomically: true, encoding: .utf8)
        do {
            _ = try ConfigLoader.load(path: main, environment: [:])
            Issue.record("accepted")
        } catch {
            #expect(error.problems.count == 4, "\(error.message)")
            #expect(error.problems.first?.hasPrefix("\(main):2: expected 'key = value'") == true, "\(error.message)")
            #expect(error.message.contains("\(main):1: time_scale:") && error.message.contains("\(main):3: language:"))
            #expect(error.message.contains("\(main).d/10-x.conf:1: log_level:"))
        }
    }

    @Test(arguments: [(EACCES, 78), (EPERM, 78), (EIO, 69), (EBUSY, 69)] as [(Int32, Int32)])
    func aPermissionErrorOnTheChipIsAConfigurationError(_ code: Int32, _ exit: Int32) {
        let error = GPIOError(kind: .system, errno: code, message: "opening GPIO chip 'gpiochip0'", ukrainian: "відкриття мікросхеми GPIO 'gpiochip0'")
        #expect(GPIOBoard.exitCode(for: error) == exit)
    }
}

/// The real `metrotimerd --check-config` and start-up.
@Suite struct ConfigCheckCommandTests {
    func write(_ lines: [String], in dir: URL) throws -> String {
        let file = dir.appendingPathComponent("check.conf").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aNulByteFailsTheCheckNamingTheLine() throws {
        let dir = try makeScratchDirectory("check-nul")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try write(["data_file = \(DaemonProcess.dataFile)", "state_directory = \(dir.path)/state\0/evil"], in: dir)
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", file, "--check-config"])
        #expect(r.status == 78, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("\(file):2: state_directory: the value contains a NUL byte"), "stderr: \(r.stderr)")
    }

    @Test func everyProblemIsReportedInOneRun() throws {
        let dir = try makeScratchDirectory("check-all")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try write(["time_scale = 0", "data_file = \(DaemonProcess.dataFile)", "route = lisova atlantis",
                              "motor_strength = max"], in: dir)
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", file, "--check-config"])
        #expect(r.status == 78, "stderr: \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 3, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("\(file):1: time_scale:") && r.stderr.contains("\(file):4: motor_strength:"))
        #expect(r.stderr.contains("'atlantis' is not one station"), "stderr: \(r.stderr)")
    }

    /// A default route from a station to itself is one the daemon would refuse to start: the check fails naming the
    /// key, and the daemon refuses to start with it, as for an unknown station.
    @Test func aRouteFromAStationToItselfFailsTheCheckAndTheStart() throws {
        let dir = try makeScratchDirectory("check-same")
        defer { try? FileManager.default.removeItem(at: dir) }
        for value in ["dnipro dnipro", "Дніпро dnipro"] {
            let file = try write(["data_file = \(DaemonProcess.dataFile)", "route = \(value)"], in: dir)
            let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", file, "--check-config"])
            #expect(r.status == 78, "\(value): \(r.stderr)")
            #expect(r.stderr.contains("route = \(value): The start and the destination are the same station: Dnipro"),
                    "stderr: \(r.stderr)")
            #expect(!r.stdout.contains("configuration OK"))
        }
        let daemon = try DaemonProcess(extra: ["route = dnipro dnipro"])
        defer { daemon.stop(); daemon.remove() }
        try daemon.start(waitForSocket: false)
        #expect(daemon.waitForExit() == 78, "\(daemon.log)")
        #expect(daemon.log.contains("route = dnipro dnipro: The start and the destination are the same station"), "\(daemon.log)")
    }

    @Test func aGPIOChipThatIsNotThereFailsTheCheck() throws {
        let dir = try makeScratchDirectory("check-chip")
        defer { try? FileManager.default.removeItem(at: dir) }
        for chip in [dir.path + "/gpiochip9", "gpiochip-nonexistent-label"] {
            let file = try write(["data_file = \(DaemonProcess.dataFile)", "hardware = gpio", "gpio_chip = \(chip)"], in: dir)
            let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", file, "--check-config"])
            #expect(r.status == 78, "stderr: \(r.stderr)")
            #expect(r.stderr.contains("gpio_chip = '\(chip)': no GPIO chip"), "stderr: \(r.stderr)")
            #expect(!r.stdout.contains("configuration OK"))
        }
    }

    /// A chip the checking user may not open: a warning that says it was not checked (not a plain OK).
    @Test func aChipThisUserMayNotOpenIsAWarning() throws {
        let dir = try makeScratchDirectory("check-perm")
        defer { try? FileManager.default.removeItem(at: dir) }
        let chip = dir.appendingPathComponent("gpiochip0").path
        #expect(FileManager.default.createFile(atPath: chip, contents: nil, attributes: [.posixPermissions: 0o600]))
        let file = try write(["data_file = \(DaemonProcess.dataFile)", "hardware = gpio", "gpio_chip = \(chip)"], in: dir)
        let r = try DaemonProcess.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                          DaemonProcess.daemonPath, "--config", file, "--check-config"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("warning: gpio_chip = '\(chip)'") && r.stderr.contains("Permission denied")
                && r.stderr.contains("as the daemon's user"), "stderr: \(r.stderr)")
        #expect(r.stdout.contains("not everything could be checked"), "stdout: \(r.stdout)")
    }

    /// Start-up as a user who may not open the chip (a missing group or DeviceAllow=): exit 78, which the
    /// unit's RestartPreventExitStatus= covers, with one line saying what to fix.
    @Test func aPermissionErrorAtStartUpExits78WithOneLine() throws {
        let daemon = try DaemonProcess(extra: [])
        defer { daemon.stop(); daemon.remove() }
        let chip = daemon.directory.appendingPathComponent("gpiochip0").path
        #expect(FileManager.default.createFile(atPath: chip, contents: nil, attributes: [.posixPermissions: 0o600]))
        try (String(contentsOfFile: daemon.configPath, encoding: .utf8) + "hardware = gpio\ngpio_chip = \(chip)\n")
            .write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        #expect(chown(daemon.directory.path, 65534, 65534) == 0)
        #expect(chown(daemon.logPath, 65534, 65534) == 0 || !FileManager.default.fileExists(atPath: daemon.logPath))
        try daemon.start(shellPrelude: "exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" \"$@\";",
                         waitForSocket: false)
        #expect(daemon.waitForExit() == 78, "log:\n\(daemon.log)")
        let errors = daemon.log.split(separator: "\n").filter { $0.hasPrefix("<3>") }
        #expect(errors.count == 1, "log:\n\(daemon.log)")
        #expect(errors.first?.contains("Permission denied") == true && errors.first?.contains("DeviceAllow=") == true,
                "log:\n\(daemon.log)")
    }
}
