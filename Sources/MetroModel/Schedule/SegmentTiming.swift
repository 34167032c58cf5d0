/// Where a running time or dwell came from (model §3.2), so a display can say how sure the model is.
public enum TimingSource: String, Sendable, Codable, CaseIterable {
    /// Measured on this exact direction.
    case calibration
    /// The timetable seed for this direction.
    case seed
    /// The timetable seed of the opposite direction.
    case mirroredSeed = "mirrored_seed"
    /// The network's default (115 s running, 25 s dwell).
    case fallback
}

/// The resolved timing of one directed segment: running time to `to` and the dwell at `to`, in seconds.
public struct SegmentTiming: Hashable, Sendable, Codable {
    public var running: Int
    public var dwell: Int
    public var runningSource: TimingSource
    public var dwellSource: TimingSource
    public init(running: Int, dwell: Int, runningSource: TimingSource, dwellSource: TimingSource) {
        self.running = running
        self.dwell = dwell
        self.runningSource = runningSource
        self.dwellSource = dwellSource
    }
}

extension Network {
    /// The timing of a directed segment by the fallback chain of model §3.2.
    ///
    /// Running time and dwell resolve independently: calibration for exactly this direction (its average,
    /// rounded half away from zero; never mirrored), else the seed for this direction, else the mirrored seed,
    /// else the defaults. A seed record is taken whole, so the seed half of the chain picks one record for both.
    public func timing(_ key: SegmentKey, calibration: CalibrationStore) -> SegmentTiming {
        let seedTiming: (running: Int, dwell: Int, source: TimingSource)
        if let seed = seeds[key] {
            seedTiming = (seed.runningSeconds, seed.dwellSeconds, .seed)
        } else if let seed = seeds[key.mirrored] {
            seedTiming = (seed.runningSeconds, seed.dwellSeconds, .mirroredSeed)
        } else {
            seedTiming = (defaultRunningSeconds, defaultDwellSeconds, .fallback)
        }
        var timing = SegmentTiming(running: seedTiming.running, dwell: seedTiming.dwell,
                                   runningSource: seedTiming.source, dwellSource: seedTiming.source)
        if let running = calibration.runningAverage(for: key) {
            timing.running = rha(running)
            timing.runningSource = .calibration
        }
        if let dwell = calibration.dwellAverage(for: key) {
            timing.dwell = rha(dwell)
            timing.dwellSource = .calibration
        }
        return timing
    }
}
