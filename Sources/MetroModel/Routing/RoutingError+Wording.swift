extension RoutingError {
    /// The reason in both languages, stations by name and id.
    public func phrase(names network: GeneralNetwork) -> Phrase {
        func uk(_ id: StationID) -> String { "\(network.name(of: id).uk) (\(id))" }
        func en(_ id: StationID) -> String { "\(network.name(of: id).en) (\(id))" }
        switch self {
        case .unknownStation(let text):
            return StationWording.unknown(text, suggestions: [])
        case .sameStation(let id):
            return Phrase(uk: "звідки й куди — та сама станція: \(uk(id))",
                          en: "the start and the destination are the same station: \(en(id))")
        case .closedStation(let id):
            return Phrase(uk: "\(uk(id)) закрита: потяги проходять без зупинки",
                          en: "\(en(id)) is closed: trains pass without stopping")
        case .unreachable(let from, let to, let reason):
            let why: Phrase
            switch reason {
            case .notServed(let id):
                why = Phrase(uk: "на \(uk(id)) не зупиняється жодна лінія", en: "no line stops at \(en(id))")
            case .suspended(let line, let a, let b):
                why = Phrase(uk: "рух лінії \(line) між \(uk(a)) і \(uk(b)) призупинено",
                             en: "no service on line \(line) between \(en(a)) and \(en(b))")
            case .transferForbidden(let a, let b):
                why = Phrase(uk: "пересадка з \(uk(a)) на \(uk(b)) неможлива",
                             en: "the change from \(en(a)) to \(en(b)) is not possible")
            case .disconnected:
                why = Phrase(uk: "їх не сполучає жодна лінія чи пересадка", en: "no line or transfer joins them")
            }
            return Phrase(uk: "немає маршруту з \(uk(from)) до \(uk(to)): \(why.uk)",
                          en: "no route from \(en(from)) to \(en(to)): \(why.en)")
        case .tooManyChanges(let needed, let allowed):
            return Phrase(uk: "кожен маршрут потребує щонайменше \(needed) \(Plural.ukrainian(needed, one: "пересадки", few: "пересадок", many: "пересадок")), "
                              + "дозволено \(allowed)",
                          en: "every route needs at least \(needed) \(Plural.english(needed, one: "change", other: "changes")), "
                              + "\(allowed) allowed")
        }
    }
}
