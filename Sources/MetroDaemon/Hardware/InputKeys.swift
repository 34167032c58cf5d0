import Glibc
import MetroInput
import MetroModel
import MetroSystem

/// The button side on an input device: `button_key` (and `button2_key`) of `button_device`, read with the
/// kernel's event timestamps on `CLOCK_BOOTTIME` (EVIOCSCLOCKID), so a start's t0 is the kernel's instant of
/// the press; grabbed (EVIOCGRAB) when `button_grab = yes`.
///
/// A device that goes away (unplugged, driver unbound) never stops the daemon: the fault is shown in the
/// status and the device is opened again with capped back-off, as the GPIO board does.
final class InputKeys {
    private let config: DaemonConfig
    private let log: Logger
    private var keys: KeyButton?
    private var router: KeyEdgeRouter
    private let backoff: ReclaimBackoff
    private var token: EventLoop.Token?
    private weak var loop: EventLoop?
    private weak var sink: ButtonEdgeSink?
    private var isReleased = false
    private var currentFault: Phrase?

    /// Why the keys do not work right now, for the status; nil when all is well.
    var fault: String? { currentFault?.en }
    /// `fault` in both languages, for the status's `fault_details`.
    var faultText: Phrase? { currentFault }

    /// Opens the configured device and checks its keys. Errors name the key and value at fault, e.g.
    /// `button_key = 'KEY_CAMERA': /dev/input/event2 ('gpio-keys') has no key KEY_CAMERA`.
    init(config: DaemonConfig, log: Logger) throws {
        self.config = config
        self.log = log
        var numbers: [UInt16: Int] = [config.buttonKey: 1]
        if let second = config.button2Key { numbers[second] = 2 }
        router = KeyEdgeRouter(numbers: numbers)
        do { backoff = try ReclaimBackoff() } catch {
            throw DaemonStartError("input: cannot create the retry timer: \(error)", exitCode: InputStartError.mayPass)
        }
        do { try open() } catch {
            if error.kind == .noSuchKey {
                let missing = missingKey(error)
                throw InputStartError.make(key: missing.key, value: missing.name, error)
            }
            throw InputStartError.make(key: "button_device", value: config.buttonDevice, error)
        }
    }

    /// Watches the device and the retry timer on `loop`; edges go to `sink`.
    func register(on loop: EventLoop, sink: ButtonEdgeSink) throws {
        self.loop = loop
        self.sink = sink
        _ = try loop.register(fd: backoff.timer.fd.rawValue, events: .readable) { [weak self] _ in self?.retryDue() }
        try watch()
    }

    /// The device closed (its grab ends with it), timers disarmed, fd off the loop (the last thing before exit).
    func releaseAll() {
        isReleased = true
        backoff.reset()
        drop()
    }

    private var codes: [UInt16] { [config.buttonKey] + (config.button2Key.map { [$0] } ?? []) }

    /// The configuration key and key name the device lacks (`button_key` or `button2_key`), for the message.
    private func missingKey(_ error: InputError) -> (key: String, name: String) {
        if let second = config.button2Key, error.message.hasSuffix("has no key \(KeyNames.name(of: second))") {
            return ("button2_key", KeyNames.name(of: second))
        }
        return ("button_key", KeyNames.name(of: config.buttonKey))
    }

    private func open() throws(InputError) {
        let opened = try KeyButton(spec: config.buttonDevice, codes: codes, grab: config.buttonGrab)
        var levels: [Int: Bool] = [:]
        for (code, number) in router.numbers { levels[number] = try opened.isDown(code) }
        router.start(levels: levels)
        keys = opened
        let names = codes.map { KeyNames.name(of: $0) }.joined(separator: ", ")
        log.info("input: buttons \(names) on \(opened.device.described)\(opened.grabbed ? ", grabbed" : ", shared with other programs")")
        logWakeSource(of: opened.device)
    }

    /// Says whether a press wakes a suspended phone (alerts do anyway: CLOCK_BOOTTIME_ALARM); see docs/hardware.md.
    private func logWakeSource(of device: InputDevice) {
        switch WakeSource.state(ofEventNode: device.path) {
        case .some(let state) where state.enabled:
            log.info("input: \(device.described) is a wake-up source (\(state.file)): a press wakes a suspended phone")
        case .some(let state):
            log.notice("input: \(device.described) is not a wake-up source (\(state.file) says disabled): a press while "
                + "the phone sleeps is not seen until it wakes; `echo enabled > \(state.file)` makes it one (docs/hardware.md)")
        case .none:
            log.info("input: \(device.described) has no wake-up setting in sysfs: a press while the phone sleeps may not wake it")
        }
    }

    private func watch() throws {
        guard let loop, let keys else { return }
        token = try loop.register(fd: keys.device.fd, events: .readable) { [weak self] events in self?.readable(events) }
    }

    private func readable(_ events: IOEvents) {
        guard let keys else { return }
        let read: KeyRead
        do { read = try keys.read() } catch {
            lose(error)
            return
        }
        if read.dropped { log.warning("input: the kernel dropped key events (SYN_DROPPED): any press in progress is forgotten") }
        for edge in router.route(read, to: sink) {
            log.debug("input: \(KeyNames.name(of: edge.code)) \(edge.pressed ? "pressed" : "released") repeats the level; dropped")
        }
        // A hang-up with nothing left to read: the device went away under the fd (level-triggered, it would spin).
        if read.edges.isEmpty, !read.dropped, !events.intersection([.hangup, .error]).isEmpty, self.keys != nil {
            lose(InputError(kind: .system, errno: ENODEV, message: "\(keys.device.described) hung up",
                            ukrainian: "\(keys.device.described) закрився"))
        }
    }

    private func lose(_ error: InputError) {
        let described = keys?.device.described ?? config.buttonDevice
        drop()
        for number in router.numbers.values.sorted() { sink?.buttonLost(number) }
        let why = Errno(rawValue: error.errno)
        currentFault = error.isDeviceGone
            ? Phrase(uk: "ввід: \(described) зник («\(why)»); повторна спроба", en: "input: \(described) vanished (\(why)); retrying")
            : Phrase(uk: "ввід: читання \(described): \(error.ukrainian); повторна спроба",
                     en: "input: reading \(described): \(error.message); retrying")
        log.error("\(currentFault?.en ?? "") in \(backoff.pendingSeconds) s")
        scheduleRetry()
    }

    private func drop() {
        if let token { loop?.unregister(token) }
        token = nil
        keys = nil
    }

    private func scheduleRetry() {
        if !backoff.schedule() {
            currentFault = Phrase(uk: (currentFault?.uk ?? "ввід: несправність") + " (таймер повтору не запущено: перезапустіть службу)",
                                  en: (currentFault?.en ?? "input: fault") + " (retry timer failed: restart the daemon)")
        }
    }

    private func retryDue() {
        backoff.acknowledge()
        guard !isReleased, keys == nil else { return }
        do {
            try open()
            try watch()
            currentFault = nil
            backoff.reset()
            log.notice("input: buttons back")
        } catch {
            drop()
            let ukrainian = (error as? InputError)?.ukrainian ?? "«\(error)»"
            currentFault = Phrase(uk: "ввід: button_device = '\(config.buttonDevice)': \(ukrainian); повторна спроба",
                                  en: "input: button_device = '\(config.buttonDevice)': \(error); retrying")
            log.error("\(currentFault?.en ?? "") in \(backoff.pendingSeconds) s")
            scheduleRetry()
        }
    }
}
