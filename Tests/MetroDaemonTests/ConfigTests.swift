import Foundation
import Testing
@testable import MetroDaemon

/// A private directory for configuration files, removed by the caller.
private func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-config-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Parses `text` as `file` and applies it over the defaults.
private func config(_ text: String, file: String = "/etc/test.conf") throws(ConfigError) -> DaemonConfig {
    try DaemonConfig.from(ConfigFileParser.parse(text, file: file))
}

/// The message of the error that loading `text` raises (nil when it loads).
private func configError(_ text: String, file: String = "/etc/test.conf") -> String? {
    do {
        let c = try config(text, file: file)
        try c.validate()
        return nil
    } catch {
        return error.message
    }
}

@Suite struct ConfigFileParserTests {
    @Test func commentsBlankLinesQuotesAndLineNumbers() throws {
        let text = "# comment\n\n; also a comment\n  hardware =  gpio  \r\nlanguage=\"en\"\nroute = \" lisova  teremky \"\n"
        let assignments = try ConfigFileParser.parse(text, file: "/x.conf")
        #expect(assignments.map(\.key) == ["hardware", "language", "route"])
        #expect(assignments.map(\.line) == [4, 5, 6])
        #expect(assignments.map(\.value) == ["gpio", "en", " lisova  teremky "])
        #expect(assignments.allSatisfy { $0.file == "/x.conf" })
    }

    @Test func aLineWithoutEqualsNamesFileAndLine() {
        #expect(throws: ConfigError("/x.conf:3: expected 'key = value', got 'hardware gpio'")) {
            try ConfigFileParser.parse("# a\n\nhardware gpio\n", file: "/x.conf")
        }
    }

    @Test(arguments: ["Hardware = gpio", "time-scale = 2", " = 2", "tïme = 1"])
    func aMalformedKeyNamesFileAndLine(_ line: String) {
        let message = configError("language = en\n" + line + "\n", file: "/x.conf")
        #expect(message?.hasPrefix("/x.conf:2: ") == true, "\(message ?? "no error")")
        #expect(message?.contains("not a valid key") == true)
    }

    @Test func anUnknownKeyNamesFileLineAndKey() {
        let message = configError("language = en\n\nbuzz_volume = 11\n", file: "/etc/metrotimer/metrotimer.conf")
        #expect(message?.hasPrefix("/etc/metrotimer/metrotimer.conf:3: buzz_volume: unknown key") == true, "\(message ?? "no error")")
    }

    @Test func laterAssignmentsWin() throws {
        let c = try config("language = uk\nlanguage = en\n")
        #expect(c.language == .en)
    }
}

@Suite struct DaemonConfigKeyTests {
    /// Every key with a value it accepts and how that value shows in the configuration.
    static let valid: [(String, String, @Sendable (DaemonConfig) -> Bool)] = [
        ("hardware", "gpio", { $0.hardware == .gpio }),
        ("hardware", "simulated", { $0.hardware == .simulated }),
        ("time_scale", "1", { $0.timeScale == 1 }),
        ("time_scale", "60", { $0.timeScale == 60 }),
        ("time_scale", "2.5", { $0.timeScale == 2.5 }),
        ("time_scale", "10000", { $0.timeScale == 10_000 }),
        ("button_key", "KEY_MAX", { $0.buttonKey == 767 }),
        ("button_key", "767", { $0.buttonKey == 767 }),
        ("state_directory", "/var/lib/x", { $0.stateDirectory == "/var/lib/x" }),
        ("runtime_directory", "/run/x", { $0.runtimeDirectory == "/run/x" }),
        ("control_group", "riders", { $0.controlGroup == "riders" }),
        ("control_group", "", { $0.controlGroup == "" }),
        ("language", "uk", { $0.language == .uk }),
        ("language", "en", { $0.language == .en }),
        ("route", "lisova teremky", { $0.route?.from == "lisova" && $0.route?.to == "teremky" }),
        ("route", "", { $0.route == nil }),
        ("data_file", "/usr/share/metro.json", { $0.dataFile == "/usr/share/metro.json" }),
        ("data_file", "", { $0.dataFile == nil }),
        ("gpio_chip", "/dev/gpiochip1", { $0.gpioChip == "/dev/gpiochip1" }),
        ("button_line", "17", { $0.buttonLine == "17" }),
        ("button_active", "high", { $0.buttonActive == .high }),
        ("button_active", "low", { $0.buttonActive == .low }),
        ("button_bias", "pull-up", { $0.buttonBias == .pullUp }),
        ("button_bias", "pull-down", { $0.buttonBias == .pullDown }),
        ("button_bias", "disabled", { $0.buttonBias == .disabled }),
        ("button_bias", "as-is", { $0.buttonBias == .asIs }),
        ("button_debounce_ms", "0", { $0.buttonDebounceMilliseconds == 0 }),
        ("button_debounce_ms", "500", { $0.buttonDebounceMilliseconds == 500 }),
        ("button2_line", "b2", { $0.button2Line == "b2" }),
        ("button2_line", "", { $0.button2Line == nil }),
        ("motor_line", "motor2", { $0.motorLine == "motor2" }),
        ("motor_active", "low", { $0.motorActive == .low }),
        ("motor_strength", "strong", { $0.motorStrength == .strong }),
        ("motor_strength", "normal", { $0.motorStrength == .normal }),
        ("hardware", "input", { $0.hardware == .input }),
        ("button_hardware", "input", { $0.buttonHardware == .input }),
        ("button_hardware", "gpio", { $0.buttonHardware == .gpio }),
        ("button_hardware", "", { $0.buttonHardware == nil }),
        ("motor_hardware", "input", { $0.motorHardware == .input }),
        ("motor_hardware", "gpio", { $0.motorHardware == .gpio }),
        ("button_device", "/dev/input/by-path/platform-gpio-keys-event", { $0.buttonDevice == "/dev/input/by-path/platform-gpio-keys-event" }),
        ("button_device", "gpio-keys", { $0.buttonDevice == "gpio-keys" }),
        ("button_key", "KEY_VOLUMEDOWN", { $0.buttonKey == 114 }),
        ("button_key", "212", { $0.buttonKey == 212 }),
        ("button2_key", "KEY_VOLUMEDOWN", { $0.button2Key == 114 }),
        ("button2_key", "", { $0.button2Key == nil }),
        ("button_grab", "yes", { $0.buttonGrab }),
        ("button_grab", "no", { !$0.buttonGrab }),
        ("vibrator_device", "gpio-vibrator", { $0.vibratorDevice == "gpio-vibrator" }),
        ("motion_device", "accel_3d", { $0.motionDevice == "accel_3d" }),
        ("arrival_alarm", "short", { $0.arrivalAlarm == .short }),
        ("arrival_alarm", "until_ack", { $0.arrivalAlarm == .untilAcknowledged }),
        ("gpsd", "off", { $0.gpsd == nil }),
        ("gpsd", "", { $0.gpsd == nil }),
        ("gpsd", "127.0.0.1:2948", { $0.gpsd == "127.0.0.1:2948" }),
        ("gpsd", "[::1]:2947", { $0.gpsd == "[::1]:2947" }),
        ("gpsd_allow_remote", "yes", { $0.gpsdAllowRemote }),
        ("gpsd_allow_remote", "no", { !$0.gpsdAllowRemote }),
        ("log_level", "debug", { $0.logLevel == .debug }),
        ("log_level", "info", { $0.logLevel == .info }),
    ]

    @Test(arguments: 0..<valid.count)
    func acceptsAValidValue(_ index: Int) throws {
        let (key, value, check) = Self.valid[index]
        let c = try config("# header\n\(key) = \(value)\n")
        #expect(check(c), "\(key) = \(value)")
    }

    /// Every key with values it must refuse.
    static let invalid: [(String, String)] = [
        ("hardware", "GPIO"), ("hardware", ""), ("hardware", "qemu"),
        ("time_scale", "0"), ("time_scale", "0.5"), ("time_scale", "-2"), ("time_scale", "fast"),
        ("time_scale", "inf"), ("time_scale", "nan"), ("time_scale", "10001"), ("time_scale", ""),
        ("state_directory", "var/lib/x"), ("state_directory", ""),
        ("runtime_directory", "run"), ("runtime_directory", ""),
        ("control_group", "two words"), ("control_group", "a:b"),
        ("language", "de"), ("language", "UK"),
        ("route", "lisova"), ("route", "a b c"),
        ("data_file", "kyiv-metro.json"),
        ("gpio_chip", ""), ("button_line", ""), ("motor_line", ""),
        ("button_active", "LOW"), ("button_active", "0"), ("motor_active", "on"),
        ("button_bias", "up"), ("button_bias", "pullup"),
        ("button_debounce_ms", "-1"), ("button_debounce_ms", "501"), ("button_debounce_ms", "1.5"),
        ("button_debounce_ms", "ten"), ("button_debounce_ms", "+5"), ("button_debounce_ms", "-0"),
        ("time_scale", "0x10"), ("time_scale", "+2"), ("time_scale", "1e2"), ("time_scale", ".5e1"),
        ("button_key", "+115"), ("button_key", "768"), ("button_key", "KEY_CNT"),
        ("gpsd", "localhost.:2947"), ("gpsd", "gps.localhost"),
        ("motor_strength", "max"),
        ("hardware", "evdev"), ("button_hardware", "simulated"), ("motor_hardware", "yes"),
        ("button_key", "KEY_FOO"), ("button_key", "0"), ("button_key", ""), ("button2_key", "volume"),
        ("button_grab", "1"),
        ("arrival_alarm", "forever"), ("arrival_alarm", "10"), ("arrival_alarm", ""),
        ("gpsd", "localhost:port"), ("gpsd", "localhost:0"), ("gpsd", "localhost:70000"), ("gpsd", "::1:2947"),
        ("gpsd", "local host:2947"),
        ("gpsd", "192.168.1.5:2947"), ("gpsd", "gps.example.net"), ("gpsd", "[2001:db8::1]:2947"),
        ("gpsd", "[::ffff:10.0.0.1]"), ("gpsd", "128.0.0.1"),
        ("gpsd_allow_remote", "true"), ("gpsd_allow_remote", ""),
        ("log_level", "trace"),
    ]

    @Test(arguments: 0..<invalid.count)
    func refusesABadValueNamingFileLineAndKey(_ index: Int) {
        let (key, value) = Self.invalid[index]
        let message = configError("# header\n\n\(key) = \(value)\n", file: "/etc/metrotimer/metrotimer.conf.d/10-x.conf")
        #expect(message?.hasPrefix("/etc/metrotimer/metrotimer.conf.d/10-x.conf:3: \(key): ") == true,
                "\(key) = \(value): \(message ?? "accepted")")
    }

    @Test func everyDocumentedKeyIsKnown() throws {
        for key in DaemonConfig.keys {
            // A value every key takes: empty is a valid value for some; others need something.
            let probe = DaemonConfigKeyTests.valid.first { $0.0 == key }
            let entry = try #require(probe, "no valid value listed for \(key)")
            _ = try config("\(key) = \(entry.1)\n")
        }
        #expect(Set(DaemonConfigKeyTests.valid.map(\.0)) == Set(DaemonConfig.keys))
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let c = DaemonConfig()
        #expect(c.hardware == .simulated && c.timeScale == 1 && c.language == .uk && c.route == nil)
        #expect(c.stateDirectory == "/var/lib/metrotimer" && c.runtimeDirectory == "/run/metrotimer")
        #expect(c.controlGroup == "metrotimer" && c.gpsd == "localhost:2947" && c.buttonDebounceMilliseconds == 30)
    }

    /// docs/privacy.md's "no connection leaves the board" holds without the unit's IP filter: `gpsd` names
    /// loopback only, unless the file says `gpsd_allow_remote = yes` (before or after the `gpsd` line).
    @Test func gpsdStaysOnTheBoardUnlessRemoteIsAllowed() throws {
        for local in ["localhost", "LOCALHOST:2948", "127.0.0.1", "127.3.4.5:2947", "[::1]:2947",
                      "[0:0:0:0:0:0:0:1]", "[::ffff:127.0.0.1]:2947"] {
            #expect(try config("gpsd = \(local)\n").gpsd == local, "\(local)")
        }
        let refused = configError("gpsd = 10.1.2.3:2947\n")
        #expect(refused?.hasPrefix("/etc/test.conf:1: gpsd: '10.1.2.3:2947' is not on this board") == true, "\(refused ?? "accepted")")
        #expect(refused?.contains("gpsd_allow_remote = yes") == true)
        #expect(try config("gpsd_allow_remote = yes\ngpsd = 10.1.2.3:2947\n").gpsd == "10.1.2.3:2947")
        #expect(try config("gpsd = gps.lan:2947\ngpsd_allow_remote = yes\n").gpsd == "gps.lan:2947")
        #expect(configError("gpsd_allow_remote = yes\ngpsd_allow_remote = no\ngpsd = gps.lan\n") != nil)
        // GPS off needs no permission.
        #expect(try config("gpsd = off\n").gpsd == nil)
        #expect(!DaemonConfig().gpsdAllowRemote)
    }

    /// The remote-gpsd refusal is one of the problems the loader reports all at once (`--check-config` and the
    /// start both see it beside any other), and the refused address is not kept.
    @Test func aRemoteGpsdIsReportedWithTheOtherProblems() throws {
        let assignments = try ConfigFileParser.parse("gpsd = 10.1.2.3:2947\ntime_scale = 0\n", file: "/etc/test.conf")
        let (config, problems) = DaemonConfig.fromReporting(assignments)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("/etc/test.conf:1: gpsd: '10.1.2.3:2947' is not on this board") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("/etc/test.conf:2: time_scale:") }, "\(problems)")
        #expect(config.gpsd == nil)
    }

    @Test func gpioLinesMustDiffer() {
        #expect(configError("hardware = gpio\nbutton_line = x\nmotor_line = x\n")?.contains("button_line and motor_line") == true)
        #expect(configError("hardware = gpio\nbutton2_line = motor\n")?.contains("button2_line 'motor'") == true)
        // The simulated board has no lines to clash.
        #expect(configError("hardware = simulated\nbutton_line = x\nmotor_line = x\n") == nil)
    }
}

@Suite struct ConfigLoaderTests {
    @Test func dropInsOverrideInNameOrderAndOnlyConfFilesCount() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let main = dir.appendingPathComponent("metrotimer.conf").path
        try "language = uk\ntime_scale = 2\nmotor_strength = strong\n".write(toFile: main, atomically: true, encoding: .utf8)
        let dropIns = dir.appendingPathComponent("metrotimer.conf.d")
        try FileManager.default.createDirectory(at: dropIns, withIntermediateDirectories: true)
        try "time_scale = 30\nlanguage = en\n".write(to: dropIns.appendingPathComponent("20-b.conf"), atomically: true, encoding: .utf8)
        try "time_scale = 10\n".write(to: dropIns.appendingPathComponent("10-a.conf"), atomically: true, encoding: .utf8)
        try "time_scale = 99\n".write(to: dropIns.appendingPathComponent("30-c.conf.disabled"), atomically: true, encoding: .utf8)
        try "time_scale = 98\n".write(to: dropIns.appendingPathComponent(".hidden.conf"), atomically: true, encoding: .utf8)
        let (c, read) = try ConfigLoader.load(path: main, environment: [:])
        #expect(c.timeScale == 30)
        #expect(c.language == .en)
        #expect(c.motorStrength == .strong)
        #expect(read == [main, dropIns.appendingPathComponent("10-a.conf").path, dropIns.appendingPathComponent("20-b.conf").path])
    }

    @Test func anErrorInADropInNamesTheDropIn() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let main = dir.appendingPathComponent("m.conf").path
        try "language = en\n".write(toFile: main, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: main + ".d", withIntermediateDirectories: true)
        try "\nlog_level = loud\n".write(toFile: main + ".d/50-x.conf", atomically: true, encoding: .utf8)
        #expect(throws: ConfigError("\(main).d/50-x.conf:2: log_level: 'loud' is not one of info, debug")) {
            try ConfigLoader.load(path: main, environment: [:])
        }
    }

    @Test func systemdDirectoriesWinOverTheFile() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let main = dir.appendingPathComponent("m.conf").path
        try "state_directory = /srv/state\nruntime_directory = /srv/run\n".write(toFile: main, atomically: true, encoding: .utf8)
        let (plain, _) = try ConfigLoader.load(path: main, environment: [:])
        #expect(plain.stateDirectory == "/srv/state" && plain.runtimeDirectory == "/srv/run")
        let (c, _) = try ConfigLoader.load(path: main, environment: [
            "STATE_DIRECTORY": "/var/lib/metrotimer:/var/lib/other", "RUNTIME_DIRECTORY": "/run/metrotimer",
        ])
        #expect(c.stateDirectory == "/var/lib/metrotimer")
        #expect(c.runtimeDirectory == "/run/metrotimer")
        let (empty, _) = try ConfigLoader.load(path: main, environment: ["STATE_DIRECTORY": "", "RUNTIME_DIRECTORY": ""])
        #expect(empty.stateDirectory == "/srv/state" && empty.runtimeDirectory == "/srv/run")
    }

    /// A byte that is not UTF-8 (a Latin-1 path, a stray binary byte) is named with its line, not read as U+FFFD:
    /// `data_file = /srv/caf\xE9.json` must not quietly become a path to a file that does not exist.
    @Test func bytesThatAreNotUTF8NameFileAndLine() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let main = dir.appendingPathComponent("metrotimer.conf").path
        let bytes = Array("language = en\n# comment\ndata_file = /srv/caf".utf8) + [0xE9] + Array(".json\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: main))
        do {
            _ = try ConfigLoader.load(path: main, environment: [:])
            Issue.record("a file with a byte that is not UTF-8 was accepted")
        } catch {
            #expect(error.message == "\(main):3: not valid UTF-8", "\(error.message)")
        }
    }

    @Test func aMissingExplicitFileIsAnError() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nope.conf").path
        do {
            _ = try ConfigLoader.load(path: missing, environment: [:])
            Issue.record("a missing --config file was accepted")
        } catch {
            #expect(error.message.hasPrefix("\(missing): cannot read"))
        }
    }
}

/// The real `metrotimerd` binary's command line around the configuration.
@Suite struct CheckConfigCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theShippedConfigurationChecksClean() throws {
        let shipped = CheckConfigCommandTests.repository.appendingPathComponent("etc/metrotimer/metrotimer.conf").path
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", shipped, "--check-config"],
                                      environment: ["METROTIMER_DATA": DaemonProcess.dataFile, "PATH": "/usr/bin:/bin"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("configuration OK"))
    }

    @Test func aBadFileExits78WithFileLineAndKey() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.conf").path
        try "# test\ndata_file = \(DaemonProcess.dataFile)\ntime_scale = 0\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", file, "--check-config"])
        #expect(r.status == 78)
        #expect(r.stderr.contains("\(file):3: time_scale:"), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
    }

    @Test func anUnknownRouteStationExits78() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("route.conf").path
        try "data_file = \(DaemonProcess.dataFile)\nroute = lisova atlantis\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", file, "--check-config"])
        #expect(r.status == 78)
        #expect(r.stderr.contains("atlantis"), "stderr: \(r.stderr)")
    }

    @Test func aMissingConfigFileExits78() throws {
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, ["--config", "/nonexistent/metrotimer.conf", "--check-config"])
        #expect(r.status == 78)
        #expect(r.stderr.contains("/nonexistent/metrotimer.conf: cannot read"), "stderr: \(r.stderr)")
    }

    /// Something that is not a small file where a file belongs: an endless device, or a directory. The message names
    /// the path; the daemon neither reads forever nor says only "read fd 3".
    @Test func anEndlessOrDirectoryFileIsRefusedNamingIt() throws {
        // Under a memory limit, so reading /dev/zero without end ends in an abort here, not on the machine.
        let limited = { (arguments: [String]) in
            try DaemonProcess.run("/bin/sh", ["-c", "ulimit -v 2000000; exec \"$0\" \"$@\"", DaemonProcess.daemonPath] + arguments)
        }
        let endless = try limited(["--config", "/dev/zero", "--check-config"])
        #expect(endless.status == 78, "stderr: \(endless.stderr)")
        #expect(endless.stderr.contains("/dev/zero") && endless.stderr.contains("limit"), "stderr: \(endless.stderr)")

        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("data.conf").path
        for data in [dir.path, "/dev/zero"] {
            try "data_file = \(data)\n".write(toFile: file, atomically: true, encoding: .utf8)
            let r = try limited(["--config", file, "--check-config"])
            #expect(r.status == 78, "stderr: \(r.stderr)")
            #expect(r.stderr.contains("read \(data)"), "stderr: \(r.stderr)")
        }
    }

    @Test(arguments: [["--frobnicate"], ["--config"], ["extra"]])
    func badOptionsExit64(_ arguments: [String]) throws {
        let r = try DaemonProcess.run(DaemonProcess.daemonPath, arguments)
        #expect(r.status == 64, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("metrotimerd: "))
    }
}
