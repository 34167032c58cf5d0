import Glibc
import MetroControl
import MetroEngine
import MetroIIO
import MetroModel
import MetroSystem

/// `metrotimerd`: one thread, one epoll loop over file descriptors — the engine's alert timerfd, the haptic and
/// gesture timerfds, the button event fds (or the simulated board), the gpsd socket, a signalfd and the control
/// socket. Nothing ticks for nothing: an idle daemon sleeps in `epoll_wait` until a request, a press or a signal.
///
/// `init` is the assembly: it builds the parts in the order they depend on each other, each given what it uses
/// when it is made (no part is handed another afterwards), then `registerEventSources` binds every descriptor's
/// events to the part that handles them. A request's path: `ControlServer` → `RequestRouter` → a handler → the
/// `Engine`, whose mutation is published through `StatusHub` to the `Watchers`.
public final class Daemon {
    public let config: DaemonConfig
    let log: Logger
    let loop: EventLoop
    let clock: ModelClock
    let network: any RideNetwork
    let store: SQLiteStore
    let engine: Engine
    let haptics: HapticMotor
    let device: DeviceController
    let engineWakeUp: EngineWakeUpTimer
    let reminderTimer: ReminderTimer
    let watchers: Watchers
    let router: RequestRouter
    let control: ControlServer
    let signals: SignalChannel
    let supervisor: Supervisor
    var notifier: SystemdNotifier { supervisor.notifier }
    let hardware: Hardware
    let gps: GPSLink?
    let motion: MotionLink?
    let recorder: MotionRecorder
    /// The wall clock of timetable look-ups: the system's, or GPS time while the system clock is not synchronised.
    let wallClock: TimetableWallClock
    let hub: StatusHub
    private var configPath: String?
    private var environment: [String: String]
    private var watchdogTimer: KernelTimer?
    private var exitCode: Int32 = 0

    /// Sets everything up (data, store, hardware, socket) and restores a stored trip. Throws `DaemonStartError`
    /// with a message a rider can act on.
    public convenience init(config: DaemonConfig, configPath: String?, environment: [String: String], log: Logger) throws {
        try self.init(config: config, configPath: configPath, environment: environment, log: log,
                      iio: (IIOAccelerometer.defaultSysfs, IIOAccelerometer.defaultDev))
    }

    /// `iio`: where IIO devices are looked for (tests give a sysfs tree and a character device of their own).
    init(config: DaemonConfig, configPath: String?, environment: [String: String], log: Logger,
         iio: (sysfs: String, dev: String)) throws {
        self.config = config
        self.configPath = configPath
        self.environment = environment
        self.log = log

        // Clocks.
        let wallClock = TimetableWallClock()
        self.wallClock = wallClock
        clock = ModelClock(scale: config.timeScale, wall: { wallClock.now() })
        try Daemon.checkClocks(clock, wallClock: wallClock, timeScale: config.timeScale, log: log)

        // Data and store.
        switch config.loadNetwork(environment: environment) {
        case .success(let loaded): network = loaded.network
        case .failure(let problem): throw DaemonStartError(problem.phrase.en + (problem.isMissing ? "; set data_file" : ""))
        }
        let stored: StoredState
        (store, stored) = try Daemon.openStore(config, fileName: Daemon.storeFileName(of: network), log: log)

        // The loop and the kernel's timers and signals.
        loop = try EventLoop()
        signals = try SignalChannel(signals: [SIGTERM, SIGINT, SIGHUP])
        supervisor = Supervisor(notifier: SystemdNotifier(), log: log)
        engineWakeUp = try EngineWakeUpTimer(clock: clock, log: log)
        if engineWakeUp.timer.clock != .boottimeAlarm {
            log.notice("alerts use CLOCK_BOOTTIME (no CAP_WAKE_ALARM: a suspended device will not be woken for an alert)")
        }
        reminderTimer = try ReminderTimer(log: log)

        // The board, and what the engine tells the rider through: the motor, and the status to watchers, systemd
        // and the gpsd link.
        hardware = try Hardware.open(config: config, clock: clock, log: log)
        haptics = try HapticMotor(motor: hardware.motor, clock: clock, log: log,
                                  strength: config.motorStrength == .strong ? .strong : .normal, arrivalAlarm: config.arrivalAlarm)
        let (loop, clock) = (self.loop, self.clock)  // the closure below may not capture `self` before init ends
        gps = try config.gpsd.map { try GPSLink(address: $0, loop: loop, log: log, clock: clock, wallClock: wallClock) }
        motion = config.motionDevice.isEmpty ? nil : try MotionLink(device: config.motionDevice, loop: loop, log: log, clock: clock,
                                                                             sysfs: iio.sysfs, dev: iio.dev)
        recorder = try MotionRecorder(store: store, motion: motion, log: log,
                                      wallNowMilliseconds: { Clocks.now(.realtime) / 1_000_000 }, bootNow: { clock.bootNow() })
        watchers = Watchers()
        hub = StatusHub(language: config.language, log: log, supervisor: supervisor, watchers: watchers, network: network,
                        clock: clock,
                        facts: DaemonFactsReader(alertClock: engineWakeUp.timer.clock, hardware: hardware,
                                                 timeScale: config.timeScale, wallClock: wallClock, gps: gps,
                                                 motion: motion, recorder: recorder))

        // The engine, owner of the trip.
        var selected = stored.selected
        if selected == nil {
            switch config.defaultRoute(on: network) {
            case .success(let route): selected = route
            case .failure(let problem): throw DaemonStartError(problem.phrase.en)
            }
        }
        let (tally, journalUnreadable) = Daemon.countJournal(store, network: network, log: log)
        engine = Engine(network: network, calibration: stored.calibration, routes: stored.routes, selectedRoute: selected,
                        store: store, wakeUp: engineWakeUp, haptics: haptics, publisher: hub, log: EngineLog(log),
                        suspensions: stored.suspensions, reminders: stored.reminders, reminderWakeUp: reminderTimer,
                        journalTally: tally)

        // What drives the engine: the rider's buttons and the control socket's requests.
        device = try DeviceController(haptics: haptics, engine: engine, clock: clock, log: log,
                                      debounceMilliseconds: config.buttonDebounceMilliseconds, recorder: recorder,
                                      onGesture: { [watchers] outcome in watchers.broadcast(ControlReply.gestureEvent(outcome)) })
        router = RequestRouter(engine: engine, hub: hub, device: device, hardware: hardware, store: store, network: network,
                               clock: clock, journalUnreadable: journalUnreadable, recorder: recorder)
        let socketPath = config.runtimeDirectory + "/control.sock"
        do {
            control = try ControlServer(path: socketPath, groupName: config.controlGroup, loop: loop, log: log,
                                        language: config.language, handler: router, watchers: watchers,
                                        onWatchersChanged: { [engine] watching in engine.hasWatchers = watching })
        } catch {
            throw DaemonStartError("cannot listen on \(socketPath): \(error)")
        }
        try registerEventSources()

        var active = stored.active
        if let stale = active, stale.savedOnOtherBoot == true {
            active = stale.movedToCurrentBoot(wall: clock.wallMapping())
            log.warning("stored trip re-anchored to this boot through the wall clock (accuracy depends on the clock)")
        }
        engine.restore(active, now: clock.now())
        engine.remindersDue(wallNowUnixSeconds: Daemon.wallNowUnixSeconds(), now: clock.now())
    }

    /// Refuses a scaled clock that would run out of nanoseconds (time_scale multiplies the whole uptime) and warns
    /// of a wall clock outside 1970…2200 and of a time scale other than 1.
    private static func checkClocks(_ clock: ModelClock, wallClock: TimetableWallClock, timeScale: Double, log: Logger) throws {
        if let refusal = clock.rangeRefusal(boottime: clock.bootNow()) { throw DaemonStartError(refusal.en) }
        let wallNow = wallClock.now()
        if !ModelClock.wallRange.contains(wallNow) {
            log.warning("the wall clock reads \(wallNow / 1_000_000_000) s after 1970, outside 1970…2200: timetable look-ups use the nearest end of that range until it is set")
        }
        if timeScale != 1 {
            log.warning("TIME SCALE \(timeScale): every model duration is divided by \(timeScale) (demo/test mode, not for riding)")
        }
    }

    /// Each network keeps its own state — journal, calibration, pins and recents, the trip in progress — so a
    /// `data_file` switched to another city neither offers Kyiv's pins there nor resumes a Kyiv trip on New York's
    /// stations, and switching back finds Kyiv's as they were. Kyiv's network keeps `state.db`, the file of every
    /// store before networks had their own; an imported one has `state-<network>.db`.
    static func storeFileName(of network: any RideNetwork) -> String {
        network.stateName.map { "state-\($0).db" } ?? SQLiteStore.defaultFileName
    }

    /// The state and runtime directories made (or checked) and the state database opened with what it stores.
    private static func openStore(_ config: DaemonConfig, fileName: String, log: Logger) throws -> (SQLiteStore, StoredState) {
        try Daemon.makeDirectory(config.stateDirectory, mode: 0o700, log: log)
        try Daemon.makeDirectory(config.runtimeDirectory, mode: 0o755, log: log)
        try Daemon.refuseDanglingLink(config.stateDirectory + "/" + fileName)
        do { return try SQLiteStore.openLoading(directory: config.stateDirectory, fileName: fileName, log: log) } catch {
            throw DaemonStartError("cannot open the state database in \(config.stateDirectory): \(error)", exitCode: 1)
        }
    }

    /// The journal's figures, counted once here and kept up to date by the engine as trips are journaled: `stats`
    /// and `stats --year` then cost the loop the same however long the journal grows. With why the journal could
    /// not be read, if it could not (its figures would be incomplete, so they are refused until a restart).
    private static func countJournal(_ store: SQLiteStore, network: any RideNetwork, log: Logger) -> (JournalTally, String?) {
        var tally = JournalTally(network: network)
        do {
            try store.eachJournalEntry { tally.add($0) }
            return (tally, nil)
        } catch {
            log.error("cannot read the journal: \(error); stats and the year on the metro are refused until a restart reads it")
            return (tally, "\(error)")
        }
    }

    /// The system's wall clock in Unix seconds: reminders are times on the clock, never scaled.
    static func wallNowUnixSeconds() -> Int64 { Clocks.now(.realtime) / 1_000_000_000 }

    /// Binds each descriptor's events to the part that handles them: the only place an event source is handed
    /// the part its events go to.
    private func registerEventSources() throws {
        // Timers and signals are urgent: they are served before, and between, the handlers of input.
        _ = try loop.register(fd: signals.fd.rawValue, events: .readable, priority: .urgent) { [unowned self] _ in self.handleSignals() }
        _ = try loop.register(fd: engineWakeUp.timer.fd.rawValue, events: .readable, priority: .urgent) { [unowned self] _ in
            self.engineWakeUp.acknowledge()
            self.engine.tick(now: self.clock.now())
        }
        _ = try loop.register(fd: reminderTimer.timer.fd.rawValue, events: .readable, priority: .urgent) { [unowned self] _ in
            switch self.reminderTimer.read() {
            case .none: return
            case .expired: break
            case .clockStepped: self.log.notice("wall clock stepped: reminders re-armed on the new clock")
            }
            self.engine.remindersDue(wallNowUnixSeconds: Daemon.wallNowUnixSeconds(), now: self.clock.now())
        }
        _ = try loop.register(fd: device.hapticTimerFD, events: .readable, priority: .urgent) { [unowned self] _ in
            self.device.hapticTimerFired()
        }
        _ = try loop.register(fd: device.gestureTimerFD, events: .readable, priority: .urgent) { [unowned self] _ in
            self.device.gestureTimerFired()
        }
        try hardware.register(on: loop, device: device)
        try gps?.register(onFix: { [unowned self] fix, wallNow in
            self.engine.gpsFix(fix, wallNowUnixNanoseconds: wallNow, now: self.clock.now())
        }, onReconsider: { [unowned self] in self.republish(force: false) })
        recorder.onChange = { [unowned self] in self.republish(force: false) }
        motion?.register(onSamples: { [unowned self] samples in self.engine.motion(samples, now: self.clock.now()) },
                         onReadings: { [unowned self] readings in self.recorder.take(readings) },
                         onFailure: { [unowned self] in
                             // An open recording ends (publishing); a ride goes on without motion, its fault shown.
                             self.recorder.sensorFailed()
                             self.republish(force: false)
                         })
        if let interval = notifier.watchdogIntervalNanoseconds {
            let timer = try KernelTimer(preferAlarm: false)
            watchdogTimer = timer
            try timer.arm(atBoottimeNanoseconds: clock.bootNow() + interval)
            _ = try loop.register(fd: timer.fd.rawValue, events: .readable, priority: .urgent) { [unowned self] _ in
                _ = try? timer.acknowledge()
                self.supervisor.tell("WATCHDOG=1")
                try? timer.arm(atBoottimeNanoseconds: self.clock.bootNow() + interval)
            }
        }
    }

    /// Runs until SIGTERM/SIGINT; returns the exit status.
    public func run() -> Int32 {
        republish(force: true)
        supervisor.tell("READY=1\nSTATUS=\(hub.summary)")
        log.info("ready: \(hardware.kind.rawValue) board, alerts on \(engineWakeUp.timer.clock), socket \(control.path)")
        do { try loop.run() } catch {
            log.error("event loop failed: \(error)")
            exitCode = 1
        }
        shutdown()
        return exitCode
    }

    private func shutdown() {
        supervisor.tell("STOPPING=1")
        device.silence()
        hardware.release()
        gps?.close()
        recorder.close()
        motion?.close()
        control.close()
        log.info("stopped")
    }

    private func handleSignals() {
        guard let received = try? signals.readSignals() else { return }
        for signal in received {
            switch signal {
            case SIGHUP: reload()
            default:
                log.info("signal \(signal == SIGTERM ? "TERM" : "INT"): stopping")
                loop.stop()
            }
        }
    }

    /// SIGHUP: re-reads the configuration. The language applies now; every other changed key is named in the log and
    /// takes effect at the next start.
    private func reload() {
        supervisor.tell("RELOADING=1\nMONOTONIC_USEC=\(Clocks.now(.monotonic) / 1000)")
        do {
            let (fresh, _) = try ConfigLoader.load(path: configPath, environment: environment)
            // Only the language applies now; every other changed key is named, so "reloaded" never reads as "applied".
            let restartNeeded = fresh.keysDiffering(from: config).filter { $0 != "language" }
            hub.language = fresh.language
            control.language = fresh.language
            log.info("configuration reloaded" + (restartNeeded.isEmpty ? "" : "; restart to apply: \(restartNeeded.joined(separator: ", "))"))
        } catch {
            log.error("reload refused, keeping the running configuration: \(error.problems.joined(separator: "; "))")
        }
        republish(force: true)
        supervisor.tell("READY=1\nSTATUS=\(hub.summary)")
    }

    /// Publishes the status as of now (at start, on reload, when the GPS link asks to look again).
    private func republish(force: Bool) { hub.publish(engine.status(now: clock.now()), force: force) }

    /// Creates `path` with `mode`, or checks the one that is there: it must be a directory, and one that others
    /// may write to (or read, beyond `mode`) is narrowed to `mode` with a log line when it is ours, and refused when
    /// it is not (a directory someone else controls could swap `state.db` or the socket under us).
    static func makeDirectory(_ path: String, mode: mode_t, log: Logger) throws {
        if mkdir(path, mode) == 0 { return }
        guard errno == EEXIST else { throw DaemonStartError("cannot create \(path): \(Errno(rawValue: errno))") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw DaemonStartError("cannot inspect \(path): \(Errno(rawValue: errno))") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw DaemonStartError("\(path) exists and is not a directory") }
        let actual = info.st_mode & 0o7777
        guard actual & ~mode & 0o777 != 0 else { return }
        let shown = { (m: mode_t) in "0" + String(m, radix: 8) }
        guard info.st_uid == geteuid() else {
            throw DaemonStartError("\(path) has mode \(shown(actual)) and belongs to uid \(info.st_uid), not to this "
                + "daemon's user: make it \(shown(mode)) and owned by the daemon's user")
        }
        guard chmod(path, mode) == 0 else {
            throw DaemonStartError("\(path) has mode \(shown(actual)) and cannot be narrowed to \(shown(mode)): \(Errno(rawValue: errno))")
        }
        log.warning("\(path) had mode \(shown(actual)), wider than \(shown(mode)): set to \(shown(mode))")
    }

    /// A `state.db` that is a symbolic link to nothing would make SQLite create the database wherever the link
    /// points; such a link is refused (a link to an existing file is the administrator's choice and is used).
    static func refuseDanglingLink(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return }
        var target = stat()
        guard stat(path, &target) != 0 else { return }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        let destination = length > 0
            ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        throw DaemonStartError("\(path) is a symbolic link to \(destination), which does not exist: refusing to create "
            + "the state database there (remove the link, or point it at an existing file)")
    }
}
