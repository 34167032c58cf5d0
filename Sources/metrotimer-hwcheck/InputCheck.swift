// metrotimer-hwcheck --input: the same check for a phone's key and vibrator (input devices).
//
// It opens the key device (events stamped on CLOCK_BOOTTIME, as the daemon reads them; grabbed with --grab)
// and the force-feedback device (one effect uploaded, as the daemon does), prints every edge of the key with
// its kernel timestamp and plays the effect: mirroring the key, or a pulse per press with --pulse-ms. The
// same EdgeCheckLoop over the key device, a signalfd and a pulse timerfd; SIGTERM/SIGINT stop the effect and exit.
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

    let loop = EdgeCheckLoop<InputError>(
        buttonFD: keys.device.fd, events: options.events, pulseMs: min(options.pulseMs, Int(inputEffectLengthMs)),
        stoppingLine: { signal in
            text(uk: "зупинка за сигналом \(signal): вібро вимкнено, пристрої звільнено",
                 en: "stopping on signal \(signal): vibrator off, devices released")
        },
        loopFailure: { error in
            InputError(kind: .system, errno: error.errno.rawValue, message: "waiting for key events: \(error)",
                       ukrainian: error.ukrainian("очікування подій клавіш"))
        },
        readEdges: { reported throws(InputError) in
            let read = try keys.read()
            if read.dropped { say(text(uk: "ядро відкинуло події (SYN_DROPPED)", en: "the kernel dropped events (SYN_DROPPED)")) }
            if read.edges.isEmpty, !reported.isDisjoint(with: [.hangup, .error]) {
                throw InputError(kind: .system, errno: ENODEV, message: "\(keys.device.described) went away",
                                 ukrainian: "\(keys.device.described) зник")
            }
            return read.edges.map { CheckedEdge(pressed: $0.pressed, fields: "pressed=\($0.pressed ? 1 : 0) boot_ns=\($0.boottimeNs)") }
        },
        setMotor: { on throws(InputError) in try vibrator.set(on: on) })
    return try loop.run()
}
