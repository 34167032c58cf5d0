import MetroControl
import MetroModel

/// The year on the metro as an SVG card (800 × 480) a rider can keep or share, in the chosen language. Plain SVG 1.1
/// with no scripts, external references or embedded fonts: the text is set in DejaVu Sans (any sans-serif will do),
/// and each line the rider used shows as a bar in its own colour.
enum YearCard {
    static let width = 800
    static let height = 480

    static func render(_ y: YearDocument, language L: Language, names: StationNames) -> String {
        let network = names.network
        let year = y.year
        let rides = y.rides
        var body = ""
        func text(_ x: Int, _ yPos: Int, _ size: Int, _ content: String, weight: String = "normal",
                  fill: String = "#f4f4f4", anchor: String = "start")
        {
            body += "  <text x=\"\(x)\" y=\"\(yPos)\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(fill)\""
                + " text-anchor=\"\(anchor)\">\(escape(content))</text>\n"
        }
        text(40, 70, 40, Phrase(uk: "\(year) рік у метро", en: "\(year) on the metro")(L), weight: "bold")
        text(40, 100, 18, Phrase(uk: "Київський метрополітен · metrotimer", en: "Kyiv metro · metrotimer")(L), fill: "#9aa3b5")
        if rides == 0 {
            text(40, 240, 28, Phrase(uk: "Поїздок того року в журналі немає", en: "No rides that year in the journal")(L))
        } else {
            let stations = y.stations
            // Columns wide enough for "9999", "999 год 59 хв" and "52"; the duration is set smaller to fit.
            let figures: [(x: Int, size: Int, value: String, label: String)] = [
                (40, 48, String(rides), Phrase(uk: Plural.ukrainian(rides, one: "поїздка", few: "поїздки", many: "поїздок"),
                                               en: Plural.english(rides, one: "ride", other: "rides"))(L)),
                (220, 40, YearCommand.duration(y.time_underground_s, L), Phrase(uk: "у метро", en: "underground")(L)),
                (590, 48, String(stations), Phrase(uk: Plural.ukrainian(stations, one: "станція", few: "станції", many: "станцій"),
                                                   en: Plural.english(stations, one: "station", other: "stations"))(L)),
            ]
            for figure in figures {
                text(figure.x, 190, figure.size, figure.value, weight: "bold")
                text(figure.x, 222, 20, figure.label, fill: "#c9cfdb")
            }
            // One bar per line ridden, in the line's colour.
            for (i, id) in y.lines.enumerated() {
                let color = network?.lineColor(LineID(id)) ?? "#888888"
                let x = 40 + i * 120
                body += "  <rect x=\"\(x)\" y=\"250\" width=\"100\" height=\"30\" rx=\"15\" fill=\"\(escape(color))\"/>\n"
                text(x + 50, 272, 18, YearCommand.lineNames([id], L).first ?? id, weight: "bold",
                     fill: "#ffffff", anchor: "middle")
            }
            var rows: [String] = []
            if let fav = y.favourite_route {
                rows.append(Phrase(uk: "Найчастіше: ", en: "Most often: ")(L) + names.route(from: fav.from, to: fav.to, L)
                    + " · " + YearCommand.ridesText(fav.rides, L))
            }
            if let e = y.earliest {
                rows.append(Phrase(uk: "Найраніше: ", en: "Earliest: ")(L) + YearCommand.when(e, L, names: names))
            }
            if let l = y.latest {
                rows.append(Phrase(uk: "Найпізніше: ", en: "Latest: ")(L) + YearCommand.when(l, L, names: names))
            }
            rows.append(Phrase(uk: "Точність: ", en: "Accuracy: ")(L) + YearCommand.accuracy(y.accuracy, L))
            // Long station names must not run off the card: a row too long for 720 px (at about 0.55 em a
            // character in DejaVu Sans) is set smaller.
            for (i, row) in rows.enumerated() {
                let size = min(20, max(12, Int(720.0 / (0.55 * Double(max(row.count, 1))))))
                text(40, 330 + i * 34, size, row, fill: "#e3e6ee")
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="DejaVu Sans, Verdana, sans-serif">
              <title>\(escape(Phrase(uk: "\(year) рік у метро", en: "\(year) on the metro")(L)))</title>
              <rect width="\(width)" height="\(height)" rx="24" fill="#1c2230"/>
              <rect x="0" y="\(height - 12)" width="\(width)" height="12" fill="#d2232a"/>

            """ + body + "</svg>\n"
    }

    /// Text for XML character data and attribute values.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
