import Foundation

/// The two pictures of docs/accuracy.md, as plain SVG written by the lab itself.
public enum Charts {
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd"]

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    /// Histogram of lead times ("yours is next" before the doors open at the destination), start press only, one
    /// line and with a change, as shares of their rides per 15 s bin. Negative lead = late.
    public static func leadHistogram(_ figures: CorpusFigures, title: String) -> String {
        let low = -120, high = 600, width = 15
        let series: [(String, SecondsHistogram)] = [RideKind.oneLine, .change].map {
            ($0.rawValue, figures.total(behaviour: .startOnly, kind: $0).lead)
        }
        let binned = series.map { name, h -> (String, [Double]) in
            let counts = h.bins(low: low, high: high, width: width)
            let total = max(h.total, 1)
            return (name, counts.map { Double($0) / Double(total) })
        }
        let top = max(binned.flatMap(\.1).max() ?? 0.01, 0.01)
        let w = 760.0, h = 360.0, left = 60.0, right = 20.0, topPad = 40.0, bottom = 50.0
        let plotW = w - left - right, plotH = h - topPad - bottom
        let bins = (high - low) / width
        let barGroup = plotW / Double(bins)
        var svg = header(w, h, title)
        for tick in stride(from: low, through: high, by: 60) {
            let x = left + Double(tick - low) / Double(high - low) * plotW
            svg += "<line x1=\"\(f(x))\" y1=\"\(f(topPad + plotH))\" x2=\"\(f(x))\" y2=\"\(f(topPad + plotH + 5))\" stroke=\"#333\"/>"
            svg += "<text x=\"\(f(x))\" y=\"\(f(topPad + plotH + 18))\" text-anchor=\"middle\">\(tick)</text>\n"
        }
        for (s, (_, values)) in binned.enumerated() {
            for (i, v) in values.enumerated() where v > 0 {
                let x = left + Double(i) * barGroup + Double(s) * barGroup / 2
                let bh = v / top * plotH
                svg += "<rect x=\"\(f(x))\" y=\"\(f(topPad + plotH - bh))\" width=\"\(f(barGroup / 2 - 0.5))\" height=\"\(f(bh))\" fill=\"\(palette[s])\"/>\n"
            }
        }
        let zero = left + Double(-low) / Double(high - low) * plotW
        svg += "<line x1=\"\(f(zero))\" y1=\"\(f(topPad))\" x2=\"\(f(zero))\" y2=\"\(f(topPad + plotH))\" stroke=\"#000\" stroke-dasharray=\"4 3\"/>"
        svg += "<text x=\"\(f(zero - 4))\" y=\"\(f(topPad + 12))\" text-anchor=\"end\">doors open (late ←)</text>\n"
        svg += axes(left, topPad, plotW, plotH, top, xLabel: "lead time: seconds from \u{201C}yours is next\u{201D} to the doors opening at the destination (15 s bins)")
        svg += legend(binned.map(\.0), x: w - right - 200, y: topPad + 10)
        return svg + "</svg>\n"
    }

    /// Late share of "yours is next" (start press only, both headway readings) by stations ridden, one group of
    /// bars per route length and one bar per time of day.
    public static func lateByLength(_ figures: CorpusFigures, title: String) -> String {
        let buckets = LengthBucket.allCases
        let slots = figures.slots
        var shares: [[Double]] = []
        for s in slots.indices {
            shares.append(buckets.map { figures.byLength[CorpusFigures.LengthKey(slot: s, bucket: $0)]?.lateShare ?? 0 })
        }
        let top = max(shares.flatMap { $0 }.max() ?? 0, 0.01)
        let w = 760.0, h = 360.0, left = 60.0, right = 20.0, topPad = 40.0, bottom = 50.0
        let plotW = w - left - right, plotH = h - topPad - bottom
        let group = plotW / Double(buckets.count)
        let bar = (group - 10) / Double(max(slots.count, 1))
        var svg = header(w, h, title)
        for (b, bucket) in buckets.enumerated() {
            let x = left + Double(b) * group + group / 2
            svg += "<text x=\"\(f(x))\" y=\"\(f(topPad + plotH + 18))\" text-anchor=\"middle\">\(bucket.label)</text>\n"
            for s in slots.indices {
                let v = shares[s][b]
                let bh = v / top * plotH
                let bx = left + Double(b) * group + 5 + Double(s) * bar
                svg += "<rect x=\"\(f(bx))\" y=\"\(f(topPad + plotH - bh))\" width=\"\(f(bar - 1))\" height=\"\(f(max(bh, 0)))\" fill=\"\(palette[s % palette.count])\"/>\n"
            }
        }
        svg += axes(left, topPad, plotW, plotH, top, xLabel: "stations ridden")
        // Top left: the short routes, where the bars are lowest.
        svg += legend(slots, x: left + 10, y: topPad + 10)
        return svg + "</svg>\n"
    }

    static func header(_ w: Double, _ h: Double, _ title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(h))\" viewBox=\"0 0 \(Int(w)) \(Int(h))\" font-family=\"sans-serif\" font-size=\"11\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
            + "<text x=\"\(f(w / 2))\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">\(escape(title))</text>\n"
    }

    static func axes(_ left: Double, _ top: Double, _ plotW: Double, _ plotH: Double, _ maxShare: Double,
                     xLabel: String) -> String
    {
        var svg = "<line x1=\"\(f(left))\" y1=\"\(f(top + plotH))\" x2=\"\(f(left + plotW))\" y2=\"\(f(top + plotH))\" stroke=\"#333\"/>"
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(top + plotH))\" stroke=\"#333\"/>\n"
        for i in 0...4 {
            let v = maxShare * Double(i) / 4
            let y = top + plotH - plotH * Double(i) / 4
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(String(format: maxShare < 0.05 ? "%.2f %%" : "%.0f %%", v * 100))</text>"
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y))\" stroke=\"#ddd\"/>\n"
        }
        svg += "<text x=\"\(f(left + plotW / 2))\" y=\"\(f(top + plotH + 38))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        svg += "<text transform=\"translate(14 \(f(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\">share of rides</text>\n"
        return svg
    }

    static func legend(_ names: [String], x: Double, y: Double) -> String {
        var svg = ""
        for (i, name) in names.enumerated() {
            let yy = y + Double(i) * 16
            svg += "<rect x=\"\(f(x))\" y=\"\(f(yy))\" width=\"10\" height=\"10\" fill=\"\(palette[i % palette.count])\"/>"
            svg += "<text x=\"\(f(x + 14))\" y=\"\(f(yy + 9))\">\(escape(name))</text>\n"
        }
        return svg
    }
}
