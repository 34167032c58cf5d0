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
