// metrotimer-hwcheck: a wiring self-check for a board's button and motor.
//
// GPIO mode (--chip): it opens the chip, requests both lines as metrotimer would (consumer "metrotimer"), then prints every
// button edge with its kernel timestamp and drives the motor: mirroring the button, or a pulse per press
// with --pulse-ms. One thread, MetroSystem's EventLoop over the event fd, a signalfd and a pulse timerfd
// (EdgeCheckLoop); SIGTERM/SIGINT drive the motor off and exit. Input mode (--input, a phone's keys and vibrator): see InputCheck.swift.
import Glibc
import MetroGPIO
import MetroSystem

/// The values given to `--lang` (as `--lang X` or `--lang=X`), in the order given.
let languageOptions: [String] = {
    // A copy: the option parser below still reads `--lang` to refuse a bad value.
    var arguments = Array(CommandLine.arguments.dropFirst())
    return LanguageChoice.takeOptions(&arguments)
}()

/// The language of every line this program prints: the last `--lang uk|en` among the arguments (as for
/// metrotimer and metrotimerd), else `uk` when LC_ALL, LC_MESSAGES or LANG (the first one set) starts with `uk`,
/// else English. A `--lang` of another value is refused, in the locale's language. The lines a script reads
/// (`ready`, `edge pressed=1 …`, `motor on`) are English unless Ukrainian is asked for.
let ukrainian: Bool = {
    if let last = languageOptions.last?.lowercased(), last == "uk" || last == "en" { return last == "uk" }
    return LanguageChoice.localeIsUkrainian(ProcessEnvironment.current())
}()

/// The text in the chosen language (each line written as a Ukrainian–English pair where it is used).
func text(uk: String, en: String) -> String { ukrainian ? uk : en }

let usage = text(
    uk: """
        використання: metrotimer-hwcheck --chip ЧИП --button ЛІНІЯ --motor ЛІНІЯ [--active-low] [--motor-active-low]
                                         [--bias pull-up|pull-down|disabled|as-is] [--events N] [--pulse-ms МС] [--lang uk|en]
               metrotimer-hwcheck --input --key-device ПРИСТРІЙ --key КЛАВІША [--grab] --vibrator ПРИСТРІЙ
                                         [--strong] [--events N] [--pulse-ms МС] [--lang uk|en]
               metrotimer-hwcheck --version
          ЧИП    /dev/gpiochipN, gpiochipN, N або мітка чипа (див. gpiodetect)
          ЛІНІЯ  номер лінії або її назва (див. gpioinfo ЧИП)
          --active-low      кнопка натиснута — на лінії низький рівень (кнопка на землю з підтяжкою вгору)
          --events N        вийти після N фронтів кнопки (типово працює до SIGTERM/SIGINT)
          --pulse-ms МС     вмикати мотор на МС (до 10000) при кожному натисканні, а не повторювати кнопку
          --version         з якою libgpiod зібрано програму, і вийти
          ПРИСТРІЙ  шлях /dev/input/… або назва пристрою вводу (див. /proc/bus/input/devices)
          КЛАВІША   назва з <linux/input-event-codes.h>, напр. KEY_VOLUMEUP, або код
          --grab            забрати пристрій клавіш собі: інші програми не бачать натискань
          --strong          повна сила вібрації (типово три чверті)
        """,
    en: """
        usage: metrotimer-hwcheck --chip CHIP --button LINE --motor LINE [--active-low] [--motor-active-low]
                                  [--bias pull-up|pull-down|disabled|as-is] [--events N] [--pulse-ms MS] [--lang uk|en]
               metrotimer-hwcheck --input --key-device DEVICE --key KEY [--grab] --vibrator DEVICE
                                  [--strong] [--events N] [--pulse-ms MS] [--lang uk|en]
               metrotimer-hwcheck --version
          CHIP   /dev/gpiochipN, gpiochipN, N, or a chip label (see gpiodetect)
          LINE   a line offset or a line name (see gpioinfo CHIP)
          --active-low      the button reads low when pressed (button to ground with a pull-up)
          --events N        exit after N button edges (default: run until SIGTERM/SIGINT)
          --pulse-ms MS     pulse the motor for MS (up to 10000) on each press instead of mirroring the button
          --version         the libgpiod this program was built with, then exit
          DEVICE  a /dev/input/… path or an input device's name (see /proc/bus/input/devices)
          KEY     a name from <linux/input-event-codes.h>, e.g. KEY_VOLUMEUP, or a key code
          --grab            take the key device for this program alone (EVIOCGRAB): others see no presses
          --strong          full vibration strength (three quarters by default)
        """)

/// The command line, validated.
struct Options {
    var chip = ""
    var button = ""
    var motor = ""
    var activeLow = false
    var motorActiveLow = false
    var bias = LineBias.asIs
    var events = 0
    var pulseMs = 0
    /// Input mode (--input): the key device, the key, the vibrator.
    var input = false
    var keyDevice = ""
    var key = ""
    var grab = false
    var vibrator = ""
    var strong = false
}

/// Writes a whole line to `fd` unbuffered, so a supervising script sees each line when it happens.
func writeLine(_ text: String, to fd: Int32) {
    var line = text + "\n"
    line.withUTF8 { bytes in
        var done = 0
        while done < bytes.count {
            let written = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            done += written
        }
    }
}

/// Prints a line on stdout.
func say(_ line: String) {
    writeLine(line, to: STDOUT_FILENO)
}

/// Prints an error to stderr and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    writeLine("metrotimer-hwcheck: \(message)", to: STDERR_FILENO)
    exit(status)
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(of flag: String) -> String {
        guard let next = rest.popFirst() else {
            fail(text(uk: "\(flag) потребує значення", en: "\(flag) needs a value") + "\n\(usage)", status: 2)
        }
        return next
    }
    func count(of flag: String) -> Int {
        let given = value(of: flag)
        guard let number = Int(given), number >= 0 else {
            fail(text(uk: "\(flag) потребує цілого числа ≥ 0, а не '\(given)'", en: "\(flag) wants a whole number ≥ 0, not '\(given)'"),
                 status: 2)
        }
        return number
    }
    func checkLanguage(_ given: String) {
        guard ["uk", "en"].contains(given.lowercased()) else {
            fail(text(uk: "--lang має бути uk або en, а не '\(given)'", en: "--lang must be uk or en, not '\(given)'"), status: 2)
        }
    }
    while let flag = rest.popFirst() {
        switch flag {
        case "--chip": options.chip = value(of: flag)
        case "--button": options.button = value(of: flag)
        case "--motor": options.motor = value(of: flag)
        case "--active-low": options.activeLow = true
        case "--motor-active-low": options.motorActiveLow = true
        case "--bias":
            let given = value(of: flag)
            guard let bias = LineBias(rawValue: given) else {
                let choices = LineBias.allCases.map(\.rawValue).joined(separator: ", ")
                fail(text(uk: "--bias — одне з \(choices), а не '\(given)'", en: "--bias is one of \(choices), not '\(given)'"), status: 2)
            }
            options.bias = bias
        case "--events": options.events = count(of: flag)
        case "--pulse-ms":
            // A wiring check's pulse is felt in a second or two; a bound also keeps the pulse's end on the clock.
            let pulse = count(of: flag)
            guard pulse <= maximumPulseMs else {
                fail(text(uk: "--pulse-ms — щонайбільше \(maximumPulseMs) мс, а не \(pulse)",
                          en: "--pulse-ms is at most \(maximumPulseMs) ms, not \(pulse)"), status: 2)
            }
            options.pulseMs = pulse
        case "--input": options.input = true
        case "--key-device": options.keyDevice = value(of: flag)
        case "--key": options.key = value(of: flag)
        case "--grab": options.grab = true
        case "--vibrator": options.vibrator = value(of: flag)
        case "--strong": options.strong = true
        case "--lang": checkLanguage(value(of: flag))  // chosen before anything is printed (`ukrainian`)
        case "-h", "--help": say(usage); exit(0)
        case "--version": say(text(uk: "metrotimer-hwcheck з libgpiod \(GPIOChip.libraryVersion)", en: "metrotimer-hwcheck with libgpiod \(GPIOChip.libraryVersion)")); exit(0)
        default:
            if flag.hasPrefix("--lang=") {
                checkLanguage(String(flag.dropFirst(7)))
                continue
            }
            fail(text(uk: "невідомий параметр '\(flag)'", en: "unknown option '\(flag)'") + "\n\(usage)", status: 2)
        }
    }
    if options.input {
        checkInputOptions(options)
        return options
    }
    for (flag, given) in [("--key-device", options.keyDevice), ("--key", options.key), ("--vibrator", options.vibrator)] where !given.isEmpty {
        fail(text(uk: "\(flag) — лише разом з --input", en: "\(flag) needs --input") + "\n\(usage)", status: 2)
    }
    for (flag, given) in [("--chip", options.chip), ("--button", options.button), ("--motor", options.motor)] where given.isEmpty {
        fail(text(uk: "\(flag) обовʼязковий", en: "\(flag) is required") + "\n\(usage)", status: 2)
    }
    return options
}

/// The longest pulse `--pulse-ms` asks for (10 s).
let maximumPulseMs = 10_000

func run(_ options: Options) throws(GPIOError) -> Int32 {
    let chip = try GPIOChip.open(options.chip)
    say(text(uk: "чип \(chip.name) label=\(chip.label) lines=\(chip.lineCount)", en: "chip \(chip.name) label=\(chip.label) lines=\(chip.lineCount)"))
    let buttonOffset = try chip.findLine(options.button)
    let motorOffset = try chip.findLine(options.motor)
    let button = try ButtonLine(chip: chip, offset: buttonOffset, bias: options.bias, activeLow: options.activeLow)
    let motor = try MotorLine(chip: chip, offset: motorOffset, activeLow: options.motorActiveLow)
    defer {
        motor.release()
        button.release()
    }
    let mode = options.pulseMs > 0 ? text(uk: "імпульс \(options.pulseMs) мс", en: "pulse \(options.pulseMs) ms")
        : text(uk: "дзеркало", en: "mirror")
    let pressed = try button.value ? 1 : 0
    let settings = "bias=\(options.bias.rawValue) active-low=\(options.activeLow ? 1 : 0) pressed=\(pressed)"
    say(text(uk: "кнопка: лінія \(buttonOffset) \(settings)", en: "button line \(buttonOffset) \(settings)"))
    say(text(uk: "мотор: лінія \(motorOffset) active-low=\(options.motorActiveLow ? 1 : 0) режим=\(mode)",
             en: "motor line \(motorOffset) active-low=\(options.motorActiveLow ? 1 : 0) mode=\(mode)"))
    say(text(uk: "готово", en: "ready"))

    let loop = EdgeCheckLoop<GPIOError>(
        buttonFD: button.fd, events: options.events, pulseMs: options.pulseMs,
        stoppingLine: { signal in
            text(uk: "зупинка за сигналом \(signal): мотор вимкнено, лінії звільнено",
                 en: "stopping on signal \(signal): motor off, lines released")
        },
        loopFailure: { error in
            GPIOError(kind: .system, errno: error.errno.rawValue, message: "waiting for button events: \(error)",
                      ukrainian: error.ukrainian("очікування подій кнопки"))
        },
        readEdges: { _ throws(GPIOError) in
            let edges = try button.readEvents()
            let toBoottime = MonotonicToBoottime.sampleNow()
            return edges.map { edge in
                CheckedEdge(pressed: edge.pressed, fields: "pressed=\(edge.pressed ? 1 : 0) mono_ns=\(edge.kernelTimestampNs) "
                                + "boot_ns=\(toBoottime.boottime(fromMonotonic: edge.kernelTimestampNs))")
            }
        },
        setMotor: { on throws(GPIOError) in try motor.set(on: on) })
    return try loop.run()
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
if options.input { exit(runInputCheck(options)) }
do {
    exit(try run(options))
} catch {
    // The library's message names chip, line and errno, in either language; in Ukrainian a hint where to look.
    switch error.kind {
    case .noSuchChip:
        fail(text(uk: "\(error.ukrainian) (див. gpiodetect)", en: error.description))
    case .noSuchLine:
        fail(text(uk: "\(error.ukrainian) (див. gpioinfo)", en: error.description))
    case .busy:
        fail(text(uk: "лінію вже зайняла інша програма: \(error.ukrainian)", en: error.description))
    case .invalidSpec, .system:
        fail(text(uk: error.ukrainian, en: error.description))
    }
}
