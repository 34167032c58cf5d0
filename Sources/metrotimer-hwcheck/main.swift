// metrotimer-hwcheck: a wiring self-check for a board's button and motor.
//
// It opens the chip, requests both lines as metrotimer would (consumer "metrotimer"), then prints every
// button edge with its kernel timestamp and drives the motor: mirroring the button, or a pulse per press
// with --pulse-ms. One thread, one poll() over the event fd and a signalfd; SIGTERM/SIGINT drive the motor
// off and exit.
import CLinuxShim
import Glibc
import MetroGPIO

let usage = """
    usage: metrotimer-hwcheck --chip CHIP --button LINE --motor LINE [--active-low] [--motor-active-low]
                              [--bias pull-up|pull-down|disabled|as-is] [--events N] [--pulse-ms MS]
           metrotimer-hwcheck --version
      CHIP   /dev/gpiochipN, gpiochipN, N, or a chip label (see gpiodetect)
      LINE   a line offset or a line name (see gpioinfo CHIP)
      --active-low      the button reads low when pressed (button to ground with a pull-up)
      --events N        exit after N button edges (default: run until SIGTERM/SIGINT)
      --pulse-ms MS     pulse the motor for MS on each press instead of mirroring the button
      --version         the libgpiod this program was built with, then exit
    """

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
        guard let next = rest.popFirst() else { fail("\(flag) needs a value\n\(usage)", status: 2) }
        return next
    }
    func count(of flag: String) -> Int {
        let text = value(of: flag)
        guard let number = Int(text), number >= 0 else { fail("\(flag) wants a whole number ≥ 0, not '\(text)'", status: 2) }
        return number
    }
    while let flag = rest.popFirst() {
        switch flag {
        case "--chip": options.chip = value(of: flag)
        case "--button": options.button = value(of: flag)
        case "--motor": options.motor = value(of: flag)
        case "--active-low": options.activeLow = true
        case "--motor-active-low": options.motorActiveLow = true
        case "--bias":
            let text = value(of: flag)
            guard let bias = LineBias(rawValue: text) else {
                fail("--bias is one of \(LineBias.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'", status: 2)
            }
            options.bias = bias
        case "--events": options.events = count(of: flag)
        case "--pulse-ms": options.pulseMs = count(of: flag)
        case "-h", "--help": say(usage); exit(0)
        case "--version": say("metrotimer-hwcheck with libgpiod \(GPIOChip.libraryVersion)"); exit(0)
        default: fail("unknown option '\(flag)'\n\(usage)", status: 2)
        }
    }
    for (flag, text) in [("--chip", options.chip), ("--button", options.button), ("--motor", options.motor)] where text.isEmpty {
        fail("\(flag) is required\n\(usage)", status: 2)
    }
    return options
}

func monotonicNow() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// Blocks SIGTERM and SIGINT and returns a signalfd that becomes readable when one arrives, so a stop
/// request is one more event of the poll loop and the lines are released on the normal path, motor off first.
func stopSignalDescriptor() throws(GPIOError) -> Int32 {
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGTERM)
    sigaddset(&stopSignals, SIGINT)
    guard sigprocmask(SIG_BLOCK, &stopSignals, nil) == 0 else {
        throw GPIOError(kind: .system, errno: errno, message: "blocking SIGTERM and SIGINT: \(String(cString: strerror(errno)))")
    }
    let fd = signalfd(-1, &stopSignals, Int32(SFD_CLOEXEC))
    guard fd >= 0 else {
        throw GPIOError(kind: .system, errno: errno, message: "creating a signalfd: \(String(cString: strerror(errno)))")
    }
    return fd
}

func run(_ options: Options) throws(GPIOError) -> Int32 {
    let chip = try GPIOChip.open(options.chip)
    say("chip \(chip.name) label=\(chip.label) lines=\(chip.lineCount)")
    let buttonOffset = try chip.findLine(options.button)
    let motorOffset = try chip.findLine(options.motor)
    let button = try ButtonLine(chip: chip, offset: buttonOffset, bias: options.bias, activeLow: options.activeLow)
    let motor = try MotorLine(chip: chip, offset: motorOffset, activeLow: options.motorActiveLow)
    defer {
        motor.release()
        button.release()
    }
    let mode = options.pulseMs > 0 ? "pulse \(options.pulseMs) ms" : "mirror"
    say("button line \(buttonOffset) bias=\(options.bias.rawValue) active-low=\(options.activeLow ? 1 : 0) pressed=\(try button.value ? 1 : 0)")
    say("motor line \(motorOffset) active-low=\(options.motorActiveLow ? 1 : 0) mode=\(mode)")
    say("ready")

    let signalFD = try stopSignalDescriptor()
    defer { close(signalFD) }
    var seen = 0
    var motorOffAtNs: Int64?  // monotonic deadline of the running pulse
    while options.events == 0 || seen < options.events {
        var fds = [
            pollfd(fd: button.fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
        ]
        // Wait forever unless a pulse has to end; rounded up so the pulse is never cut short.
        let timeoutMs = motorOffAtNs.map { Int32(clamping: max(0, ($0 - monotonicNow() + 999_999) / 1_000_000)) } ?? -1
        let ready = poll(&fds, nfds_t(fds.count), timeoutMs)
        if ready < 0 {
            let code = errno
            if code == EINTR { continue }
            throw GPIOError(kind: .system, errno: code, message: "waiting for button events: \(String(cString: strerror(code)))")
        }
        if fds[1].revents != 0 {
            var info = signalfd_siginfo()
            _ = read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size)
            say("stopping on signal \(info.ssi_signo): motor off, lines released")
            return 0
        }
        if let deadline = motorOffAtNs, monotonicNow() >= deadline {
            try motor.set(on: false)
            motorOffAtNs = nil
            say("motor off")
        }
        guard fds[0].revents != 0 else { continue }
        let edges = try button.readEvents()
        let toBoottime = MonotonicToBoottime.sampleNow()
        for edge in edges {
            seen += 1
            say("edge pressed=\(edge.pressed ? 1 : 0) mono_ns=\(edge.kernelTimestampNs) boot_ns=\(toBoottime.boottime(fromMonotonic: edge.kernelTimestampNs))")
            if options.pulseMs > 0 {
                guard edge.pressed else { continue }
                try motor.set(on: true)
                motorOffAtNs = monotonicNow() + Int64(options.pulseMs) * 1_000_000
                say("motor on")
            } else {
                try motor.set(on: edge.pressed)
                say("motor \(edge.pressed ? "on" : "off")")
            }
        }
    }
    say("done after \(seen) events")
    return 0
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
do {
    exit(try run(options))
} catch {
    fail(error.description)
}
