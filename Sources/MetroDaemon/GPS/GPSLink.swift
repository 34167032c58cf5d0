import MetroGPS
import MetroModel
import MetroSystem

/// The daemon's connection to gpsd. It holds a watch only while GPS can help (a trip is running and a surface
/// station still lies ahead), so gpsd may power the receiver down the rest of the time. When gpsd is absent, dies
/// or restarts, it reconnects with capped back-off on a timerfd; nothing here ever blocks an alert.
final class GPSLink {
    let address: GPSDAddress
    private let loop: EventLoop
    private let log: Logger
    private let clock: ModelClock
    /// Where fixes go (the engine) and who looks again when the reconsider timer fires (the status hub): bound by
    /// `register`, which the daemon calls once every part exists.
    private var onFix: (FixInput, Int64) -> Void = { _, _ in }
    private var onReconsider: () -> Void = {}
    private let wallClock: TimetableWallClock
    private var session: GPSDSession?
    private var token: EventLoop.Token?
    private let retryTimer: KernelTimer
    private var retryToken: EventLoop.Token?
    /// Fires when the reason to watch ends by itself (the model passes the last surface station): the engine
    /// does not wake there unless an alert is due, so the link asks the daemon to look again.
    private let reconsiderTimer: KernelTimer
    private var reconsiderToken: EventLoop.Token?
    private var backoffSeconds: Int64 = 1
    /// gpsd messages read per wake-up at most (gpsd sends a handful per receiver epoch).
    static let messagesPerWakeUp = 64
    private var drainScheduled = false
    private(set) var isWatching = false
    /// Why the link does not work right now, in both languages (English: the log line's words); nil when well.
    private(set) var faultText: Phrase?
    /// The fault in English, as the log has it.
    var fault: String? { faultText?.en }
    /// Receiver time − system time at the last fix with a position and a time, for a board whose clock is not
    /// synchronised (see `TimetableWallClock`).
    var receiverClockOffsetNanoseconds: Int64? { wallClock.receiverOffsetNanoseconds }

    var isConnected: Bool { session != nil }

    init(address text: String, loop: EventLoop, log: Logger, clock: ModelClock, wallClock: TimetableWallClock) throws {
        do { address = try GPSDAddress(parsing: text) } catch {
            throw DaemonStartError("gpsd = \(text): \(error)")
        }
        self.loop = loop
        self.log = log
        self.clock = clock
        self.wallClock = wallClock
        retryTimer = try KernelTimer(preferAlarm: false)
        reconsiderTimer = try KernelTimer(preferAlarm: false)
    }

    /// Adds the link's timers to the loop and binds its events: each fix (with the system's wall clock at its
    /// reading) to `onFix`, the end of the reason to watch to `onReconsider` (answered with `setWatching`).
    func register(onFix: @escaping (FixInput, Int64) -> Void, onReconsider: @escaping () -> Void) throws {
        self.onFix = onFix
        self.onReconsider = onReconsider
        retryToken = try loop.register(fd: retryTimer.fd.rawValue, events: .readable) { [weak self] _ in
            guard let self else { return }
            _ = try? self.retryTimer.acknowledge()
            if self.isWatching && self.session == nil { self.connect() }
        }
        reconsiderToken = try loop.register(fd: reconsiderTimer.fd.rawValue, events: .readable) { [weak self] _ in
            guard let self else { return }
            _ = try? self.reconsiderTimer.acknowledge()
            self.onReconsider()
        }
    }

    /// Starts or stops watching. Idempotent; called after every status change. `reconsiderAtBoottime`: the
    /// boot-time instant at which `want` will turn false by itself (nil: only a status change can end it).
    func setWatching(_ want: Bool, reconsiderAtBoottime: Int64? = nil) {
        if want, let instant = reconsiderAtBoottime {
            try? reconsiderTimer.arm(atBoottimeNanoseconds: instant)
        } else {
            try? reconsiderTimer.disarm()
        }
        guard want != isWatching else { return }
        isWatching = want
        if want {
            log.info("gps: a surface station lies ahead; watching gpsd at \(address)")
            backoffSeconds = 1
            connect()
        } else {
            log.info("gps: no surface station ahead; watch released")
            disconnect()
            try? retryTimer.disarm()
            faultText = nil
        }
    }

    func close() {
        isWatching = false
        disconnect()
        if let retryToken { loop.unregister(retryToken) }
        retryToken = nil
        if let reconsiderToken { loop.unregister(reconsiderToken) }
        reconsiderToken = nil
    }

    private func connect() {
        do {
            let session = try GPSDSession.open(address)
            self.session = session
            token = try loop.register(fd: session.fd, events: .readable) { [weak self] _ in self?.readable() }
            faultText = nil
            // The back-off starts again only once gpsd has answered (see `readable`): the connect is non-blocking,
            // so a closed port on another host, or a gpsd out of client slots, "connects" and then closes.
            log.info("gps: connected to gpsd at \(address)")
            readable()  // libgps may already hold buffered data
        } catch {
            disconnect()
            let message = GPSLink.connectFault(error, retryingIn: backoffSeconds)
            faultText = message
            log.warning(message.en)
            scheduleRetry()
        }
    }

    /// A failed connection attempt: libgps's or the C library's own words are quoted as they are.
    static func connectFault(_ error: any Error, retryingIn seconds: Int64) -> Phrase {
        let retry = Phrase(uk: "; повторна спроба через \(seconds) с", en: "; retrying in \(seconds) s")
        guard let failure = error as? GPSError else {
            return Phrase(uk: "GPS: «\(error)»" + retry.uk, en: "gps: \(error)" + retry.en)
        }
        let origin = failure.code < 0 ? "код libgps \(failure.code)" : "код помилки \(failure.code)"
        let doing: String
        switch failure.step {
        case .allocate: doing = "не вдається створити сеанс gpsd для \(failure.address)"
        case .connect: doing = "не вдається зʼєднатися з gpsd на \(failure.address)"
        case .watch: doing = "не вдається почати стежити за gpsd на \(failure.address)"
        }
        return Phrase(uk: "GPS: \(doing): «\(failure.message)» (\(origin))" + retry.uk, en: "gps: \(failure)" + retry.en)
    }

    private func scheduleRetry() {
        try? retryTimer.arm(atBoottimeNanoseconds: clock.bootNow() + backoffSeconds * 1_000_000_000)
        backoffSeconds = min(backoffSeconds * 2, 30)
    }

    private func disconnect() {
        if let token { loop.unregister(token) }
        token = nil
        session?.close()
        session = nil
    }

    private func readable() {
        guard let session else { return }
        switch session.readAvailable(maximumMessages: GPSLink.messagesPerWakeUp) {
        case .disconnected:
            let spoke = session.hasHeardFromGpsd
            disconnect()
            if spoke {
                // A working connection lost (gpsd stopped or restarted): try again soon.
                faultText = Phrase(uk: "GPS: gpsd на \(address) зник; зʼєднуюся знову",
                                   en: "gps: gpsd at \(address) went away; reconnecting")
                backoffSeconds = 1
            } else {
                // Closed before gpsd said a word: a failed attempt, so the pauses keep growing.
                faultText = Phrase(uk: "GPS: gpsd на \(address) закрив зʼєднання, нічого не відповівши; "
                                       + "повторна спроба через \(backoffSeconds) с",
                                   en: "gps: gpsd at \(address) closed the connection without answering; retrying in \(backoffSeconds) s")
            }
            log.warning(fault ?? "")
            scheduleRetry()
        case .fixes(let fixes):
            // Coalesced: only the newest report of a wake-up reaches the engine. Where the train is now is all a
            // fix can tell; older reports of the same burst say less, and a receiver (or a gpsd) streaming a
            // thousand a second must cost one engine call per turn, not a thousand.
            if let fix = fixes.last {
                // The age check is against the system clock (the receiver's claim is what is being judged).
                let wallNow = Clocks.now(.realtime)
                if fix.hasPosition, let receiver = fix.receiverTimeUnixNs {
                    wallClock.noteReceiverTime(unixNanoseconds: receiver, systemNow: wallNow)
                }
                // A report without a position keeps its mode (1) and NaN coordinates: the engine counts it as
                // `no_fix`, so a rider sees "12 fixes, 9 without a position" instead of silence.
                let input = FixInput(latitude: fix.latitude, longitude: fix.longitude,
                                     horizontalErrorMeters: fix.horizontalErrorMeters, mode: Int(fix.mode.rawValue),
                                     speedMetersPerSecond: fix.speedMetersPerSecond,
                                     receiverUnixNanoseconds: fix.receiverTimeUnixNs, receivedAt: clock.now(),
                                     timeScale: clock.scale)
                onFix(input, wallNow)
            }
            // What the bound left in libgps's buffer is read next turn, after due timers (the socket may no longer
            // be readable, so epoll would not say).
            if !drainScheduled, self.session === session, session.hasBufferedMessages {
                drainScheduled = true
                loop.continueNextTurn { [weak self] in
                    self?.drainScheduled = false
                    self?.readable()
                }
            }
        }
    }
}
