/// Calibration mode from the button (model §6): riding one line in one direction from a chosen station, the
/// rider presses at every departure and at every stop.
///
/// Presses alternate: the first is the departure from the start station, the next the stop at the next open
/// station, then its departure, and so on to the end of the line. A stop press yields running samples for the
/// segment(s) since the last departure — split over closed stations passed without stopping in proportion
/// to their *seed* running times (the only honest guess of how the measured total divides). A departure
/// press yields the dwell at that station (except at the start station, where the arrival was not pressed).
/// A press sooner than any plausible running time (or dwell) after the previous one is a stray press: its sample
/// is rejected and reported like any other, and the session keeps waiting for the real stop (or departure) —
/// the rider felt "cannot" and presses again, and moving on would read every later press out of phase.
/// The raw press instants are kept so a stored session can be replayed (`replay`), for instance after the
/// plausibility rules change.
public struct CalibrationSession: Sendable, Equatable, Codable {
    /// One station of the line, in travel order, as plain values.
    public struct Stop: Sendable, Equatable, Codable {
        /// The station.
        public var station: StationID
        /// Trains pass without stopping.
        public var isClosed: Bool
        /// The seed running time of the segment from the previous station (in travel order) to this one,
        /// seconds; used only to split a measured total over closed stations. Ignored for the first station.
        public var seedRunningSeconds: Int

        /// A station of the line.
        public init(station: StationID, isClosed: Bool, seedRunningSeconds: Int) {
            self.station = station
            self.isClosed = isClosed
            self.seedRunningSeconds = seedRunningSeconds
        }
    }

    /// What the next press will mean.
    public enum Expecting: String, Sendable, Equatable, Codable {
        /// The train is standing at `stations[position]`: the next press is its departure.
        case departure
        /// The train is running from `stations[position]`: the next press is the stop at the next open station.
        case stop
        /// The end of the line was reached: further presses are ignored.
        case finished
    }

    /// The line ridden.
    public let line: LineID
    /// The direction ridden.
    public let direction: Direction
    /// The stations from the start station to the end of the line, in travel order.
    public let stations: [Stop]
    /// Every press, in the order given (ignored ones included), for replay.
    public private(set) var rawPresses: [Instant] = []
    /// What the next press will mean.
    public private(set) var expecting: Expecting = .departure
    /// Index in `stations` of the station the train stands at or last left.
    public private(set) var position = 0
    private var lastPress: Instant?

    /// The start station.
    public var start: StationID { stations[0].station }

    /// A session from `start`, given the line's stations in travel order (the whole line or any part of it
    /// that contains `start`; stations before `start` are dropped). Nil when `start` is not among them or is
    /// closed (a train never stands there).
    public init?(line: LineID, direction: Direction, start: StationID, stationsInTravelOrder: [Stop]) {
        guard let first = stationsInTravelOrder.firstIndex(where: { $0.station == start }),
            !stationsInTravelOrder[first].isClosed
        else { return nil }
        self.line = line
        self.direction = direction
        self.stations = Array(stationsInTravelOrder[first...])
        if nextOpenIndex(after: 0) == nil { expecting = .finished }
    }

    /// Records one press and returns what it meant and the samples it produced.
    public mutating func press(at instant: Instant) -> CalibrationSessionStep {
        rawPresses.append(instant)
        switch expecting {
        case .finished:
            return CalibrationSessionStep(kind: .ignored, station: nil, samples: [], isFinished: true)
        case .departure:
            var samples: [CalibrationSample] = []
            if position > 0, let arrived = lastPress {
                let key = SegmentKey(from: stations[position - 1].station, to: stations[position].station)
                let dwell = CalibrationSample(key: key, field: .dwell, seconds: seconds(from: arrived, to: instant))
                if dwell.seconds < CalibrationField.dwell.plausibleSeconds.lowerBound {
                    return CalibrationSessionStep(kind: .tooSoon, station: stations[position].station, samples: [dwell],
                                                  isFinished: false)
                }
                samples.append(dwell)
            }
            lastPress = instant
            expecting = .stop
            return CalibrationSessionStep(kind: .departure, station: stations[position].station, samples: samples,
                                          isFinished: false)
        case .stop:
            // `expecting == .stop` is only entered when an open station lies ahead.
            guard let target = nextOpenIndex(after: position), let departed = lastPress else {
                expecting = .finished
                return CalibrationSessionStep(kind: .ignored, station: nil, samples: [], isFinished: true)
            }
            let total = seconds(from: departed, to: instant)
            let samples = runningSamples(from: position, to: target, totalSeconds: total)
            // Sooner than any train covers a segment: a stray press, not the stop (too long is a real, held-up stop).
            if total < CalibrationField.running.plausibleSeconds.lowerBound {
                return CalibrationSessionStep(kind: .tooSoon, station: stations[target].station, samples: samples,
                                              isFinished: false)
            }
            position = target
            lastPress = instant
            expecting = nextOpenIndex(after: target) == nil ? .finished : .departure
            return CalibrationSessionStep(kind: .stop, station: stations[target].station, samples: samples,
                                          isFinished: expecting == .finished)
        }
    }

    /// The samples a recorded session yields, pressing again at every stored instant. Nil when the session
    /// cannot be started (see `init`).
    public static func replay(line: LineID, direction: Direction, start: StationID,
                              stationsInTravelOrder: [Stop], presses: [Instant]) -> [CalibrationSample]? {
        guard var session = CalibrationSession(line: line, direction: direction, start: start,
                                               stationsInTravelOrder: stationsInTravelOrder)
        else { return nil }
        return presses.flatMap { session.press(at: $0).samples }
    }

    private func nextOpenIndex(after index: Int) -> Int? {
        stations.indices.first { $0 > index && !stations[$0].isClosed }
    }

    private func seconds(from a: Instant, to b: Instant) -> Double { Double(b - a) / 1_000_000_000 }

    /// Splits a measured departure-to-stop total over the segments between two open stations by their seeds.
    private func runningSamples(from: Int, to: Int, totalSeconds: Double) -> [CalibrationSample] {
        let segments = (from + 1)...to
        let seeds = segments.map { Double(max(stations[$0].seedRunningSeconds, 0)) }
        let seedTotal = seeds.reduce(0, +)
        return zip(segments, seeds).map { index, seed in
            // Without usable seeds the honest split is an even one.
            let share = seedTotal > 0 ? seed / seedTotal : 1 / Double(segments.count)
            return CalibrationSample(key: SegmentKey(from: stations[index - 1].station, to: stations[index].station),
                                     field: .running, seconds: totalSeconds * share)
        }
    }
}

/// What one press in calibration mode meant.
public struct CalibrationSessionStep: Sendable, Equatable {
    /// The meaning of a press.
    public enum Kind: String, Sendable, Equatable {
        /// The train left `station`.
        case departure
        /// The train stopped at `station`.
        case stop
        /// The session had already reached the end of the line.
        case ignored
        /// Too soon after the previous press to be the stop or departure at `station` (shorter than any plausible
        /// running time or dwell): a stray press. Its implausible sample is handed over to be rejected and
        /// reported, and the session still waits for the real press.
        case tooSoon
    }

    /// What the press meant.
    public let kind: Kind
    /// The station departed from or stopped at.
    public let station: StationID?
    /// The samples produced (to be added to the store, which still checks plausibility).
    public let samples: [CalibrationSample]
    /// Whether the end of the line has been reached.
    public let isFinished: Bool
}
