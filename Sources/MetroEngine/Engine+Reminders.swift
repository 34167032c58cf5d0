import MetroModel

/// Schedule reminders: at a Kyiv wall time on chosen days the motor plays "time to go" and the reminder's route is
/// chosen, so one press on the platform starts the ride. The engine reads no clock: every call carries the wall
/// time (Unix seconds) it happens at, and the daemon's wall-clock wake-up calls `remindersDue` at the instant the
/// engine armed — the only wake-up reminders cost.
extension Engine {
    /// Adds a reminder for a route that can be planned now; returns its number in `remind list`.
    @discardableResult
    public func addReminder(hour: Int, minute: Int, days: ReminderDays, route: RouteChoice, wallNowUnixSeconds: Int64,
                            now: Instant) throws(EngineError) -> Int
    {
        do { try network.checkRoute(from: route.from, to: route.to) } catch { throw .plan(error) }
        var book = reminders
        let number: Int
        do {
            number = try book.add(Reminder(hour: hour, minute: minute, days: days, route: route,
                                           createdUnixSeconds: wallNowUnixSeconds))
        } catch { throw .reminder(error) }
        try saveReminders(book, wallNowUnixSeconds: wallNowUnixSeconds, now: now)
        log.info("reminder \(number) added: \(book.reminders[number - 1].timeText) \(days.text()) \(route.from) → \(route.to)")
        return number
    }

    /// Removes reminder `number` (as `remind list` numbers them) and returns it.
    @discardableResult
    public func removeReminder(number: Int, wallNowUnixSeconds: Int64, now: Instant) throws(EngineError) -> Reminder {
        var book = reminders
        let removed: Reminder
        do { removed = try book.remove(number: number) } catch { throw .reminder(error) }
        try saveReminders(book, wallNowUnixSeconds: wallNowUnixSeconds, now: now)
        log.info("reminder \(number) removed: \(removed.timeText) \(removed.route.from) → \(removed.route.to)")
        return removed
    }

    /// The reminders' wake-up fired (or the daemon started): buzzes each reminder now due, chooses its route, stores
    /// the firing, and arms the next one. A reminder found more than `ReminderBook.graceSeconds` late is logged as
    /// missed; one due while a trip or a calibration session runs is logged and changes nothing (the rider is
    /// already riding).
    public func remindersDue(wallNowUnixSeconds: Int64, now: Instant) {
        var book = reminders
        let outcomes = book.takeDue(wallNow: wallNowUnixSeconds)
        guard !outcomes.isEmpty else { rearmReminders(wallNowUnixSeconds: wallNowUnixSeconds); return }
        var chosen: RouteChoice?
        var refusal: String?
        for outcome in outcomes {
            switch outcome {
            case .missed(let r, let at):
                log.warning("reminder \(r.timeText) \(r.route.from) → \(r.route.to) missed: found \(wallNowUnixSeconds - at) s late")
            case .due(let r, _):
                if active != nil || calibrationSession != nil {
                    log.info("reminder \(r.timeText) \(r.route.from) → \(r.route.to) not buzzed: a trip or calibration is running")
                } else {
                    do { try network.checkRoute(from: r.route.from, to: r.route.to); chosen = r.route; refusal = nil } catch {
                        refusal = error.message(.en)
                    }
                }
            }
        }
        let firings = book
        let selected = chosen ?? selectedRoute
        do {
            let routes = self.routes
            try persist {
                try store.saveReminders(firings)
                if chosen != nil { try store.saveRoutes(routes, selected: selected) }
            }
        } catch {
            // Buzz regardless (the rider matters more than the bookkeeping); the firing is kept in memory, so it
            // is not repeated before the next successful write.
            log.error("could not store the reminder: \(error.message(.en))")
        }
        reminders = book
        if let chosen {
            selectedRoute = chosen
            log.info("reminder: time to go, route chosen: \(chosen.from) → \(chosen.to)")
            haptics.play(.timeToGo)
        } else if let refusal {
            log.warning("reminder: its route cannot be planned now: \(refusal)")
            haptics.play(.cannot)
        }
        rearmReminders(wallNowUnixSeconds: wallNowUnixSeconds)
        finish(now: now)
    }

    /// Arms the wall-clock wake-up at the next occurrence of any reminder (or disarms it): after a change, a firing,
    /// the start, and whenever the wall clock was stepped.
    public func rearmReminders(wallNowUnixSeconds: Int64) {
        var skips: Set<String> = []
        for r in reminders.reminders {
            guard let next = ReminderSchedule.next(of: r, wallNow: wallNowUnixSeconds), !next.skipped.isEmpty else { continue }
            let days = next.skipped.map(\.description).joined(separator: ", ")
            let note = "reminder \(r.timeText) \(r.route.from) → \(r.route.to) does not exist on \(days) "
                + "(the clocks go forward over it): skipped, next on \(next.date)"
            skips.insert(note)
            if !loggedReminderSkips.contains(note) { log.info(note) }
        }
        // Only the notes that still hold are kept: the set stays as small as the reminder list.
        loggedReminderSkips = skips
        let next = reminders.nextFire(wallNow: wallNowUnixSeconds)
        reminderWakeUp?.schedule(atUnixSeconds: next)
    }

    private func saveReminders(_ book: ReminderBook, wallNowUnixSeconds: Int64, now: Instant) throws(EngineError) {
        let store = self.store
        try persist { try store.saveReminders(book) }
        reminders = book
        rearmReminders(wallNowUnixSeconds: wallNowUnixSeconds)
        finish(now: now)
    }
}
