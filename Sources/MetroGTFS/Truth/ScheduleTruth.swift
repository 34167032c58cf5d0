import MetroModel

/// The feed's trips as the truth the model is judged against (`metrotimer-lab truth`): every trip, from every
/// station it calls at, anchored at its scheduled departure there, the model's arrival at every later station of
/// the same trip (running times and dwells of the network file, as the schedule adds them, model §3) against the
/// trip's own scheduled arrival, and the model's "yours is next" (model §4, never late) against the scheduled
/// doors-open at the destination. Each running time is the file's for the hour the train passes (its time band,
/// else the median) and carries the file's spread, as the model takes an imported network's segments.
///
/// One-line rides only: the truth of a change would be the next trip of the other line, which this does not pair. The network file's medians come from these very
/// trips, so this measures how far one median per segment is from each operator-scheduled trip, not a forecast.
public struct ScheduleTruth: Sendable {
    /// The figures of one group of rides (a line, a band of the day).
    public struct Figures: Sendable, Equatable {
        /// Rides judged.
        public var rides = 0
        /// Model arrival minus scheduled arrival at the destination, seconds (positive: the model is later).
        public var arrivalError = ValueHistogram()
        /// Rides whose "yours is next" came after the scheduled doors-open at the destination.
        public var nextStopLate = 0
        /// Rides whose "yours is next" came at or after the scheduled arrival at the stop before the destination
        /// (and not late): at the stop before, as a rider expects it.
        public var nextStopAtTheStopBefore = 0
        /// Seconds from "yours is next" to the scheduled doors-open at the destination (negative: late).
        public var nextStopLead = ValueHistogram()
        public init() {}

        mutating func merge(_ other: Figures) {
            rides += other.rides
            arrivalError.merge(other.arrivalError)
            nextStopLate += other.nextStopLate
            nextStopAtTheStopBefore += other.nextStopAtTheStopBefore
            nextStopLead.merge(other.nextStopLead)
        }
    }

    /// The bands of the day the figures are split by, by the hour of the boarding (service hours, past 24 after
    /// midnight).
    public enum Band: String, Sendable, CaseIterable, Hashable {
        case early = "before 07:00"
        case morningPeak = "07:00–10:00"
        case midday = "10:00–16:00"
        case eveningPeak = "16:00–19:00"
        case evening = "19:00–24:00"
        case night = "after midnight"

        public init(hour: Int) {
            switch hour {
            case ..<7: self = .early
            case 7..<10: self = .morningPeak
            case 10..<16: self = .midday
            case 16..<19: self = .eveningPeak
            case 19..<24: self = .evening
            default: self = .night
            }
        }
    }

    /// The file's segments by line, from and to; the defaults, with no spread, for a segment it has no record of.
    private let segments: [String: GeneralNetworkFile.SegmentRecord]
    private let defaults: GeneralNetworkFile.SegmentRecord
    public private(set) var figures: [String: [Band: Figures]] = [:]

    public init(file: GeneralNetworkFile) {
        var segments: [String: GeneralNetworkFile.SegmentRecord] = [:]
        for segment in file.segments { segments["\(segment.line)\u{0}\(segment.from)\u{0}\(segment.to)"] = segment }
        self.segments = segments
        let running = file.defaults.running_s, dwell = file.defaults.dwell_s
        defaults = .init(line: "", from: "", to: "", running_s: running, running_p10_s: running, running_p90_s: running,
                         dwell_s: dwell, dwell_p90_s: dwell, samples: 0, bands: [], suspended: false)
    }

    /// Judges every one-line ride of one trip: from each call to each later one.
    public mutating func add(line: String, calls: [FeedDigestBuilder.Call]) {
        guard calls.count >= 2 else { return }
        let lineID = LineID(line)
        for boarding in 0..<(calls.count - 1) {
            let t0 = Instant(nanoseconds: 0)
            var events = [ScheduledEvent(station: StationID(calls[boarding].station), line: lineID, isStop: true,
                                         isTransfer: false, arrival: t0, departure: t0)]
            var cursor = 0
            let band = Band(hour: calls[boarding].departure / 3600)
            for destination in (boarding + 1)..<calls.count {
                let from = calls[destination - 1].station, to = calls[destination].station
                let segment = segments["\(line)\u{0}\(from)\u{0}\(to)"] ?? defaults
                // The last event so far becomes an intermediate stop: its dwell is added before the next leg.
                if destination > boarding + 1 {
                    let previous = (segments["\(line)\u{0}\(calls[destination - 2].station)\u{0}\(from)"] ?? defaults)
                        .timing(hour: 0)  // a dwell is the same at every hour
                    cursor += previous.dwell
                    events[events.count - 1].departure = t0 + cursor
                    events[events.count - 1].dwellSpreadSeconds = previous.dwellSpread
                }
                let timing = segment.timing(hour: (calls[boarding].departure + cursor) / 3600)
                cursor += timing.running
                var event = ScheduledEvent(station: StationID(to), line: lineID, isStop: true, isTransfer: false,
                                           arrival: t0 + cursor, departure: t0 + cursor)
                event.runningSpreadSeconds = timing.runningSpread
                events.append(event)
                let trip = Trip(from: events[0].station, to: StationID(to), t0: t0, wall: .unixTimeline,
                                route: events.map(\.routeEvent), events: events, initialArrival: t0 + cursor)
                judge(trip, calls: calls, boarding: boarding, destination: destination, line: line, band: band)
            }
        }
    }

    private mutating func judge(_ trip: Trip, calls: [FeedDigestBuilder.Call], boarding: Int, destination: Int,
                                line: String, band: Band) {
        let start = calls[boarding].departure
        let scheduled = calls[destination].arrival - start
        let before = calls[destination - 1].arrival - start
        var tally = Figures()
        tally.rides = 1
        tally.arrivalError.add(Int(trip.arrival.nanoseconds / 1_000_000_000) - scheduled)
        if let nextStop = trip.alerts().first(where: { $0.kind == .nextStop }) {
            let at = Int(nextStop.instant.nanoseconds / 1_000_000_000)
            tally.nextStopLead.add(scheduled - at)
            if at > scheduled { tally.nextStopLate = 1 } else if at >= before { tally.nextStopAtTheStopBefore = 1 }
        }
        figures[line, default: [:]][band, default: Figures()].merge(tally)
    }

    /// All bands of a line together.
    public func total(of line: String) -> Figures {
        var all = Figures()
        for figures in (figures[line] ?? [:]).values { all.merge(figures) }
        return all
    }
}
