import MetroControl
import MetroModel
import MetroSystem

/// `metrotimer stats --year YYYY [--json] [--svg FILE|-]`: the year on the metro — rides, time underground, distinct
/// stations and lines, the most frequent route, the earliest and latest ride, and the accuracy that year.
enum YearCommand {
    /// Runs the year form of `stats` (arguments already parsed by `stats`).
    static func run(_ args: ParsedArguments, _ context: CommandContext, language L: Language) throws(CLIError) {
        guard let text = args.values["--year"], let year = PlainNumber.whole(text), (2000...2100).contains(year) else {
            throw .usage(Phrase(uk: "--year потребує рік від 2000 до 2100, а не '\(args.values["--year"] ?? "")'",
                                en: "--year needs a year from 2000 to 2100, not '\(args.values["--year"] ?? "")'")(L))
        }
        if args.values["--svg"] == "-" && args.flags.contains("--json") {
            throw .usage(Phrase(uk: "--svg - пише картку у стандартний вивід, тож не поєднується з --json",
                                en: "--svg - writes the card to standard output, so it does not go with --json")(L))
        }
        let client = try DaemonClient.connect(args, context)
        let reply = try client.request(.year(year))
        if let path = args.values["--svg"] {
            let document = try ReplyDocument.decode(YearDocument.self, reply, field: .year, language: L)
            let svg = YearCard.render(document, language: L, names: context.stationNames)
            if path == "-" {
                context.output.write(svg)
                return
            }
            // A new card replaces the old one whole or not at all: a full disk or a file size limit leaves the old
            // card as it was.
            do throws(SystemError) { try Files.replace(path, with: Array(svg.utf8)) } catch {
                throw CLIError(Phrase(uk: "не вдалося записати \(path): \(error.ukrainianReason); файл \(path) лишився як був",
                                      en: "cannot write \(path): \(error.errno.description) (errno \(error.errno.rawValue)); "
                                          + "\(path) is left as it was")(L),
                               exitCode: CLIError.noInputCode)
            }
            if !args.flags.contains("--json") {
                context.output.line(Phrase(uk: "картку \(year) року записано у \(path)", en: "the \(year) card is written to \(path)")(L))
            }
        }
        if args.flags.contains("--json") { context.output.line(jsonLine(reply[field: .year] ?? .null)); return }
        if args.values["--svg"] == nil {
            let document = try ReplyDocument.decode(YearDocument.self, reply, field: .year, language: L)
            context.output.write(render(document, language: L, names: context.stationNames))
        }
    }

    /// The year as text.
    static func render(_ y: YearDocument, language L: Language, names: StationNames) -> String {
        let year = y.year
        let rides = y.rides
        var out = Phrase(uk: "\(year) рік у метро\n", en: "\(year) on the metro\n")(L)
        guard rides > 0 else {
            return out + Phrase(uk: "поїздок того року в журналі немає\n", en: "no rides that year in the journal\n")(L)
        }
        let cancelled = y.cancelled
        out += Phrase(uk: "поїздки: \(rides)", en: "rides: \(rides)")(L)
            + (cancelled > 0 ? Phrase(uk: " (і скасовані: \(cancelled))", en: " (and \(cancelled) cancelled)")(L) : "") + "\n"
        out += Phrase(uk: "час у метро: ", en: "time underground: ")(L) + duration(y.time_underground_s, L) + "\n"
        let total = names.network?.stationCount
        out += Phrase(uk: "станції: \(y.stations)", en: "stations: \(y.stations)")(L)
            + (total.map { Phrase(uk: " із \($0)", en: " of \($0)")(L) } ?? "") + "\n"
        out += Phrase(uk: "лінії: ", en: "lines: ")(L) + lineNames(y.lines, L).joined(separator: ", ") + "\n"
        if let fav = y.favourite_route {
            out += Phrase(uk: "найчастіший маршрут: ", en: "most frequent route: ")(L) + names.route(from: fav.from, to: fav.to, L)
                + " (" + ridesText(fav.rides, L) + ")\n"
        }
        if let e = y.earliest {
            out += Phrase(uk: "найраніша поїздка: ", en: "earliest ride: ")(L) + when(e, L, names: names) + "\n"
        }
        if let l = y.latest {
            out += Phrase(uk: "найпізніша поїздка: ", en: "latest ride: ")(L) + when(l, L, names: names) + "\n"
        }
        out += Phrase(uk: "точність: ", en: "accuracy: ")(L) + accuracy(y.accuracy, L) + "\n"
        return out
    }

    static func ridesText(_ n: Int, _ L: Language) -> String {
        Phrase(uk: "\(n) " + Plural.ukrainian(n, one: "поїздка", few: "поїздки", many: "поїздок"),
               en: "\(n) " + Plural.english(n, one: "ride", other: "rides"))(L)
    }

    /// `61 h 20 min` / `61 год 20 хв`.
    static func duration(_ seconds: Int, _ L: Language) -> String {
        let minutes = (seconds + 30) / 60
        let h = minutes / 60, m = minutes % 60
        return h > 0 ? Phrase(uk: "\(h) год \(m) хв", en: "\(h) h \(m) min")(L) : Phrase(uk: "\(m) хв", en: "\(m) min")(L)
    }

    /// Line ids as riders read them: `M1` (Ukrainian `М1`, with a Cyrillic М).
    static func lineNames(_ lines: [String], _ L: Language) -> [String] {
        lines.map { LineLabel.text($0, L) }
    }

    /// `05:41, 2026-03-02 (Lisova → Teremky)`.
    static func when(_ ride: YearDocument.Ride, _ L: Language, names: StationNames) -> String {
        let t0 = Array(ride.t0)
        let route = names.route(from: ride.from, to: ride.to, L)
        guard t0.count >= 16 else { return route }
        return String(t0[11..<16]) + ", " + String(t0[0..<10]) + " (" + route + ")"
    }

    static func accuracy(_ a: YearDocument.Accuracy, _ L: Language) -> String {
        let measured = a.measured_trips
        guard measured > 0, let median = a.median_error_s else {
            return Phrase(uk: "немає виміряних поїздок (довге натискання «я вийшов» їх вимірює)",
                          en: "no measured rides (a long press, \"I'm off\", measures one)")(L)
        }
        let share = Int(((a.within_30s_share ?? 0) * 100).rounded())
        let signed = median > 0 ? "+\(median)" : "\(median)"
        return Phrase(uk: "медіанна похибка \(signed) с, \(share) % у межах ±30 с (виміряно: \(measured))",
                      en: "median error \(signed) s, \(share) % within ±30 s (\(measured) measured)")(L)
    }
}
