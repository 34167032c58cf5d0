import MetroModel

/// A histogram of whole seconds: exact medians and percentiles from counts, mergeable in any order.
public struct SecondsHistogram: Sendable, Equatable {
    public private(set) var counts: [Int: Int] = [:]
    public private(set) var total = 0
    public init() {}

    public mutating func add(_ seconds: Double) {
        counts[Int(seconds.rounded(.toNearestOrAwayFromZero)), default: 0] += 1
        total += 1
    }

    public mutating func merge(_ other: SecondsHistogram) {
        for (k, v) in other.counts { counts[k, default: 0] += v }
        total += other.total
    }

    /// The value below which `fraction` of the values lie (nearest rank), nil when empty.
    public func quantile(_ fraction: Double) -> Int? {
        guard total > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(total)).rounded(.up)))
        var seen = 0
        for key in counts.keys.sorted() {
            seen += counts[key]!
            if seen >= rank { return key }
        }
        return counts.keys.max()
    }

    /// Share of values in `range`, nil when empty.
    public func share(in range: ClosedRange<Int>) -> Double? {
        guard total > 0 else { return nil }
        return Double(counts.filter { range.contains($0.key) }.reduce(0) { $0 + $1.value }) / Double(total)
    }

    /// Counts in bins of `width` seconds from `low` (values outside are clamped into the end bins).
    public func bins(low: Int, high: Int, width: Int) -> [Int] {
        var out = [Int](repeating: 0, count: (high - low) / width)
        for (k, v) in counts {
            let index = min(max((k - low) / width - (k < low ? 1 : 0), 0), out.count - 1)
            out[index] += v
        }
        return out
    }
}

/// The figures of a group of rides.
public struct Tally: Sendable, Equatable {
    public var rides = 0
    /// "Yours is next" after the doors opened at the destination (or never).
    public var late = 0
    /// Rides that have a stop before the destination (the window exists).
    public var windowRides = 0
    /// "Yours is next" within [penultimate arrival − 30 s, penultimate departure + 30 s].
    public var inWindow = 0
    /// True destination arrival − "yours is next".
    public var lead = SecondsHistogram()
    /// "Get off now" − true destination arrival (positive: the buzz came after the doors opened).
    public var arrivalError = SecondsHistogram()
    /// Rides with a change alert, the change alerts after the doors opened at the exit station, and the lead.
    public var changeRides = 0
    public var changeLate = 0
    public var changeLead = SecondsHistogram()
    /// "Train departed" presses the engine refused; GPS snaps applied.
    public var refusedPresses = 0
    public var snaps = 0
    /// Rides on which the "train departed" reminder played; on which it played after the press was taken (must
    /// stay 0); on which the rider was never asked to press before the train left.
    public var reminded = 0
    public var remindedAfterPress = 0
    public var remindedAfterDeparture = 0
    public var notAsked = 0
    /// What GPS taught passive calibration on these rides, against their truth.
    public var calibration = CalibrationBias()
    /// How the stop detector did on these rides' traces (motion riders only).
    public var motion = MotionDetection()
    public init() {}

    public mutating func merge(_ o: Tally) {
        rides += o.rides; late += o.late; windowRides += o.windowRides; inWindow += o.inWindow
        lead.merge(o.lead); arrivalError.merge(o.arrivalError)
        changeRides += o.changeRides; changeLate += o.changeLate; changeLead.merge(o.changeLead)
        refusedPresses += o.refusedPresses; snaps += o.snaps
        reminded += o.reminded; remindedAfterPress += o.remindedAfterPress
        remindedAfterDeparture += o.remindedAfterDeparture; notAsked += o.notAsked
        calibration.merge(o.calibration)
        motion.merge(o.motion)
    }

    /// Share of rides with a change on which the reminder played.
    public var remindedShare: Double? { changeRides > 0 ? Double(reminded) / Double(changeRides) : nil }

    public var lateShare: Double? { rides > 0 ? Double(late) / Double(rides) : nil }
    public var inWindowShare: Double? { windowRides > 0 ? Double(inWindow) / Double(windowRides) : nil }
    public var changeLateShare: Double? { changeRides > 0 ? Double(changeLate) / Double(changeRides) : nil }

    /// The route index of the last stop or transfer before the destination, whose window "yours is next" is
    /// scored in; nil when the route has none.
    public static func penultimate(of route: [RouteEvent]) -> Int? {
        let last = route.count - 1
        return last >= 2 ? (1...(last - 1)).last { route[$0].isStop || route[$0].isTransfer } : nil
    }

    /// Scores one ride against its truth. `penultimate` (`penultimate(of:)`) and `exit` are route indices (nil
    /// when absent).
    public mutating func add(truth: TrueRide, alerts: AlertTimes, penultimate: Int?, exit: Int?) {
        rides += 1
        let doorsOpen = truth.destinationArrival
        if let next = alerts.nextStop, next <= doorsOpen { lead.add(doorsOpen - next) } else { late += 1 }
        if let next = alerts.nextStop, next > doorsOpen { lead.add(doorsOpen - next) }
        if let p = penultimate {
            windowRides += 1
            if let next = alerts.nextStop, truth.nextStopWindow(at: p).contains(next) { inWindow += 1 }
        }
        if let off = alerts.arrival { arrivalError.add(off - doorsOpen) }
        if let e = exit {
            changeRides += 1
            if let change = alerts.transfer, change <= truth.arrival[e] { changeLead.add(truth.arrival[e] - change) }
            else {
                changeLate += 1
                if let change = alerts.transfer { changeLead.add(truth.arrival[e] - change) }
            }
        }
        refusedPresses += alerts.refusedPresses
        snaps += alerts.snaps
        if alerts.reminded { reminded += 1 }
        if alerts.remindedAfterPress { remindedAfterPress += 1 }
        if alerts.notAsked { notAsked += 1 }
        if alerts.remindedAfterDeparture { remindedAfterDeparture += 1 }
        calibration.merge(alerts.calibration)
        motion.merge(alerts.motion)
    }
}
