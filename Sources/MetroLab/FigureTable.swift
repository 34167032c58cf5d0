import Foundation

/// The corpus figures as Markdown tables (also printed by `make accuracy`).
public enum FigureTable {
    static func percent(_ v: Double?) -> String {
        guard let v else { return "—" }
        return String(format: "%.1f %%", v * 100)
    }
    static func seconds(_ v: Int?) -> String { v.map { "\($0) s" } ?? "—" }

    /// One row per kind of ride × behaviour (all times of day, both headway readings).
    public static func summary(_ f: CorpusFigures) -> String {
        var out = "| rides | behaviour | n | late \"yours is next\" | in window | lead median | lead p5 | \"get off now\" error median | p95 of abs | within ±30 s | change alert late | reminder played | refused presses |\n"
        out += "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for kind in RideKind.allCases {
            for behaviour in RiderBehaviour.allCases {
                let t = f.total(behaviour: behaviour, kind: kind)
                guard t.rides > 0 else { continue }
                out += row(kind.rawValue, behaviour.rawValue, t)
            }
        }
        return out
    }

    /// One row per time of day × headway reading, start press only, one line and with a change.
    public static func bySlot(_ f: CorpusFigures) -> String {
        var out = "| time of day | headway reading | rides | n | late \"yours is next\" | in window | lead median | lead p5 | \"get off now\" error median | p95 of abs | within ±30 s | change alert late | reminder played | refused presses |\n"
        out += "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for (s, name) in f.slots.enumerated() {
            for reading in HeadwayReading.allCases {
                for kind in [RideKind.oneLine, .change] {
                    let t = f.total(slot: s, reading: reading, behaviour: .startOnly, kind: kind)
                    guard t.rides > 0 else { continue }
                    out += "| \(name) " + row(reading.rawValue, kind.rawValue, t)
                }
            }
        }
        return out
    }

    /// What GPS teaches passive calibration: each GPS ride starts from an empty store, and every running
    /// average it ends with is compared with that ride's true running time of the segment.
    public static func calibration(_ f: CorpusFigures) -> String {
        var out = CalibrationBias.header
        for kind in RideKind.allCases {
            let t = f.total(behaviour: .gps, kind: kind)
            guard t.rides > 0 else { continue }
            out += t.calibration.row("\(kind.rawValue), \(t.rides) rides")
        }
        return out
    }

    /// How the stop detector did on the motion riders' synthetic traces: what it found against what each trace
    /// held (within `MotionDetection.tolerance`), and the departures after a change the engine took.
    public static func motion(_ f: CorpusFigures) -> String {
        func share(_ part: Int, _ whole: Int) -> String { "\(percent(whole > 0 ? Double(part) / Double(whole) : nil)) (\(part) of \(whole))" }
        var out = "| rides | n | hours | departures found | station stops found | signal stops seen as stops | false departures | false stops | starts without a pull-away (never taken) | walks found | changes taken from motion | taken − true pull-out, earliest / median / latest | yours is next confirmed at a stop: a station early / after the doors / rides brought into the window / out of it / the scheduled one after it |\n"
        out += "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n"
        for kind in [RideKind.oneLine, .change] {
            let t = f.total(behaviour: .motion, kind: kind)
            guard t.rides > 0 else { continue }
            let m = t.motion
            let hours = Double(m.seconds) / 3600
            let error = m.takenError.total > 0
                ? "\(seconds(m.takenError.quantile(0))) / \(seconds(m.takenError.quantile(0.5))) / \(seconds(m.takenError.quantile(1)))"
                : "—"
            out += "| \(kind.rawValue) | \(m.rides) | \(String(format: "%.0f", hours)) | \(share(m.departuresFound, m.departures)) "
                + "| \(share(m.stationStopsFound, m.stationStops)) | \(share(m.signalStopsFound, m.signalStops)) "
                + "| \(m.falseDepartures) | \(m.falseStops) | \(m.untrustedStarts) | \(share(m.walksFound, m.walks)) "
                + "| \(kind == .change ? share(m.changesTaken, m.changesToTake) : "—") | \(error) "
                + "| \(m.confirmations): \(m.confirmationsEarly) / \(m.confirmationsLate) / +\(m.confirmationsGained) / −\(m.confirmationsLost) / \(m.confirmationsRepeated) |\n"
        }
        return out
    }

    static func row(_ a: String, _ b: String, _ t: Tally) -> String {
        var abs = SecondsHistogram()
        for (k, v) in t.arrivalError.counts { for _ in 0..<v { abs.add(Double(Swift.abs(k))) } }
        return "| \(a) | \(b) | \(t.rides) | \(percent(t.lateShare)) (\(t.late)) | \(percent(t.inWindowShare)) "
            + "| \(seconds(t.lead.quantile(0.5))) | \(seconds(t.lead.quantile(0.05))) "
            + "| \(seconds(t.arrivalError.quantile(0.5))) | \(seconds(abs.quantile(0.95))) "
            + "| \(percent(t.arrivalError.share(in: -30...30))) "
            + "| \(t.changeRides > 0 ? percent(t.changeLateShare) : "—") "
            + "| \(t.changeRides > 0 ? percent(t.remindedShare) : "—") | \(t.refusedPresses) |\n"
    }

    /// The comparison the policy change is judged by, from one corpus: the rides with the start press only scored
    /// by the rule before the change (its rider was never asked to press "train departed"), against the rides of
    /// the current policy — the rider who does not press, the rider who presses when asked, and a mix of the two
    /// at the adoption share that just doubles the share in the window.
    public static func beforeAndAfter(_ f: CorpusFigures) -> String {
        var out = "| rides | before: start press (never asked) | after: start press only | after: presses train departed when asked |\n"
        out += "| --- | ---: | ---: | ---: |\n"
        for kind in [RideKind.oneLine, .change] {
            let before = f.totalBeforePolicy(kind: kind)
            let start = f.total(behaviour: .startOnly, kind: kind)
            let asked = f.total(behaviour: .trainDeparted, kind: kind)
            func cell(_ t: Tally) -> String {
                t.rides > 0 ? "\(percent(t.inWindowShare)) in window, \(t.late) of \(t.rides) late" : "—"
            }
            out += "| \(kind.rawValue) | \(cell(before)) | \(cell(start)) | \(cell(asked)) |\n"
        }
        if let b = f.totalBeforePolicy(kind: .change).inWindowShare,
            let s = f.total(behaviour: .startOnly, kind: .change).inWindowShare,
            let r = f.total(behaviour: .trainDeparted, kind: .change).inWindowShare
        {
            out += "\nWith a change, the rider asked and pressing has \(String(format: "%.2f", r / b)) × the share in the window "
                + "before the change. Riders who ignore the ask keep \(percent(s)); a mix doubles the share before "
            if r > s, 2 * b > s {
                let p = (2 * b - s) / (r - s)
                out += p <= 1 ? "once \(percent(p)) of riders answer the ask.\n" : "at no share of riders answering.\n"
            } else {
                out += "at any share of riders answering.\n"
            }
            let asked = f.total(behaviour: .trainDeparted, kind: .change)
            out += "\nOf the \(asked.changeRides) asked rides with a train to catch after the change, the reminder played on "
                + "\(asked.reminded), "
                + "after the train had already left on \(asked.remindedAfterDeparture), after the press was taken on "
                + "\(asked.remindedAfterPress); \(asked.notAsked) riders were never asked before their train left, "
                + "\(asked.refusedPresses) presses were refused.\n"
        }
        return out
    }
}
