import MetroModel

/// The single owner of trip state (model §12). Every mutation re-derives the schedule, re-arms the wake-up by the
/// firing rules of model §4, persists (and only then applies), and publishes a status.
///
/// The engine never reads a clock: every command carries `now` on the model timeline together with the wall-clock
/// mapping valid at that moment. It is single-threaded by design (the daemon's one event loop).
public final class Engine {
    /// The network as planning sees it: the data file with the rider's suspended stretches added.
    public internal(set) var network: any RideNetwork
    /// The network as the data file has it (local suspensions are laid over it again at each change).
    let baseNetwork: any RideNetwork
    /// Stretches the rider suspended (`metrotimer suspend`): the fewest covering the suspended segments, by line.
    public internal(set) var suspensions: [SuspendedStretch]
    /// Schedule reminders (`metrotimer remind`).
    public internal(set) var reminders: ReminderBook
    /// The "does not exist on … skipped" notes of the reminders, as last logged: each is logged once, not again
    /// at every re-arming (an add or a remove of another reminder) while it still holds.
    var loggedReminderSkips: Set<String> = []
    public internal(set) var calibration: CalibrationStore
    public internal(set) var routes: RouteBook
    public internal(set) var selectedRoute: RouteChoice?
    public internal(set) var active: ActiveTrip?
    public internal(set) var gps = GPSStatistics()
    /// What the accelerometer has shown on the running trip (model §5.5); kept in memory only: after a restart the
    /// motion is read afresh, and a change whose walk was not seen is not taken from motion.
    var motionTracking: MotionTracking?
    public internal(set) var calibrationSession: CalibrationSession?
    /// Samples of the running calibration session that failed the plausibility checks (model §6), for the status.
    public internal(set) var calibrationRejections: [Phrase] = []
    /// The journal's figures (`stats`, `stats --year`), fed each trip as it is journaled, so reading them costs the
    /// same whatever the journal's length. It starts from what the store held when the daemon started.
    public private(set) var journalTally: JournalTally
    /// While someone watches the status, the engine also wakes at each arrival so the snapshot is pushed when it
    /// changes; nobody watching ⇒ no such wake-ups (an idle daemon never wakes).
    public var hasWatchers = false {
        didSet { if oldValue != hasWatchers, let now = lastNow { scheduleWakeup(now: now) } }
    }

    let store: EngineStore
    private let wakeUp: WakeUpScheduling
    /// The wall-clock wake-up of the reminders (nil: reminders are kept but never buzz).
    let reminderWakeUp: WallClockWakeUpScheduling?
    let haptics: HapticSink
    private let publisher: StatusPublishing
    let log: EngineLogging
    var lastNow: Instant?

    public init(network: any RideNetwork, calibration: CalibrationStore, routes: RouteBook, selectedRoute: RouteChoice?,
                store: EngineStore, wakeUp: WakeUpScheduling, haptics: HapticSink, publisher: StatusPublishing,
                log: EngineLogging, suspensions: [SuspendedStretch] = [], reminders: ReminderBook = ReminderBook(),
                reminderWakeUp: WallClockWakeUpScheduling? = nil, journalTally: JournalTally? = nil)
    {
        self.baseNetwork = network
        self.journalTally = journalTally ?? JournalTally(network: network)
        // Stored before suspensions were kept merged, overlapping stretches may repeat segments: merge them.
        let merged = network.mergedSuspensions(suspensions)
        self.network = network.withLocalSuspensions(merged)
        self.suspensions = merged
        self.reminders = reminders
        self.reminderWakeUp = reminderWakeUp
        self.calibration = calibration
        self.routes = routes
        self.selectedRoute = selectedRoute
        self.store = store
        self.wakeUp = wakeUp
        self.haptics = haptics
        self.publisher = publisher
        self.log = log
    }

    // MARK: - Restore

    /// Takes over a trip restored from storage after a restart: an alert missed while down fires at once, an alert
    /// that fired but was never confirmed delivered plays again (the arrival alarm resumes its schedule), a trip
    /// past its expiry is journaled `expired` (model §12.4).
    public func restore(_ stored: ActiveTrip?, now: Instant) {
        lastNow = now
        guard let stored else { publishStatus(now: now); scheduleWakeup(now: now); return }
        active = stored
        log.info("restored trip \(stored.trip.from) → \(stored.trip.to), arrival in \(stored.trip.arrival.seconds(since: now)) s")
        if now < stored.trip.expiry { replayUndelivered(stored) }
        tick(now: now)
    }

    /// The outbox: an alert stored as fired but not as delivered may have been cut off (or never started) by the
    /// crash, so it plays again. Once the arrival alarm has fired, the earlier alerts are moot.
    private func replayUndelivered(_ trip: ActiveTrip) {
        let ids = trip.fired[.arrival] != nil ? [AlertID.arrival] : trip.fired.keys.sorted()
        // An alert whose plan is gone no longer holds: the reminder to press "train departed" once it was pressed.
        let planned = Set(trip.trip.alerts().map(\.id))
        for id in ids where trip.delivered[id] == nil && planned.contains(id) {
            guard let firedAt = trip.fired[id] else { continue }
            log.info("alert \(id) fired before the restart but was not confirmed delivered: playing it again")
            haptics.replay(id, firedAt: firedAt)
        }
    }

    /// The motor has delivered an alert's buzz (its pattern ended, or the rider acknowledged it): recorded, so a
    /// restart does not play it again. The motor reports the alert it played (`HapticSink.play(alert:)`), so each
    /// change's alerts are credited on their own whatever the order. A report for an alert that is not (or no
    /// longer) fired, or is already delivered, is ignored.
    public func alertDelivered(_ id: AlertID, now: Instant) {
        guard var current = active, current.fired[id] != nil, current.delivered[id] == nil else { return }
        current.delivered[id] = now
        do {
            try persist { try store.saveActiveTrip(current) }
        } catch {
            // Kept in memory: the next successful write stores it. Until then a crash would replay the alert once more.
            log.error("could not store that \(id) was delivered: \(error.message(.en))")
        }
        active = current
    }

    // MARK: - Routes

    /// Chooses the route the next start will ride. Never starts a trip (model §9).
    public func chooseRoute(from: StationID, to: StationID, now: Instant) throws(EngineError) {
        do { try network.checkRoute(from: from, to: to) } catch { throw .plan(error) }
        let choice = RouteChoice(from: from, to: to)
        try persist { try store.saveRoutes(routes, selected: choice) }
        selectedRoute = choice
        log.info("route chosen: \(from) → \(to)")
        finish(now: now)
    }

    /// Removes a route from the pinned list (no-op if it is not pinned).
    public func unpin(_ choice: RouteChoice, now: Instant) throws(EngineError) {
        var book = routes
        _ = book.unpin(choice)
        try persist { try store.saveRoutes(book, selected: selectedRoute) }
        routes = book
        finish(now: now)
    }

    /// Chooses the route after the current one in the double-press cycle — the pinned routes, then the recent
    /// ones — and returns its 1-based number there (what the double press buzzes).
    @discardableResult
    public func selectNextPinned(now: Instant) throws(EngineError) -> Int {
        guard let next = routes.nextInCycle(after: selectedRoute) else { throw .noRouteChosen }
        try chooseRoute(from: next.route.from, to: next.route.to, now: now)
        return next.number
    }

    // MARK: - Trip lifecycle

    /// Starts the chosen route with `t0` = the instant the train pulled out (the button edge's kernel timestamp,
    /// or a control request's receipt). Service-hour problems warn; they never block (model §7).
    @discardableResult
    public func start(t0: Instant, wall: WallClockMapping, now: Instant) throws(EngineError) -> ActiveTrip {
        guard active == nil else { throw .tripAlreadyActive }
        guard calibrationSession == nil else { throw .calibrationSessionActive }
        guard let route = selectedRoute else { throw .noRouteChosen }
        let trip: Trip
        do {
            trip = try network.startTrip(from: route.from, to: route.to, t0: t0, wall: wall, calibration: calibration)
        } catch { throw .plan(error) }
        var next = ActiveTrip(trip: trip, service: network.serviceIssue(for: trip), passiveStops: passiveStops(trip))
        var book = routes
        book.noteStarted(route)
        let decision = firing(&next, now: now)
        // The trip is written last: if the first write fails nothing is stored, and if the trip write fails only
        // the recents moved — never a stored trip the rider was told did not start (a restart would resume it).
        try persist {
            try store.saveRoutes(book, selected: selectedRoute)
            try store.saveActiveTrip(next)
        }
        active = next
        routes = book
        if let issue = next.service, issue.kind != ServiceIssueKind.lastSoon {
            haptics.play(.cannot)
        } else {
            haptics.play(.acknowledged)
        }
        log.info("trip started: \(route.from) → \(route.to), \(trip.events.count) events, arrival +\(trip.arrival.seconds(since: t0)) s"
            + (next.service.map { ", service warning \($0.kind.rawValue) at \($0.station)" } ?? ""))
        announce(decision)
        finish(now: now)
        return next
    }

    /// ±1 (model §5.2): +1 "the train is behind", −1 "the train is ahead".
    public func step(_ delta: Int, now: Instant) throws(EngineError) {
        try correct(now: now, label: delta > 0 ? "+1" : "−1") { trip throws(CorrectionError) in
            try network.step(trip, delta: delta, now: now, calibration: calibration)
        }
    }

    /// "Train departed" after a change (model §5.3): allowed only while changing lines.
    public func trainDeparted(now: Instant) throws(EngineError) {
        try correct(now: now, label: "train departed") { trip throws(CorrectionError) in
            try network.trainDeparted(trip, now: now, calibration: calibration)
        }
    }

    /// True while the model has the rider walking between lines or waiting for the train after the change (the
    /// gesture table's "changing lines" row: a short press is "train departed").
    public func isChangingLines(now: Instant) -> Bool { active?.trip.acceptsTrainDeparted(at: now) ?? false }

    /// The rider confirms they are off (`arrived`): the only moment the true arrival is known (model §8).
    public func arrived(now: Instant) throws(EngineError) {
        try end(outcome: .arrived, now: now)
        haptics.play(.acknowledged)
    }

    /// The rider abandons the trip (`stopped`).
    public func cancel(now: Instant) throws(EngineError) {
        try end(outcome: .stopped, now: now)
        haptics.play(.acknowledged)
    }

    /// Runs whatever is due at `now`: alerts (by the firing rules), expiry, snapshot boundaries. The daemon calls it
    /// when the wake-up timer fires.
    public func tick(now: Instant) {
        lastNow = now
        guard var current = active else { finish(now: now); return }
        if now >= current.trip.expiry {
            do {
                try end(outcome: .expired, now: now)
            } catch {
                log.error("could not journal the expired trip: \(error.message(.en)); will retry")
                scheduleWakeup(now: now, retry: true)
            }
            return
        }
        let decision = firing(&current, now: now)
        if current != active {
            do {
                try persist { try store.saveActiveTrip(current) }
            } catch {
                // The alerts buzz regardless, so remember in memory that they fired: otherwise the next wake-up
                // would buzz them again. The next successful write stores the fired map.
                log.error("could not store fired alerts: \(error.message(.en))")
            }
            active = current
        }
        announce(decision)
        finish(now: now)
    }

    // MARK: - Status

    /// The status at `now`.
    public func status(now: Instant) -> EngineStatus {
        EngineStatus(state: .idle, route: selectedRoute, active: active, snapshot: nil, gps: gps,
                     calibrationSession: calibrationSession,
                     calibrationRejections: calibrationRejections, now: now, suspensions: suspensions)
            .seen(at: now, network: network)
    }

    // MARK: - Internals

    func correct(now: Instant, label: String, _ change: (Trip) throws(CorrectionError) -> Trip) throws(EngineError) {
        guard var current = active else { throw .noActiveTrip }
        let previous = current.trip
        do { current.trip = try change(previous) } catch { throw .correction(error) }
        let vanished = vanishedAlerts(current, previous: current.plans)
        let decision = firing(&current, now: now)
        let toStore = current
        try persist { try store.saveActiveTrip(toStore) }
        active = current
        log.info("\(label): arrival moved \(current.trip.arrival.seconds(since: previous.arrival)) s")
        withdraw(decision.unfire.union(vanished))
        haptics.play(.acknowledged)
        announce(decision)
        finish(now: now)
    }

    func end(outcome: TripOutcome, now: Instant) throws(EngineError) {
        guard let current = active else { throw .noActiveTrip }
        let trip = current.trip
        let entry = JournalEntry(
            id: 0, t0: trip.t0, t0UnixMilliseconds: trip.wall.unixNanoseconds(at: trip.t0) / 1_000_000,
            from: trip.from, to: trip.to,
            plannedSeconds: trip.initialArrival.seconds(since: trip.t0),
            finalSeconds: trip.arrival.seconds(since: trip.t0),
            confirmedSeconds: outcome == .arrived ? now.seconds(since: trip.t0) : nil,
            manualCorrections: trip.manualCorrections, lateCorrections: trip.lateCorrections,
            gpsCorrections: trip.gpsCorrections, transfers: trip.route.filter(\.isTransfer).count, outcome: outcome,
            nextStopSeconds: current.fired[.nextStop].map { $0.seconds(since: trip.t0) })
        // "I'm off" says the train reached the destination: what the surface fixes of the last segments taught is
        // measured now, and stored with the journal entry or not at all.
        var newCalibration = calibration
        var calibrationChanged = false
        if outcome == .arrived {
            var passive = current.passive
            for sample in passive.noteArrivalConfirmed(route: current.passiveStops) {
                switch newCalibration.add(sample) {
                case .accepted: calibrationChanged = true
                case .rejected(let why): log.info("passive calibration sample rejected: \(why)")
                }
            }
        }
        var id: Int64 = 0
        let calibrationToStore = newCalibration
        try persist {
            id = try store.endTrip(entry)
            if calibrationChanged { try store.saveCalibration(calibrationToStore) }
        }
        if calibrationChanged { calibration = newCalibration }
        var journaled = entry
        journaled.id = id
        journalTally.add(journaled)
        active = nil
        // An alarm still repeating (or an alert still playing) belongs to the trip just ended.
        withdraw(Set(current.fired.keys))
        log.info("trip \(id) ended: \(outcome.rawValue)")
        finish(now: now)
    }

    /// Applies the firing rules at `now`: marks due alerts fired, remembers the plan. Returns the decision so the
    /// caller can buzz once the change is stored.
    func firing(_ current: inout ActiveTrip, now: Instant) -> AlertFiring.Decision {
        let plans = current.trip.alerts()
        let decision = AlertFiring.evaluate(plans: plans, fired: current.fired,
                                            previousPlans: current.plans.isEmpty ? nil : current.plans, now: now)
        for id in decision.unfire {
            current.fired[id] = nil
            current.delivered[id] = nil
        }
        for id in decision.fireNow { current.fired[id] = now }
        current.plans = plans
        return decision
    }

    /// Alerts that fired against `previous` plans and have no plan in the trip now: the "train departed" reminder
    /// once the change is confirmed. Their buzz stops (`withdraw`); they stay in `fired`, so nothing re-arms them.
    func vanishedAlerts(_ trip: ActiveTrip, previous: [AlertPlan]) -> Set<AlertID> {
        let now = Set(trip.trip.alerts().map(\.id))
        return Set(previous.map(\.id).filter { trip.fired[$0] != nil && !now.contains($0) })
    }

    /// Stops the buzz of alerts that no longer hold: a correction moved them back into the future (they will sound
    /// again at their new instant), or their trip ended. Without this the arrival alarm would go on repeating
    /// "get off now" after a +1 said the destination is one station further (model §4, §12.2).
    func withdraw(_ ids: Set<AlertID>) {
        for id in ids.sorted() { haptics.withdraw(id) }
    }

    func announce(_ decision: AlertFiring.Decision) {
        for id in decision.fireNow {
            log.info("alert: \(id)")
            haptics.play(alert: id)
        }
        for id in decision.suppressed { log.debug("alert \(id) suppressed (arrival within 30 s)") }
    }

    func finish(now: Instant) {
        lastNow = now
        scheduleWakeup(now: now)
        publishStatus(now: now)
    }

    func publishStatus(now: Instant) { publisher.publish(status(now: now)) }

    func scheduleWakeup(now: Instant, retry: Bool = false) {
        guard let current = active else { wakeUp.schedule(at: nil); return }
        if retry { wakeUp.schedule(at: now + 5); return }
        var next: Instant = current.trip.expiry
        for plan in current.trip.alerts() where current.fired[plan.id] == nil && plan.instant > now {
            next = min(next, plan.instant)
        }
        if hasWatchers {
            for event in current.trip.events where event.arrival > now { next = min(next, event.arrival); break }
        }
        wakeUp.schedule(at: next)
    }

    func persist(_ body: () throws -> Void) throws(EngineError) {
        do { try store.atomically(body) } catch { throw .storage("\(error)") }
    }

    /// The route as passive calibration needs it: the modelled dwell at each event (0 where none is modelled).
    func passiveStops(_ trip: Trip) -> [PassiveCalibration.Stop] {
        trip.events.map {
            PassiveCalibration.Stop(station: $0.station, isTransfer: $0.isTransfer,
                                    dwellSeconds: $0.departure.seconds(since: $0.arrival))
        }
    }
}
