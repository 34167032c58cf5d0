// metrotimer-hwcheck --input: the same check for a phone's key and vibrator (input devices).
//
// It opens the key device (events stamped on CLOCK_BOOTTIME, as the daemon reads them; grabbed with --grab)
// and the force-feedback device (one effect uploaded, as the daemon does), prints every edge of the key with
// its kernel timestamp and plays the effect: mirroring the key, or a pulse per press with --pulse-ms. One
// poll() over the key device and a signalfd; SIGTERM/SIGINT stop the effect and exit.
import CInputShim
import CLinuxShim
import Glibc
import MetroInput

/// The vibrator never plays longer than this at a stretch (the daemon's cap): the effect's own length.
let inputEffectLengthMs: UInt16 = 2000

/// The input-mode flags must be complete and the key a known one; GPIO flags do not belong here.
func checkInputOptions(_ options: Options) {
    for (flag, given) in [("--chip", options.chip), ("--button", options.button), ("--motor", options.motor)] where !given.isEmpty {
        fail(text(uk: "\(flag) — лише для GPIO, не разом з --input", en: "\(flag) is for GPIO, not with --input") + "\n\(usage)", status: 2)
    }
    for (flag, given) in [("--key-device", options.keyDevice), ("--key", options.key), ("--vibrator", options.vibrator)] where given.isEmpty {
        fail(text(uk: "\(flag) обовʼязковий разом з --input", en: "\(flag) is required with --input") + "\n\(usage)", status: 2)
    }
    if KeyNames.code(of: options.key) == nil {
        fail(text(uk: "невідома клавіша '\(options.key)': назва з <linux/input-event-codes.h> (напр. KEY_VOLUMEUP) або код",
                  en: "unknown key '\(options.key)': a name from <linux/input-event-codes.h> (e.g. KEY_VOLUMEUP) or a code"),
             status: 2)
    }
}

/// Runs the input check; the exit status.
func runInputCheck(_ options: Options) -> Int32 {
    do {
        return try runInput(options)
    } catch {
        let english = error.message, ukrainian = error.ukrainian
        switch error.kind {
        case .noSuchDevice:
            fail(text(uk: "\(ukrainian) (див. /proc/bus/input/devices)", en: english))
        case .system where error.isPermissionProblem:
            fail(text(uk: ukrainian + " (користувачу потрібна група власника /dev/input/event*, у Debian — input)", en: english
                + " (the user needs the group that owns /dev/input/event*, input on Debian)"))
        case .notAnInputDevice, .noSuchKey, .noForceFeedback, .invalidSpec, .system:
            fail(text(uk: ukrainian, en: english))
        }
    }
}

private func runInput(_ options: Options) throws(InputError) -> Int32 {
    guard let code = KeyNames.code(of: options.key) else { return 2 }
    let keys = try KeyButton(spec: options.keyDevice, codes: [code], grab: options.grab)
    let magnitude: UInt16 = options.strong ? 0xFFFF : 0xC000
    let vibrator = try ForceFeedbackVibrator(spec: options.vibrator, magnitude: magnitude, lengthMs: inputEffectLengthMs)
    defer { vibrator.release() }
    let pressed = try keys.isDown(code) ? 1 : 0
    say(text(uk: "клавіші \(keys.device.path) назва='\(keys.device.name)' \(KeyNames.name(of: code)) код=\(code) pressed=\(pressed) grab=\(options.grab ? 1 : 0)",
             en: "keys \(keys.device.path) name='\(keys.device.name)' \(KeyNames.name(of: code)) code=\(code) pressed=\(pressed) grab=\(options.grab ? 1 : 0)"))
    let slots = (try? vibrator.device.effectsMax()) ?? 0
    let mode = options.pulseMs > 0 ? text(uk: "імпульс \(options.pulseMs) мс", en: "pulse \(options.pulseMs) ms")
        : text(uk: "дзеркало", en: "mirror")
    say(text(uk: "вібро \(vibrator.device.path) назва='\(vibrator.device.name)' effect=\(vibrator.effectName) id=\(vibrator.effectID) effects_max=\(slots) режим=\(mode)",
             en: "vibrator \(vibrator.device.path) name='\(vibrator.device.name)' effect=\(vibrator.effectName) id=\(vibrator.effectID) effects_max=\(slots) mode=\(mode)"))
    say(text(uk: "готово", en: "ready"))

    let signalFD: Int32
    do { signalFD = try stopSignalDescriptor() } catch {
        throw InputError(kind: .system, errno: error.errno, message: error.message, ukrainian: error.ukrainian)
    }
    defer { close(signalFD) }
    var seen = 0
    var offAtNs: Int64?  // boot-time deadline of the running pulse
    while options.events == 0 || seen < options.events {
        var fds = [
            pollfd(fd: keys.device.fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
        ]
        let timeoutMs = offAtNs.map { Int32(clamping: max(0, ($0 - boottimeNow() + 999_999) / 1_000_000)) } ?? -1
        let ready = poll(&fds, nfds_t(fds.count), timeoutMs)
        if ready < 0 {
            let code = errno
            if code == EINTR { continue }
            let why = String(cString: strerror(code))
            throw InputError(kind: .system, errno: code, message: "waiting for key events: \(why)",
                             ukrainian: "очікування подій клавіш: «\(why)»")
        }
        if fds[1].revents != 0 {
            var info = signalfd_siginfo()
            _ = read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size)
            say(text(uk: "зупинка за сигналом \(info.ssi_signo): вібро вимкнено, пристрої звільнено",
                     en: "stopping on signal \(info.ssi_signo): vibrator off, devices released"))
            return 0
        }
        if let deadline = offAtNs, boottimeNow() >= deadline {
            try vibrator.set(on: false)
            offAtNs = nil
            say(text(uk: "мотор вимкнено", en: "motor off"))
        }
        guard fds[0].revents != 0 else { continue }
        let read = try keys.read()
        if read.dropped { say(text(uk: "ядро відкинуло події (SYN_DROPPED)", en: "the kernel dropped events (SYN_DROPPED)")) }
        for edge in read.edges {
            seen += 1
            let fields = "pressed=\(edge.pressed ? 1 : 0) boot_ns=\(edge.boottimeNs)"
            say(text(uk: "фронт \(fields)", en: "edge \(fields)"))
            if options.pulseMs > 0 {
                guard edge.pressed else { continue }
                try vibrator.set(on: true)
                offAtNs = boottimeNow() + Int64(min(options.pulseMs, Int(inputEffectLengthMs))) * 1_000_000
                say(text(uk: "мотор увімкнено", en: "motor on"))
            } else {
                try vibrator.set(on: edge.pressed)
                say(edge.pressed ? text(uk: "мотор увімкнено", en: "motor on") : text(uk: "мотор вимкнено", en: "motor off"))
            }
        }
        if read.edges.isEmpty, fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
            throw InputError(kind: .system, errno: ENODEV, message: "\(keys.device.described) went away",
                             ukrainian: "\(keys.device.described) зник")
        }
    }
    say(text(uk: "готово після \(seen) подій", en: "done after \(seen) events"))
    return 0
}

func boottimeNow() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
