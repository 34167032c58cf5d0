import Foundation

/// Rewrites one generated section of docs/accuracy.md (between `<!-- lab:NAME:begin -->` and
/// `<!-- lab:NAME:end -->`) and its two pictures; the hand-written text around it is kept.
public enum AccuracyReport {
    /// The Markdown of a section.
    public static func markdown(_ figures: CorpusFigures, plan: CorpusPlan, section: String) -> String {
        let rides = figures.tallies.filter { $0.key.kind != .surface }.values.reduce(0) { $0 + $1.rides }
        var out = "Seed \(plan.seed); \(figures.pairs) ordered pairs × \(plan.slots.count) times of day × "
            + "\(HeadwayReading.allCases.count) headway readings; \(plan.startOnlyRides) rides per pair, time and reading "
            + "with the start press only, \(plan.correctingRides) with each correcting behaviour"
            + (plan.motionRides > 0 ? " (\(plan.motionRides) with motion)" : "") + ": \(rides) rides.\n\n"
        if section == "current" {
            out += "**Before and after on the same rides** (all times of day, both readings):\n\n"
                + FigureTable.beforeAndAfter(figures) + "\n"
        }
        out += "**By kind of ride and behaviour** (all times of day, both readings):\n\n" + FigureTable.summary(figures)
        if figures.total(behaviour: .gps).rides > 0 {
            out += "\n**What GPS teaches calibration** (start press + GPS, all times of day, both readings; each ride "
                + "from an empty store, each running average it learned against that ride's true running time of the "
                + "segment):\n\n" + FigureTable.calibration(figures)
        }
        if figures.total(behaviour: .motion).rides > 0 {
            out += "\n**What the stop detector found** (motion, start press only, all times of day, both readings; the "
                + "lab's synthetic traces, an event within \(Int(MotionDetection.tolerance)) s of the truth; the first "
                + "pull-out is the start press's own):\n\n" + FigureTable.motion(figures)
        }
        out += "\n**By time of day and headway reading** (start press only):\n\n" + FigureTable.bySlot(figures)
        out += "\n**Late share by stations ridden** (start press only, both readings):\n\n"
        out += "| stations | " + figures.slots.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: figures.slots.count + 1) + "\n"
        for bucket in LengthBucket.allCases {
            out += "| \(bucket.label) | " + figures.slots.indices.map { s in
                let t = figures.byLength[CorpusFigures.LengthKey(slot: s, bucket: bucket)] ?? Tally()
                return "\(FigureTable.percent(t.lateShare)) (\(t.late)/\(t.rides))"
            }.joined(separator: " | ") + " |\n"
        }
        out += "\n![lead times](accuracy-lead-\(section).svg)\n\n![late share by route length](accuracy-late-\(section).svg)\n"
        return out
    }

    public static func write(_ figures: CorpusFigures, plan: CorpusPlan, section: String, doc: String,
                             pictures: String) throws
    {
        let begin = "<!-- lab:\(section):begin -->", end = "<!-- lab:\(section):end -->"
        let text = (try? String(contentsOfFile: doc, encoding: .utf8)) ?? ""
        let body = begin + "\n" + markdown(figures, plan: plan, section: section) + end
        let updated: String
        if let b = text.range(of: begin), let e = text.range(of: end, range: b.upperBound..<text.endIndex) {
            updated = text.replacingCharacters(in: b.lowerBound..<e.upperBound, with: body)
        } else {
            updated = text + (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + body + "\n"
        }
        try updated.write(toFile: doc, atomically: true, encoding: .utf8)
        let label = section == "before" ? "before the policy change" : "current policy"
        try Charts.leadHistogram(figures, title: "Lead of \u{201C}yours is next\u{201D}, start press only (\(label))")
            .write(toFile: pictures + "/accuracy-lead-\(section).svg", atomically: true, encoding: .utf8)
        try Charts.lateByLength(figures, title: "Late \u{201C}yours is next\u{201D} by stations ridden and time of day (\(label))")
            .write(toFile: pictures + "/accuracy-late-\(section).svg", atomically: true, encoding: .utf8)
    }
}
