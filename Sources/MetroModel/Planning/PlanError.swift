/// Why a route cannot be planned (model §2).
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// From and to are the same station.
    case sameStation(StationID)
    /// No station has this id.
    case unknownStation(String)
    /// No station has this name, but these are near it (what the rider may have meant).
    case misspelledStation(String, suggestions: [StationID])
    /// The name fits more than one station: these.
    case ambiguousStation(String, candidates: [StationID])
    /// The station is closed: trains pass without stopping.
    case closedStation(StationID)
    /// No service on the stretch between two adjacent stations now.
    case suspended(from: StationID, to: StationID)
    /// An imported network's planner found no route the daemon can ride; the reason, worded by the network.
    case noRide(Phrase)

    /// The reason in a language, naming the station(s) by id.
    public func message(_ language: Language) -> String { message(language, names: nil) }

    /// The reason in a language, naming stations by their names in `network` where known.
    public func message(_ language: Language, names network: (any RideNetwork)?) -> String {
        func name(_ id: StationID) -> String { network?.station(id)?.name(language) ?? id.rawValue }
        // A candidate the rider may type instead: in English with its id (ASCII, and what every command takes);
        // the Ukrainian names it only, with no Latin letters in the sentence.
        func candidate(_ id: StationID) -> String {
            guard language == .en, let station = network?.station(id) else { return name(id) }
            return "\(station.name(.en)) (\(id))"
        }
        switch self {
        case .sameStation(let id):
            return Phrase(uk: "Початкова й кінцева станції збігаються: \(name(id))",
                          en: "The start and the destination are the same station: \(name(id))")(language)
        case .unknownStation(let text):
            return Phrase(uk: "Немає такої станції: \(text)", en: "No such station: \(text)")(language)
        case .misspelledStation(let text, let suggestions):
            let names = suggestions.map(candidate).joined(separator: ", ")
            return Phrase(uk: "Немає такої станції: \(text) (можливо, \(names)?)",
                          en: "No such station: \(text) (did you mean \(names)?)")(language)
        case .ambiguousStation(let text, let candidates):
            let names = candidates.map(candidate).joined(separator: ", ")
            return Phrase(uk: "Назва «\(text)» неоднозначна: \(names)",
                          en: "The name '\(text)' is ambiguous: \(names)")(language)
        case .closedStation(let id):
            return Phrase(uk: "Станція \(name(id)) закрита: потяги її минають",
                          en: "\(name(id)) is closed: trains pass without stopping")(language)
        case .noRide(let reason):
            return reason(language)
        case .suspended(let from, let to):
            return Phrase(uk: "Зараз немає руху на перегоні \(name(from)) — \(name(to))",
                          en: "No service on this stretch now: \(name(from)) – \(name(to))")(language)
        }
    }

    /// The English reason.
    public var description: String { message(.en) }
}
