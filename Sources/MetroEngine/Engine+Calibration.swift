import MetroModel

extension Engine {
    // MARK: - Calibration mode

    /// Starts a calibration session (model §6.3): the button records departures and stops.
    public func beginCalibration(line: LineID, direction: Direction, from: StationID, now: Instant) throws(EngineError) {
        guard active == nil else { throw .tripAlreadyActive }
        guard calibrationSession == nil else { throw .calibrationSessionActive }
        guard let stops = network.calibrationStops(line: line, direction: direction, start: from),
            let session = CalibrationSession(line: line, direction: direction, start: from, stationsInTravelOrder: stops)
        else {
            throw .invalidCalibration(Phrase(
                uk: "калібрування: \(from) не є станцією лінії \(line), за якою є наступна в напрямку \(direction.rawValue)",
                en: "calibration: \(from) is not a station of \(line) with a next station going \(direction.rawValue)"))
        }
        calibrationSession = session
        calibrationRejections = []
        log.info("calibration session: \(line) \(direction.rawValue) from \(from)")
        haptics.play(.acknowledged)
        finish(now: now)
    }

    /// One calibration press. Returns what it recorded (samples accepted/rejected) for the rider's report.
    @discardableResult
    public func calibrationPress(at instant: Instant, now: Instant) throws(EngineError) -> [CalibrationOutcome] {
        guard var session = calibrationSession else { throw .noCalibrationSession }
        let step = session.press(at: instant)
        var newCalibration = calibration
        var outcomes: [CalibrationOutcome] = []
        for sample in step.samples { outcomes.append(newCalibration.add(sample)) }
        let store = self.store
        try persist { try store.saveCalibration(newCalibration) }
        calibration = newCalibration
        calibrationSession = session
        for case .rejected(let why) in outcomes {
            log.warning("calibration sample rejected: \(why)")
            calibrationRejections.append(why.text)
        }
        haptics.play(outcomes.contains { if case .rejected = $0 { return true } else { return false } } ? .cannot : .acknowledged)
        finish(now: now)
        return outcomes
    }

    /// Ends the calibration session, storing its raw presses for replay.
    public func endCalibration(now: Instant) throws(EngineError) {
        guard let session = calibrationSession else { throw .noCalibrationSession }
        let record = StoredCalibrationSession(session: session)
        try persist { try store.saveCalibrationSession(record) }
        calibrationSession = nil
        haptics.play(.acknowledged)
        finish(now: now)
    }

    /// Clears all calibration.
    public func resetCalibration(now: Instant) throws(EngineError) {
        let empty = CalibrationStore.empty
        try persist { try store.saveCalibration(empty) }
        calibration = empty
        finish(now: now)
    }
}
