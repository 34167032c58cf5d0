import Glibc
import MetroControl
import MetroEngine
import MetroModel
import MetroSystem

/// `metrotimerd`: one thread, one epoll loop over file descriptors — the engine's alert timerfd, the haptic and
/// gesture timerfds, the button event fds (or the simulated board), the gpsd socket, a signalfd and the control
/// socket. Nothing ticks for nothing: an idle daemon sleeps in `epoll_wait` until a request, a press or a signal.
public final class Daemon {
    public let config: DaemonConfig
    let log: Logger
    let loop: EventLoop
    let clock: ModelClock
    let network: Network
    let store: SQLiteStore
    let engine: Engine
    let device: DeviceController
    let alarm: EngineWakeUpTimer
    let reminderAlarm: ReminderTimer
    let control: ControlServer
    let signals: SignalChannel
    let supervisor: Supervisor
    var notifier: SystemdNotifier { supervisor.notifier }
    let hardware: Hardware
    private(set) var gps: GPSLink?
    /// The wall clock of timetable look-ups: the system's, or GPS time while the system clock is not synchronised.
    let wallClock: TimetableWallClock
    let hub: StatusHub
    private var configPath: String?
    private var environment: [String: String]
    private var watchdogTimer: KernelTimer?
    private var exitCode: Int32 = 0
    /// Why the stored journal could not be read at start-up (its figures would be incomplete), or nil.
    let journalUnreadable: String?

    /// Sets everything up (data, store, hardware, socket) and restores a stored trip. Throws `DaemonStartError`
    /// with a message a rider can act on.
    public init(config: DaemonConfig, configPath: String?, environment: [String: String], log: Logger) throws {
        self.config = config
        self.configPath = configPath
        self.environment = environment
        self.log = log
        let wallClock = TimetableWallClock()
        self.wallClock = wallClock
        self.clock = ModelClock(scale: config.timeScale, wall: { wallClock.now() })
        // time_scale multiplies the whole uptime: refuse a scaled clock that would run out of nanoseconds.
        if let refusal = clock.rangeRefusal(boottime: clock.bootNow()) { throw DaemonStartError(refusal.en) }
        let wallNow = wallClock.now()
        if !ModelClock.wallRange.contains(wallNow) {
            log.warning("the wall clock reads \(wallNow / 1_000_000_000) s after 1970, outside 1970…2200: timetable look-ups use the nearest end of that range until it is set")
        }
        if config.timeScale != 1 {
            log.warning("TIME SCALE \(config.timeScale): every model duration is divided by \(config.timeScale) (demo/test mode, not for riding)")
        }

        // Data.
        switch config.loadNetwork(environment: environment) {
        case .success(let loaded): network = loaded.network
        case .failure(let problem): throw DaemonStartError(problem.phrase.en + (problem.isMissing ? "; set data_file" : ""))
        }

        // Store.
        try Daemon.makeDirectory(config.stateDirectory, mode: 0o700, log: log)
        try Daemon.makeDirectory(config.runtimeDirectory, mode: 0o755, log: log)
        try Daemon.refuseDanglingLink(config.stateDirectory + "/state.db")
        let stored: StoredState
        do { (store, stored) = try SQLiteStore.openLoading(directory: config.stateDirectory, log: log) } catch {
            throw DaemonStartError("cannot open the state database in \(config.stateDirectory): \(error)", exitCode: 1)
        }

        loop = try EventLoop()
        signals = try SignalChannel(signals: [SIGTERM, SIGINT, SIGHUP])
        supervisor = Supervisor(notifier: SystemdNotifier(), log: log)
        alarm = try EngineWakeUpTimer(clock: clock, log: log)
        if alarm.timer.clock != .boottimeAlarm {
            log.notice("alerts use CLOCK_BOOTTIME (no CAP_WAKE_ALARM: a suspended device will not be woken for an alert)")
        }

        reminderAlarm = try ReminderTimer(log: log)

        // Hardware.
        hardware = try Hardware.open(config: config, clock: clock, log: log)
        device = try DeviceController(motor: hardware.motor, clock: clock, log: log,
                                      debounceMilliseconds: config.buttonDebounceMilliseconds,
                                      strength: config.motorStrength == .strong ? .strong : .normal,
                                      arrivalAlarm: config.arrivalAlarm)
        hub = StatusHub(log: log, supervisor: supervisor)
        hub.language = config.language

        var selected = stored.selected
        if selected == nil {
            switch config.defaultRoute(on: network) {
            case .success(let route): selected = route
            case .failure(let problem): throw DaemonStartError(problem.phrase.en)
            }
        }
        // The journal's figures are counted once here and kept up to date as trips are journaled: `stats` and
        // `stats --year` then cost the loop the same however long the journal grows.
        var tally = JournalTally(network: network)
        do {
            try store.eachJournalEntry { tally.add($0) }
            journalUnreadable = nil
        } catch {
            log.error("cannot read the journal: \(error); stats and the year on the metro are refused until a restart reads it")
            journalUnreadable = "\(error)"
        }
        engine = Engine(network: network, calibration: stored.calibration, routes: stored.routes, selectedRoute: selected,
                        store: store, alarm: alarm, haptics: device, publisher: hub, log: EngineLog(log),
                        suspensions: stored.suspensions, reminders: stored.reminders, reminderAlarm: reminderAlarm,
                        journalTally: tally)
        device.engine = engine

        let socketPath = config.runtimeDirectory + "/control.sock"
        do { control = try ControlServer(path: socketPath, groupName: config.controlGroup, loop: loop, log: log) } catch {
            throw DaemonStartError("cannot listen on \(socketPath): \(error)")
        }
        hub.daemon = self
        // Watchers (`metrotimer press` waits this way) hear what each decided gesture did.
        device.onGesture = { [unowned self] outcome in self.control.broadcast(ControlReply.gestureEvent(outcome)) }
        control.language = config.language
        control.dispatch = { [unowned self] request, peer in self.dispatch(request, peer: peer) }
        control.streamingDispatch = { [unowned self] request, _ in self.streamingReply(request) }
        control.onWatchersChanged = { [unowned self] watching in self.engine.hasWatchers = watching }
        if let address = config.gpsd {
            gps = try GPSLink(address: address, loop: loop, log: log, clock: clock, wallClock: wallClock) { [unowned self] fix, wallNow in
                self.engine.gpsFix(fix, wallNowUnixNanoseconds: wallNow, now: self.clock.now())
            }
            gps?.onReconsider = { [unowned self] in self.hub.republish(force: false) }
        }
        try registerFileDescriptors()

        var active = stored.active
        if let stale = active, stale.savedOnOtherBoot == true {
            active = stale.movedToCurrentBoot(wall: clock.wallMapping())
            log.warning("stored trip re-anchored to this boot through the wall clock (accuracy depends on the clock)")
        }
        engine.restore(active, now: clock.now())
        engine.remindersDue(wallNowUnixSeconds: Daemon.wallNowUnixSeconds(), now: clock.now())
    }

    /// The system's wall clock in Unix seconds: reminders are times on the clock, never scaled.
    static func wallNowUnixSeconds() -> Int64 { Clocks.now(.realtime) / 1_000_000_000 }

    private func registerFileDescriptors() throws {
        // Timers and signals are urgent: they are served before, and between, the handlers of input.
        _ = try loop.register(fd: signals.fd.rawValue, events: .readable, priority: .urgent) { [unowned self] _ in self.handleSignals() }
        _ = try loop.register(fd: alarm.timer.fd.rawValue, events: .readable, priority: .urgent) { [unowned self] _ in
            self.alarm.acknowledge()
            self.engine.tick(now: self.clock.now())
        }
        _ = try loop.register(fd: reminderAlarm.timer.fd.rawValue, events: .readable, priority: .urgent) { [unowned self] _ in
            switch self.reminderAlarm.read() {
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
        hub.republish(force: true)
        supervisor.tell("READY=1\nSTATUS=\(hub.summary)")
        log.info("ready: \(hardware.kind.rawValue) board, alerts on \(alarm.timer.clock), socket \(control.path)")
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
        hub.republish(force: true)
        supervisor.tell("READY=1\nSTATUS=\(hub.summary)")
    }

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

    // MARK: Status

    /// The daemon-level facts for the status document.
    func facts() -> DaemonFacts {
        DaemonFacts(
            clock: alarm.timer.clock == .boottimeAlarm ? "boottime_alarm" : "boottime",
            hardware: hardware.kind.rawValue, timeScale: config.timeScale,
            wallClockSynchronised: Clocks.isWallClockSynchronised(), wallClockSource: wallClock.source.rawValue,
            gpsWatching: gps?.isWatching ?? false, gpsConnected: gps?.isConnected ?? false,
            faults: hardware.faultTexts.map { DaemonFault(part: .gpio, text: $0) }
                + (gps?.faultText.map { [DaemonFault(part: .gps, text: $0)] } ?? []),
            motor: hardware.motorLog, language: hub.language)
    }

    func statusDocument() -> StatusDocument {
        let now = clock.now()
        return StatusDocument(status: engine.status(now: now), facts: facts(), wall: clock.wallMapping(), network: network)
    }

    /// Whether GPS can help now: a trip is running and a surface station still lies ahead on its route.
    func gpsCanHelp() -> Bool {
        guard let trip = engine.active?.trip else { return false }
        let now = clock.now()
        let current = trip.currentIndex(at: now)
        return trip.events.indices.contains { $0 >= current && (network.station(trip.events[$0].station)?.isSurface ?? false) }
    }

    /// When GPS stops being able to help on its own: the model's arrival at the event after the last surface
    /// station of the route (nil when there is no trip, or the route ends on the surface: then only the trip's
    /// end releases the watch).
    func gpsHelpEnds() -> Instant? {
        guard let trip = engine.active?.trip,
              let last = trip.events.indices.last(where: { network.station(trip.events[$0].station)?.isSurface ?? false }),
              last + 1 < trip.events.count
        else { return nil }
        return trip.events[last + 1].arrival
    }

    func statusChanged() {
        gps?.setWatching(gpsCanHelp(), reconsiderAtBoottime: gpsHelpEnds().map { clock.boottime(of: $0) })
    }
}
