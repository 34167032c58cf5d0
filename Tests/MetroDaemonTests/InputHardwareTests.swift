import Foundation
import Glibc
import MetroInput
import MetroSystem
import Testing
@testable import MetroDaemon

/// Records what a button adapter delivers, in order.
final class RecordingEdgeSink: ButtonEdgeSink {
    var deliveries: [String] = []
    func edge(button: Int, pressed: Bool, boottime: Int64) {
        deliveries.append("\(button) \(pressed ? "down" : "up") \(boottime)")
    }
    func buttonLost(_ button: Int) { deliveries.append("\(button) lost") }
}

/// Records what the vibrator adapter writes; fails with `failure` (once) when set.
final class RecordingVibratorDriver: VibratorDriver {
    var writes: [Bool] = []
    var released = 0
    var failure: InputError?
    let described = "/dev/input/event9 ('test-vibrator')"
    func set(on: Bool) throws(InputError) {
        if let failure {
            self.failure = nil
            throw failure
        }
        writes.append(on)
    }
    func release() { released += 1 }
}

/// The input board's adapters with recording doubles, on real timerfds and a real event loop.
/// (Host tier. The same adapters against real kernel input devices — uinput keys and a force-feedback device —
/// run in the qemu guest tier.)
@Suite struct InputAdapterTests {
    @Test func keyEdgesBecomeButtonEdgesWithTheirKernelTimestamps() {
        var router = KeyEdgeRouter(numbers: [115: 1, 114: 2])
        router.start(levels: [1: false, 2: false])
        let sink = RecordingEdgeSink()
        router.route(KeyRead(edges: [KeyEdge(code: 115, pressed: true, boottimeNs: 1_000), KeyEdge(code: 114, pressed: true, boottimeNs: 1_500),
                                     KeyEdge(code: 115, pressed: false, boottimeNs: 2_000)]), to: sink)
        #expect(sink.deliveries == ["1 down 1000", "2 down 1500", "1 up 2000"])
    }

    @Test func anEdgeRepeatingTheLevelIsDropped() {
        var router = KeyEdgeRouter(numbers: [115: 1])
        router.start(levels: [1: true])  // held when the device was opened
        let sink = RecordingEdgeSink()
        let repeats = router.route(KeyRead(edges: [KeyEdge(code: 115, pressed: true, boottimeNs: 5), KeyEdge(code: 115, pressed: false, boottimeNs: 6)]), to: sink)
        #expect(sink.deliveries == ["1 up 6"])
        #expect(repeats == [KeyEdge(code: 115, pressed: true, boottimeNs: 5)])
    }

    @Test func aDropForgetsThePressInProgressAndStartsAfresh() {
        var router = KeyEdgeRouter(numbers: [115: 1, 114: 2])
        router.start(levels: [1: false, 2: false])
        let sink = RecordingEdgeSink()
        router.route(KeyRead(edges: [KeyEdge(code: 115, pressed: true, boottimeNs: 1)]), to: sink)
        // The release was lost with the dropped events; the next press must count, whatever level came before.
        router.route(KeyRead(edges: [KeyEdge(code: 115, pressed: true, boottimeNs: 9)], dropped: true), to: sink)
        #expect(sink.deliveries == ["1 down 1", "1 lost", "2 lost", "1 down 9"])
    }

    @Test func theVibratorPlaysAndStopsAsTheMotorIsDriven() throws {
        let driver = RecordingVibratorDriver()
        let vibrator = try InputVibrator(deviceSpec: "test-vibrator", log: Logger(sink: RecordingLogSink()),
                                         capNanoseconds: InputVibrator.motorOnLimitNanoseconds) { () throws(InputError) -> VibratorDriver in driver }
        vibrator.set(on: true)
        vibrator.set(on: true)  // no second write for the same level
        vibrator.set(on: false)
        #expect(driver.writes == [true, false])
        vibrator.release()
        vibrator.set(on: true)  // released: stays off
        #expect(driver.writes == [true, false] && driver.released == 1)
    }

    /// The same cap as the GPIO motor (a shorter one here, so the test does not wait 2 s).
    @Test func aPulseWithoutAStopIsCutOffAtTheCap() throws {
        let driver = RecordingVibratorDriver()
        let sink = RecordingLogSink()
        let vibrator = try InputVibrator(deviceSpec: "test-vibrator", log: Logger(sink: sink),
                                         capNanoseconds: 30_000_000) { () throws(InputError) -> VibratorDriver in driver }
        let loop = try EventLoop()
        try vibrator.register(on: loop)
        vibrator.set(on: true)
        for _ in 0..<50 where driver.writes.count < 2 { try loop.runOnce(timeoutMilliseconds: 1_000) }
        #expect(driver.writes == [true, false])
        #expect(sink.text.contains("cut off (safety cap)"), "\(sink.text)")
    }

    /// A vibrator that vanishes is a fault in the status; it is opened again (its effect uploaded afresh) and
    /// the fault clears.
    @Test func aVanishedVibratorIsAFaultAndIsOpenedAgain() throws {
        let first = RecordingVibratorDriver(), second = RecordingVibratorDriver()
        var opened = 0
        let vibrator = try InputVibrator(deviceSpec: "test-vibrator", log: Logger(sink: RecordingLogSink()),
                                         capNanoseconds: InputVibrator.motorOnLimitNanoseconds) { () throws(InputError) -> VibratorDriver in
            opened += 1
            return opened == 1 ? first : second
        }
        let loop = try EventLoop()
        try vibrator.register(on: loop)
        first.failure = InputError(kind: .system, errno: ENODEV, message: "playing effect 0: No such device (errno 19)",
                                   ukrainian: "відтворення ефекту 0: «No such device» (errno 19)")
        vibrator.set(on: true)
        #expect(vibrator.fault == "input: vibrator /dev/input/event9 ('test-vibrator') vanished (No such device); retrying")
        // The status's fault_details: the same fault in Ukrainian, only the C library's text left as it is.
        #expect(vibrator.faultText?.uk == "ввід: вібратор /dev/input/event9 ('test-vibrator') зник («No such device»); повторна спроба")
        #expect(first.released == 1)
        // The first retry is due after 1 s (the GPIO board's back-off).
        for _ in 0..<10 where opened < 2 { try loop.runOnce(timeoutMilliseconds: 2_000) }
        #expect(opened == 2 && vibrator.fault == nil)
        vibrator.set(on: true)
        #expect(second.writes == [true])
        // A failure that is not the device going away names what was done, in both languages.
        second.failure = InputError(kind: .system, errno: EINVAL,
                                    message: "playing effect 0 on /dev/input/event9 ('test-vibrator'): Invalid argument (errno 22)",
                                    ukrainian: "відтворення ефекту 0 на /dev/input/event9 ('test-vibrator'): «Invalid argument» (errno 22)")
        vibrator.set(on: false)
        let fault = try #require(vibrator.faultText)
        #expect(fault.en == "input: driving the vibrator off: playing effect 0 on /dev/input/event9 ('test-vibrator'): "
            + "Invalid argument (errno 22); retrying")
        #expect(LanguageCoverageTests.englishWordsInsideGuillemets(fault.uk).isEmpty, "\(fault.uk)")
        #expect(LanguageCoverageTests.hasCyrillic(fault.uk), "\(fault.uk)")
    }

    @Test(arguments: [(InputError.Kind.noSuchDevice, 0, 78), (.notAnInputDevice, ENOTTY, 78), (.noSuchKey, 0, 78),
                      (.noForceFeedback, 0, 78), (.system, EACCES, 78), (.system, EPERM, 78), (.system, EBUSY, 69),
                      (.system, EIO, 69)] as [(InputError.Kind, Int32, Int32)])
    func startErrorsExitLikeGPIOs(_ kind: InputError.Kind, _ code: Int32, _ exit: Int32) {
        let error = InputError(kind: kind, errno: code, message: "x", ukrainian: "х")
        #expect(InputStartError.exitCode(for: error) == exit)
        let start = InputStartError.make(key: "button_device", value: "gpio-keys", error)
        #expect(start.description.hasPrefix("button_device = 'gpio-keys': x"))
        #expect(start.description.contains("DeviceAllow=char-input rw") == error.isPermissionProblem)
    }

    @Test func magnitudeFollowsMotorStrength() {
        #expect(InputVibrator.magnitude(.normal) < InputVibrator.magnitude(.strong))
        #expect(InputVibrator.magnitude(.strong) == 0xFFFF)
    }
}

/// Configuration of the input sides: every key, bad values, and the checks across keys.
@Suite struct InputConfigTests {
    private func load(_ text: String) throws(ConfigError) -> DaemonConfig {
        try DaemonConfig.from(ConfigFileParser.parse(text, file: "/etc/test.conf"))
    }

    @Test func bothSidesOnInput() throws {
        let c = try load("hardware = input\nbutton_device = metrotimer-test-keys\nbutton_key = KEY_VOLUMEUP\n"
            + "button2_key = KEY_VOLUMEDOWN\nbutton_grab = yes\nvibrator_device = /dev/input/by-path/platform-vibrator-event\n")
        #expect(c.buttonSide == .input && c.motorSide == .input)
        #expect(c.buttonDevice == "metrotimer-test-keys" && c.buttonKey == 115 && c.button2Key == 114 && c.buttonGrab)
        #expect(c.vibratorDevice == "/dev/input/by-path/platform-vibrator-event")
        #expect(c.hasSecondButton)
        #expect(c.validationProblems().isEmpty, "\(c.validationProblems())")
    }

    @Test func eachSideIsChosenSeparately() throws {
        let gpioButton = try load("hardware = input\nbutton_hardware = gpio\nvibrator_device = v\n")
        #expect(gpioButton.buttonSide == .gpio && gpioButton.motorSide == .input)
        #expect(gpioButton.validationProblems().isEmpty, "\(gpioButton.validationProblems())")
        let inputVibrator = try load("hardware = gpio\nmotor_hardware = input\nvibrator_device = v\n")
        #expect(inputVibrator.buttonSide == .gpio && inputVibrator.motorSide == .input)
        // The motor is not on GPIO, so button_line may be what motor_line would have named.
        let sameName = try load("hardware = gpio\nmotor_hardware = input\nvibrator_device = v\nbutton_line = x\nmotor_line = x\n")
        #expect(sameName.validationProblems().isEmpty, "\(sameName.validationProblems())")
        #expect(try load("hardware = simulated\n").buttonSide == nil)
        // Empty means "follow hardware".
        #expect(try load("hardware = input\nbutton_hardware =\nbutton_device = k\nvibrator_device = v\n").buttonSide == .input)
    }

    @Test func missingDevicesAndClashingKeysAreNamed() throws {
        let c = try load("hardware = input\nbutton_key = 115\nbutton2_key = KEY_VOLUMEUP\n")
        let problems = c.validationProblems()
        #expect(problems.contains("button_device must name the key device (a /dev/input path or the device's name) with hardware = input"), "\(problems)")
        #expect(problems.contains("vibrator_device must name the force-feedback device (a /dev/input path or the device's name) with hardware = input"), "\(problems)")
        #expect(problems.contains("button_key and button2_key are both KEY_VOLUMEUP"), "\(problems)")
        let mixed = try load("hardware = gpio\nbutton_hardware = input\n").validationProblems()
        #expect(mixed == ["button_device must name the key device (a /dev/input path or the device's name) with button_hardware = input"], "\(mixed)")
        let simulated = try load("hardware = simulated\nmotor_hardware = input\n").validationProblems()
        #expect(simulated == ["motor_hardware = input needs hardware = gpio or input (the simulated board has no sides)"], "\(simulated)")
    }

    @Test(arguments: [("button_key", "KEY_FOO"), ("button_key", "VOLUMEUP"), ("button_key", "0"), ("button_key", "768"),
                      ("button_key", ""), ("button2_key", "KEY_VOLUME_DOWN"), ("button_grab", "true"), ("button_grab", ""),
                      ("button_hardware", "simulated"), ("motor_hardware", "evdev"), ("hardware", "evdev")])
    func badValuesAreRefusedNamingTheKey(_ key: String, _ value: String) {
        do {
            _ = try load("\(key) = \(value)\n")
            Issue.record("\(key) = \(value) accepted")
        } catch {
            #expect(error.message.hasPrefix("/etc/test.conf:1: \(key): '\(value)' is not"), "\(error.message)")
        }
    }

    @Test func anUnknownKeyNameSaysWhatAKeyIs() {
        do {
            _ = try load("button_key = KEY_VOLUMEUPP\n")
            Issue.record("accepted")
        } catch {
            #expect(error.message == "/etc/test.conf:1: button_key: 'KEY_VOLUMEUPP' is not a key: a name from "
                + "<linux/input-event-codes.h> such as KEY_VOLUMEUP, KEY_VOLUMEDOWN or KEY_POWER, or a key code from 1 to 767")
        }
    }

    @Test func theNewKeysCountInComparisons() throws {
        let a = DaemonConfig()
        for text in ["button_hardware = input", "motor_hardware = gpio", "button_device = k", "button_key = KEY_POWER",
                     "button2_key = KEY_VOLUMEDOWN", "button_grab = yes", "vibrator_device = v", "hardware = input"] {
            let b = try load(text + "\n")
            #expect(a.keysDiffering(from: b) == [String(text.split(separator: " ")[0])], "\(text)")
        }
    }
}
