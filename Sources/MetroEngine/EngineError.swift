import MetroModel

/// Why the engine refused a command. Every case has a bilingual message for the rider.
public enum EngineError: Error, Equatable, CustomStringConvertible {
    case noRouteChosen
    case tripAlreadyActive
    case noActiveTrip
    case plan(PlanError)
    case correction(CorrectionError)
    case calibrationSessionActive
    case noCalibrationSession
    /// A calibration request that cannot be served; the reason is a Ukrainian–English pair (model §10).
    case invalidCalibration(Phrase)
    /// The change could not be stored; nothing changed.
    case storage(String)
    /// A reminder request that cannot be served (bad time or days, no such reminder).
    case reminder(ReminderError)
    /// A stretch that cannot be suspended (different lines, the same station twice), worded with station names.
    case suspension(Phrase)

    public func message(_ language: Language) -> String {
        switch self {
        case .noRouteChosen:
            return Phrase(uk: "маршрут не вибрано: metrotimer route ЗВІДКИ КУДИ",
                          en: "no route chosen: metrotimer route FROM TO")(language)
        case .tripAlreadyActive:
            return Phrase(uk: "поїздка вже триває; спершу скасуйте її", en: "a trip is already running; cancel it first")(language)
        case .noActiveTrip:
            return Phrase(uk: "немає поїздки", en: "no trip is running")(language)
        case .plan(let e): return e.message(language)
        case .correction(let e): return e.message(language)
        case .calibrationSessionActive:
            return Phrase(uk: "триває калібрування; спершу завершіть його",
                          en: "a calibration session is running; finish it first")(language)
        case .noCalibrationSession:
            return Phrase(uk: "калібрування не триває", en: "no calibration session is running")(language)
        case .invalidCalibration(let why): return why(language)
        case .storage(let why):
            // The storage layer's own words (SQLite's) are quoted as they are.
            return Phrase(uk: "не вдалося зберегти (нічого не змінено): «\(why)»", en: "could not save (nothing changed): \(why)")(language)
        case .reminder(let e): return e.message(language)
        case .suspension(let why): return why(language)
        }
    }
    public var description: String { message(.en) }
}
