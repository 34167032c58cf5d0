import MetroControl
import MetroModel

/// The `accuracy` part of `metrotimer stats` as text, in the rider's language: late warnings, the planned
/// arrival's error, and the mistaken presses set aside; then per route direction and time of day.
enum AccuracyView {
    static func render(_ doc: AccuracyDocument, language: Language, names: StationNames) -> String {
        let percent = JournalView.percent
        func seconds(_ v: Int?) -> String {
            v.map { Phrase(uk: "\($0) с", en: "\($0) s")(language) } ?? "—"
        }
        func figures(_ f: AccuracyDocument.Figures) -> String {
            Phrase(uk: "поїздок \(f.rides), запізнілих «наступна — ваша» \(f.late_rides) "
                       + "з \(f.warned_rides) (\(percent(f.late_share))), похибка: медіана \(seconds(f.median_error_s)), "
                       + "p95 \(seconds(f.p95_abs_error_s)), у межах ±30 с \(percent(f.within_30s_share))",
                   en: "rides \(f.rides), late \"yours is next\" \(f.late_rides) "
                       + "of \(f.warned_rides) (\(percent(f.late_share))), error: median \(seconds(f.median_error_s)), "
                       + "p95 \(seconds(f.p95_abs_error_s)), within ±30 s \(percent(f.within_30s_share))")(language)
        }
        var out = Phrase(uk: "точність прибуття (підтверджене − заплановане на старті; плюс — поїздка довша за план):\n",
                         en: "arrival accuracy (confirmed − planned at the start; positive = the ride took longer):\n")(language)
        out += "  " + figures(doc.all) + "\n"
        // Keyed by reason: the daemon writes every reason it knows, zero or not.
        let early = doc.set_aside["too_early"] ?? 0
        let late = doc.set_aside["too_late"] ?? 0
        out += Phrase(uk: "  відкладено помилкових «я вийшов»: \(early + late) (\(early) — раніше за половину поїздки, "
                          + "\(late) — пізніше за подвійну поїздку + 10 хв)\n",
                      en: "  mistaken \"I'm off\" presses set aside: \(early + late) (\(early) before half the ride, "
                          + "\(late) after twice the ride + 10 min)\n")(language)
        if !doc.groups.isEmpty {
            out += Phrase(uk: "за напрямком і часом доби:\n", en: "by direction and time of day:\n")(language)
            for g in doc.groups {
                let time = timeOfDay(g.time_of_day, language)
                out += "  \(names.route(from: g.from, to: g.to, language)), "
                    + "\(time): " + figures(g.figures) + "\n"
            }
        }
        return out
    }

    static func timeOfDay(_ raw: String?, _ language: Language) -> String {
        switch raw {
        case "peak": return Phrase(uk: "пік (7–10)", en: "peak (7–10)")(language)
        case "midday": return Phrase(uk: "день (10–16)", en: "midday (10–16)")(language)
        case "evening": return Phrase(uk: "вечір (16–20)", en: "evening (16–20)")(language)
        case "late": return Phrase(uk: "пізно (20–7)", en: "late (20–7)")(language)
        case "weekend": return Phrase(uk: "вихідний", en: "weekend")(language)
        default: return Phrase(uk: "час невідомий", en: "time unknown")(language)
        }
    }
}
