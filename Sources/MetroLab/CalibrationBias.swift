import MetroModel

/// What GPS taught passive calibration on a group of rides, against the truth: every ride starts from an empty
/// store, so after it each segment's running average (and its sample count) is what that one ride learned, and
/// it is compared with that ride's true running time of the segment (doors closed at `from` to doors open at `to`).
public struct CalibrationBias: Sendable, Equatable {
    /// Segments learned (one average each per ride), and the samples behind them.
    public var segments = 0
    public var samples = 0
    /// Learned − true, seconds; and its size.
    public var error = SecondsHistogram()
    public var absoluteError = SecondsHistogram()
    /// Segments learned within ±5 s of the truth (exactly, before rounding to whole seconds).
    public var withinFive = 0
    public init() {}

    /// Learned running averages whose segment the ride truly ran, `truth` giving its true running time (nil:
    /// the ride did not run that segment; it is then not counted).
    public mutating func add(_ store: CalibrationStore, truth: (SegmentKey) -> Double?) {
        for record in store.records {
            guard let running = record.running, let trueSeconds = truth(record.key) else { continue }
            add(learned: running.average, samples: running.count, truth: trueSeconds)
        }
    }

    public mutating func add(learned: Double, samples count: Int, truth: Double) {
        let difference = learned - truth
        segments += 1
        samples += count
        error.add(difference)
        absoluteError.add(abs(difference))
        if abs(difference) <= 5 { withinFive += 1 }
    }

    public mutating func merge(_ o: CalibrationBias) {
        segments += o.segments
        samples += o.samples
        error.merge(o.error)
        absoluteError.merge(o.absoluteError)
        withinFive += o.withinFive
    }

    public var withinFiveShare: Double? { segments > 0 ? Double(withinFive) / Double(segments) : nil }

    /// The header of the table (`row` gives its rows).
    public static let header = "| rides | segments learned | samples | learned − true, median | its size, median | p95 | within ±5 s |\n"
        + "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"

    /// One row of the table.
    public func row(_ label: String) -> String {
        "| \(label) | \(segments) | \(samples) | \(FigureTable.seconds(error.quantile(0.5))) "
            + "| \(FigureTable.seconds(absoluteError.quantile(0.5))) | \(FigureTable.seconds(absoluteError.quantile(0.95))) "
            + "| \(FigureTable.percent(withinFiveShare)) |\n"
    }
}

extension TrueRide {
    /// The true running time of the segment `key` on this ride (doors closed at `key.from` to doors open at
    /// `key.to`), where the route runs it by train; nil when it does not.
    public func runningTime(_ key: SegmentKey, route: [RouteEvent]) -> Double? {
        guard route.count >= 2 else { return nil }
        for j in 0..<(route.count - 1) where route[j].station == key.from && route[j + 1].station == key.to
            && !route[j + 1].isTransfer
        {
            return arrival[j + 1] - departure[j]
        }
        return nil
    }
}
