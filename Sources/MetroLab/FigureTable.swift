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
        var out = "| rides | behaviour | n | late \"yours is next\" | in window | lead median | lead p5 | \"get off now\" error median | p95 of abs | within ±30 s | change alert late | refused presses |\n"
        out += "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
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
        var out = "| time of day | headway reading | rides | n | late \"yours is next\" | in window | lead median | lead p5 | \"get off now\" error median | p95 of abs | within ±30 s | change alert late | refused presses |\n"
        out += "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
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

    static func row(_ a: String, _ b: String, _ t: Tally) -> String {
        var abs = SecondsHistogram()
        for (k, v) in t.arrivalError.counts { for _ in 0..<v { abs.add(Double(Swift.abs(k))) } }
        return "| \(a) | \(b) | \(t.rides) | \(percent(t.lateShare)) (\(t.late)) | \(percent(t.inWindowShare)) "
            + "| \(seconds(t.lead.quantile(0.5))) | \(seconds(t.lead.quantile(0.05))) "
            + "| \(seconds(t.arrivalError.quantile(0.5))) | \(seconds(abs.quantile(0.95))) "
            + "| \(percent(t.arrivalError.share(in: -30...30))) "
            + "| \(t.changeRides > 0 ? percent(t.changeLateShare) : "—") | \(t.refusedPresses) |\n"
    }
}
