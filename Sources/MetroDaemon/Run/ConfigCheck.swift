import Glibc
import MetroGPIO
import MetroIIO
import MetroInput
import MetroModel
import MetroSystem

/// `metrotimerd --check-config`: everything start-up would refuse, found without starting — every problem of
/// the configuration files, the network data, the default route, the scaled clock, (on a GPIO side) the chip and
/// lines, (on an input side) the key device and its keys, the vibrator and its force feedback, and the
/// accelerometer, all in one run.
/// It claims no line, grabs no device, uploads no effect and touches no state. What cannot be checked from here
/// (a chip or device this user may not open) is a warning, not a pass.
struct ConfigCheck {
    /// Lines that make the check fail (exit 78), each complete on its own, in both languages. Keys, values, names
    /// and paths stay as written; only the C library's own error text stays English (quoted in the Ukrainian).
    private(set) var problems: [Phrase] = []
    /// Lines about what could not be checked.
    private(set) var warnings: [Phrase] = []

    /// Runs every check.
    init(configPath: String?, environment: [String: String], bootNow: Int64 = Clocks.now(.boottime)) {
        let report = ConfigLoader.loadReporting(path: configPath, environment: environment)
        problems += report.phrases.map { Phrase(uk: "помилка налаштувань: \($0.uk)", en: "configuration error: \($0.en)") }
        // Without the main file nothing below would check what the rider wrote.
        guard report.mainFileRead else { return }
        let config = report.config
        checkData(config, environment: environment)
        if let refusal = ModelClock(scale: config.timeScale).rangeRefusal(boottime: bootNow) {
            problems.append(Phrase(uk: "годинник служби: \(refusal.uk)", en: refusal.en))
        }
        if config.buttonSide == .gpio || config.motorSide == .gpio { checkGPIO(config) }
        if config.buttonSide == .input, !config.buttonDevice.isEmpty { checkKeys(config) }
        if config.motorSide == .input, !config.vibratorDevice.isEmpty { checkVibrator(config) }
        if !config.motionDevice.isEmpty { checkMotion(config) }
    }

    /// The accelerometer must be one the daemon can read: x, y and z scan elements, or the three raw attributes it
    /// is polled through, as `AccelerometerChoice` decides for the daemon (read-only: its buffer is not touched, so a
    /// sensor another program reads now passes, as it would start).
    private mutating func checkMotion(_ config: DaemonConfig) {
        do { _ = try AccelerometerChoice.open(config.motionDevice) } catch {
            noteUnopened("motion_device", config.motionDevice, error, permissionProblem: error.isPermissionProblem,
                         checking: Phrase(uk: "акселерометр", en: "the accelerometer"),
                         unchecked: Phrase(uk: "не перевірено", en: "not checked"))
        }
    }

    /// The key device must exist and report every configured key (read-only: not grabbed).
    private mutating func checkKeys(_ config: DaemonConfig) {
        guard let device = openInput("button_device", config.buttonDevice) else { return }
        var keys = [("button_key", config.buttonKey)]
        if let second = config.button2Key { keys.append(("button2_key", second)) }
        for (key, code) in keys {
            do {
                if try !device.hasKey(code) {
                    problems.append(Phrase(uk: "\(key) = \(KeyNames.name(of: code)): у \(device.described) немає клавіші \(KeyNames.name(of: code))",
                                           en: "\(key) = \(KeyNames.name(of: code)): \(device.described) has no key \(KeyNames.name(of: code))"))
                }
            } catch {
                warnings.append(Phrase(uk: "\(key) = \(KeyNames.name(of: code)): \(error.ukrainian) (не перевірено)",
                                       en: "\(key) = \(KeyNames.name(of: code)): \(error.message) (not checked)"))
            }
        }
    }

    /// The vibrator must exist and play rumble or periodic effects (read-only: nothing is uploaded).
    private mutating func checkVibrator(_ config: DaemonConfig) {
        guard let device = openInput("vibrator_device", config.vibratorDevice) else { return }
        do throws(InputError) {
            let hasFF = try device.hasForceFeedback()
            let rumble = try device.hasEffect(.rumble)
            let periodic = try device.hasEffect(.periodic)
            if !(hasFF && (rumble || periodic)) {
                problems.append(Phrase(uk: "vibrator_device = '\(config.vibratorDevice)': \(device.described) не має віддачі "
                                           + "(force feedback: ні FF_RUMBLE, ні FF_PERIODIC)",
                                       en: "vibrator_device = '\(config.vibratorDevice)': \(device.described) has no force feedback "
                                           + "(neither FF_RUMBLE nor FF_PERIODIC)"))
            }
        } catch {
            warnings.append(Phrase(uk: "vibrator_device = '\(config.vibratorDevice)': \(error.ukrainian) (не перевірено)",
                                   en: "vibrator_device = '\(config.vibratorDevice)': \(error.message) (not checked)"))
        }
    }

    /// Opens an input device read-only; a device this user may not open is a warning, anything else a problem.
    private mutating func openInput(_ key: String, _ spec: String) -> InputDevice? {
        do { return try InputDeviceLookup.open(spec, writable: false) } catch {
            noteUnopened(key, spec, error, permissionProblem: error.isPermissionProblem,
                         checking: Phrase(uk: "пристрій", en: "the device"),
                         unchecked: Phrase(uk: "пристрій не перевірено", en: "the device was not checked"))
            return nil
        }
    }

    private mutating func checkData(_ config: DaemonConfig, environment: [String: String]) {
        let network: any RideNetwork
        switch config.loadNetwork(environment: environment) {
        case .success(let loaded): network = loaded.network
        case .failure(let problem):
            problems.append(problem.phrase)
            return
        }
        if case .failure(let problem) = config.defaultRoute(on: network) { problems.append(problem.phrase) }
    }

    /// The chip must exist and hold every configured line (read-only: nothing is requested). A chip this user
    /// may not open cannot be checked here.
    private mutating func checkGPIO(_ config: DaemonConfig) {
        let chip: GPIOChip
        do { chip = try GPIOChip.open(config.gpioChip) } catch {
            noteUnopened("gpio_chip", config.gpioChip, error,
                         permissionProblem: GPIOBoard.isPermissionProblem(error),
                         checking: Phrase(uk: "мікросхему й лінії", en: "the chip and lines"),
                         unchecked: Phrase(uk: "мікросхему й лінії не перевірено", en: "the chip and lines were not checked"))
            return
        }
        var lines: [(String, String)] = []
        if config.buttonSide == .gpio {
            lines.append(("button_line", config.buttonLine))
            if let second = config.button2Line { lines.append(("button2_line", second)) }
        }
        if config.motorSide == .gpio { lines.append(("motor_line", config.motorLine)) }
        var offsets: [UInt32: String] = [:]
        for (key, spec) in lines {
            do {
                let offset = try chip.findLine(spec)
                if let other = offsets[offset] {
                    problems.append(Phrase(uk: "\(key) = '\(spec)': лінія \(offset) на \(chip.name) вже зайнята як \(other)",
                                           en: "\(key) = '\(spec)': line \(offset) on \(chip.name) is already \(other)"))
                }
                offsets[offset] = "\(key) = '\(spec)'"
            } catch {
                if error.kind == .system {
                    warnings.append(Phrase(uk: "\(key) = '\(spec)': \(error.ukrainian) (не перевірено)",
                                           en: "\(key) = '\(spec)': \(error.message) (not checked)"))
                } else {
                    problems.append(Phrase(uk: "\(key) = '\(spec)': \(error.ukrainian)", en: "\(key) = '\(spec)': \(error.message)"))
                }
            }
        }
    }

    /// What a device or chip that would not open means for the check: a failing system call is a warning (the
    /// daemon's own user may still open it: a refused permission says so, naming what to run to check `checking`),
    /// any other failure (no such device or chip, a malformed name) a problem.
    private mutating func noteUnopened<Kind>(_ key: String, _ spec: String, _ error: DeviceError<Kind>,
                                             permissionProblem: Bool, checking: Phrase, unchecked: Phrase) {
        guard error.kind == .system else {
            problems.append(Phrase(uk: "\(key) = '\(spec)': \(error.ukrainian)", en: "\(key) = '\(spec)': \(error.message)"))
            return
        }
        let why = permissionProblem
            ? Phrase(uk: "цьому користувачеві його не відкрити; запустіть --check-config від імені користувача служби, "
                         + "щоб перевірити \(checking.uk)",
                     en: "this user may not open it; run --check-config as the daemon's user to check \(checking.en)")
            : unchecked
        warnings.append(Phrase(uk: "\(key) = '\(spec)': \(error.ukrainian) (\(why.uk))",
                               en: "\(key) = '\(spec)': \(error.message) (\(why.en))"))
    }
}
