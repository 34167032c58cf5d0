import MetroModel

/// A finished calibration session as stored: enough to replay it (model §6.3).
public struct StoredCalibrationSession: Equatable, Sendable {
    public var line: LineID
    public var direction: Direction
    public var start: StationID
    /// The raw press instants, in order.
    public var presses: [Instant]

    public init(line: LineID, direction: Direction, start: StationID, presses: [Instant]) {
        self.line = line
        self.direction = direction
        self.start = start
        self.presses = presses
    }

    public init(session: CalibrationSession) {
        self.init(line: session.line, direction: session.direction, start: session.start, presses: session.rawPresses)
    }
}

extension Network {
    /// The stations a calibration session rides: from `start` to the end of `line` in `direction`, each with its
    /// closed flag and the SEED running time of the segment reaching it (used to split a run over skipped stations).
    public func calibrationStops(line: LineID, direction: Direction, start: StationID) -> [CalibrationSession.Stop]? {
        guard let stations = self.line(line)?.stations, let index = stations.firstIndex(of: start) else { return nil }
        let ordered = direction == .forward ? Array(stations[index...]) : Array(stations[...index].reversed())
        guard ordered.count >= 2 else { return nil }
        return ordered.enumerated().map { i, id in
            let seed = i == 0 ? 0 : timing(SegmentKey(from: ordered[i - 1], to: id), calibration: .empty).running
            return CalibrationSession.Stop(station: id, isClosed: self.station(id)?.isClosed ?? false, seedRunningSeconds: seed)
        }
    }
}
