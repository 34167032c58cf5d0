import MetroEngine
import MetroModel

/// How the stop detector did on the lab's synthetic traces (docs/accuracy.md, "Motion"): what it found against
/// what the trace truly held, within `tolerance` seconds, and how the departures taken after a change compare with
/// the train's true pull-out.
public struct MotionDetection: Sendable, Equatable {
    /// A detected event within this many seconds of a true one is a hit.
    public static let tolerance = 5.0

    public var rides = 0
    /// Whole seconds of trace the detector read (whole, so a sum does not depend on the order of the merges).
    public var seconds = 0
    /// True pull-outs after the start press (the first one is the press's own), and those detected.
    public var departures = 0
    public var departuresFound = 0
    /// True stands at stations, and those detected; stands at signals, and those detected (as stops).
    public var stationStops = 0
    public var stationStopsFound = 0
    public var signalStops = 0
    public var signalStopsFound = 0
    /// Detected departures (with their pull-away felt: the ones the engine may take) and stops with no true one
    /// near them; starts of running felt without a pull-away, which the engine never takes, are counted apart.
    public var falseDepartures = 0
    public var falseStops = 0
    public var untrustedStarts = 0
    /// Walks between platforms, and those detected.
    public var walks = 0
    public var walksFound = 0
    /// Changes with a train to catch after the walk; those whose departure motion gave the engine, and the taken
    /// instant − the true pull-out, seconds.
    public var changesToTake = 0
    public var changesTaken = 0
    public var takenError = SecondsHistogram()
    /// Confirmations of "yours is next" from a stop (model §5.5 item 5); those that came before the true arrival at
    /// the stop before the destination (a station early) and those after the doors opened at the destination.
    public var confirmations = 0
    public var confirmationsEarly = 0
    public var confirmationsLate = 0
    /// Rides the confirmation brought into the lab's window, and rides it took out of it.
    public var confirmationsGained = 0
    public var confirmationsLost = 0
    /// Confirmations the scheduled "yours is next" followed before the doors opened (a train ahead of the
    /// schedule: the alerts never move, so the rider feels the cue at the stand and again on the last run).
    public var confirmationsRepeated = 0

    public init() {}

    public mutating func merge(_ o: MotionDetection) {
        rides += o.rides; seconds += o.seconds
        departures += o.departures; departuresFound += o.departuresFound
        stationStops += o.stationStops; stationStopsFound += o.stationStopsFound
        signalStops += o.signalStops; signalStopsFound += o.signalStopsFound
        falseDepartures += o.falseDepartures; falseStops += o.falseStops; untrustedStarts += o.untrustedStarts
        changesToTake += o.changesToTake
        walks += o.walks; walksFound += o.walksFound
        changesTaken += o.changesTaken; takenError.merge(o.takenError)
        confirmations += o.confirmations; confirmationsEarly += o.confirmationsEarly
        confirmationsLate += o.confirmationsLate
        confirmationsGained += o.confirmationsGained; confirmationsLost += o.confirmationsLost
        confirmationsRepeated += o.confirmationsRepeated
    }

    /// Scores the events of one ride (seconds after the true first pull-out) against its trace, from `from` on
    /// (the start press: the detector reads nothing before it).
    public mutating func add(trace: MotionTrace, events: [(MotionEvent, Double)], from: Double, end: Double) {
        rides += 1
        seconds += Int(max(end - from, 0).rounded())
        var found: [Double] = [], stopped: [Double] = [], walked: [(Double, Double)] = []
        for (event, _) in events {
            switch event {
            case .departure(let at, true): found.append(at.seconds)
            case .departure(_, false): untrustedStarts += 1
            case .stop(let at, _): stopped.append(at.seconds)
            case .walk(let a, let b): walked.append((a.seconds, b.seconds))
            case .gap: break
            }
        }
        func near(_ list: [Double], _ t: Double) -> Bool { list.contains { abs($0 - t) <= Self.tolerance } }
        // A pull-out needs a few seconds of the trace after the press to be felt.
        let trueDepartures = trace.departures.filter { $0 > from + Self.tolerance }
        departures += trueDepartures.count
        departuresFound += trueDepartures.filter { near(found, $0) }.count
        let trueStops = trace.stationStops.filter { $0 > from + Self.tolerance && $0 < end - Self.tolerance }
        stationStops += trueStops.count
        stationStopsFound += trueStops.filter { near(stopped, $0) }.count
        let signals = trace.signalStops.filter { $0 > from + Self.tolerance }
        signalStops += signals.count
        signalStopsFound += signals.filter { near(stopped, $0) }.count
        falseDepartures += found.filter { !near(trace.departures, $0) }.count
        falseStops += stopped.filter { !near(trace.stationStops + trace.signalStops, $0) }.count
        walks += trace.walks.count
        // A walk with a train after it (a ride ending on the platform of its change has none).
        changesToTake += trace.walks.filter { w in trace.departures.contains { $0 > w.1 } }.count
        walksFound += trace.walks.filter { w in walked.contains { $0.0 < w.1 && $0.1 > w.0 } }.count
    }

    /// A confirmation of "yours is next" played at `at`, against the true arrival at the stop before the
    /// destination (`window`) and the doors opening there (`doorsOpen`).
    public mutating func noteConfirmed(at: Double, window: Double, doorsOpen: Double) {
        confirmations += 1
        if at < window { confirmationsEarly += 1 }
        if at > doorsOpen { confirmationsLate += 1 }
    }

    /// A departure after a change taken by the engine, against the train's true pull-out.
    public mutating func noteTaken(at: Double, truth: Double) {
        changesTaken += 1
        takenError.add(at - truth)
    }
}

extension Instant {
    /// Seconds after the lab's true first pull-out (`EngineRider.bootBase`).
    var seconds: Double { Double(self - EngineRider.bootBase) / 1e9 }
}
