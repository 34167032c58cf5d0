import Glibc
import MetroGPIO
import MetroModel
import MetroSystem

/// `metrotimerd --check-config`: everything start-up would refuse, found without starting — every problem of
/// the configuration files, the network data, the default route, the scaled clock and (with `hardware = gpio`)
/// the chip and lines, all in one run. It claims no line and touches no state. What cannot be checked from
/// here (a chip this user may not open) is a warning, not a pass.
struct ConfigCheck {
    /// Lines that make the check fail (exit 78), each complete on its own, in both languages. The words of the
    /// configuration's validators and of libgpiod stay English (they name keys, values and the chip exactly) and
    /// are quoted in the Ukrainian text.
    private(set) var problems: [Phrase] = []
    /// Lines about what could not be checked.
    private(set) var warnings: [Phrase] = []

    /// Runs every check.
    init(configPath: String?, environment: [String: String], bootNow: Int64 = Clocks.now(.boottime)) {
        let report = ConfigLoader.loadReporting(path: configPath, environment: environment)
        problems += report.problems.map { Phrase(uk: "помилка налаштувань: «\($0)»", en: "configuration error: \($0)") }
        // Without the main file nothing below would check what the rider wrote.
        guard report.mainFileRead else { return }
        let config = report.config
        checkData(config, environment: environment)
        if let refusal = ModelClock(scale: config.timeScale).rangeRefusal(boottime: bootNow) {
            problems.append(Phrase(uk: "годинник служби: «\(refusal)»", en: refusal))
        }
        if config.hardware == .gpio { checkGPIO(config) }
    }

    private mutating func checkData(_ config: DaemonConfig, environment: [String: String]) {
        let located = DataFileLocator.locate(explicit: config.dataFile, environment: environment)
        guard let path = located.path else {
            let tried = located.tried.joined(separator: ", ")
            problems.append(Phrase(uk: "файл даних мережі не знайдено (шукали: \(tried))", en: "no network data file found (tried \(tried))"))
            return
        }
        let network: Network
        switch readFileBytes(path) {
        case .failure(let error):
            problems.append(Phrase(uk: "файл даних мережі не прочитано: «\(error)»", en: "\(error)"))
            return
        case .success(let bytes):
            do { network = try Network.load(json: bytes) } catch {
                problems.append(Phrase(uk: "\(path): дані мережі відхилено: «\(error.message)»", en: "\(path): \(error.message)"))
                return
            }
        }
        if let route = config.route {
            for query in [route.from, route.to] {
                guard case .found = network.resolve(query) else {
                    problems.append(Phrase(uk: "route = '\(route.from) \(route.to)': '\(query)' — не одна станція",
                                           en: "route = \(route.from) \(route.to): '\(query)' is not one station"))
                    continue
                }
            }
        }
    }

    /// The chip must exist and hold every configured line (read-only: nothing is requested). A chip this user
    /// may not open cannot be checked here.
    private mutating func checkGPIO(_ config: DaemonConfig) {
        let chip: GPIOChip
        do { chip = try GPIOChip.open(config.gpioChip) } catch {
            if error.kind == .system {
                let why = GPIOBoard.isPermissionProblem(error)
                    ? Phrase(uk: "цьому користувачеві його не відкрити; запустіть --check-config від імені користувача служби, "
                                 + "щоб перевірити мікросхему й лінії",
                             en: "this user may not open it; run --check-config as the daemon's user to check the chip and lines")
                    : Phrase(uk: "мікросхему й лінії не перевірено", en: "the chip and lines were not checked")
                warnings.append(Phrase(uk: "gpio_chip = '\(config.gpioChip)': «\(error.message)» (\(why.uk))",
                                       en: "gpio_chip = '\(config.gpioChip)': \(error.message) (\(why.en))"))
            } else {
                problems.append(Phrase(uk: "gpio_chip = '\(config.gpioChip)': «\(error.message)»",
                                       en: "gpio_chip = '\(config.gpioChip)': \(error.message)"))
            }
            return
        }
        var lines = [("button_line", config.buttonLine), ("motor_line", config.motorLine)]
        if let second = config.button2Line { lines.insert(("button2_line", second), at: 1) }
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
                    warnings.append(Phrase(uk: "\(key) = '\(spec)': «\(error.message)» (не перевірено)",
                                           en: "\(key) = '\(spec)': \(error.message) (not checked)"))
                } else {
                    problems.append(Phrase(uk: "\(key) = '\(spec)': «\(error.message)»", en: "\(key) = '\(spec)': \(error.message)"))
                }
            }
        }
    }
}
