import Testing
@testable import MetroModel

@Suite("Station search (model §10)")
struct SearchTests {
    @Test func foldingCaseDiacriticsAndEveryApostrophe() {
        let forms = ["Лукʼянівська", "лук'янівська", "Лук’янівська", "ЛУКʻЯНІВСЬКА", "лук`янівська", "Лукянівська"]
        for form in forms { #expect(StationSearch.fold(form) == "лукянівська", "\(form)") }
        #expect(StationSearch.fold("Palats «Ukraina»") == StationSearch.fold("palats-ukraina"))
        #expect(StationSearch.fold("Палац «Україна»") == "палац украіна")  // ї folds to і
        #expect(StationSearch.fold("Zoloti  Vorota ") == "zoloti vorota")
        #expect(StationSearch.fold("Ĺukíánivśká") == "lukianivska")
        // Decomposed and precomposed forms fold alike.
        #expect(StationSearch.fold("Ки\u{0457}в") == StationSearch.fold("Ки\u{0456}\u{0308}в"))
        #expect(StationSearch.fold("Героїв Дніпра") == StationSearch.fold("героiв днiпра".replacingOccurrences("i", "і")))
    }

    @Test func resolvesNamesInEitherLanguageAndIds() {
        #expect(kyiv.resolve("Лукʼянівська") == .found(kyiv.station("lukianivska")!))
        #expect(kyiv.resolve("Lukianivska") == .found(kyiv.station("lukianivska")!))
        #expect(kyiv.resolve("лук'янівська") == .found(kyiv.station("lukianivska")!))
        #expect(kyiv.resolve("palats-ukraina") == .found(kyiv.station("palats-ukraina")!))
        #expect(kyiv.resolve("Палац «Україна»") == .found(kyiv.station("palats-ukraina")!))
        #expect(kyiv.resolve("KHRESHCH") == .found(kyiv.station("khreshchatyk")!))
        #expect(kyiv.resolve("Палац Спорту") == .found(kyiv.station("palats-sportu")!))
    }

    @Test func rankingExactBeforePrefixBeforeSubstring() {
        let results = kyiv.search("palats").map(\.id)
        #expect(Set(results) == ["palats-ukraina", "palats-sportu"])
        let ploshcha = kyiv.search("ploshcha").map(\.id.rawValue)
        #expect(ploshcha.count >= 3)
        // "ploshcha-ukrainskykh-heroiv" starts with the query: ranked before those where it is a later word.
        #expect(ploshcha.first == "ploshcha-ukrainskykh-heroiv")
        #expect(kyiv.search("").count == 52)
        #expect(kyiv.search("dnipro").first?.id == "dnipro")  // exact before "heroiv-dnipra"-like partials
    }

    @Test func ambiguousAndNotFound() {
        guard case .ambiguous(let stations) = kyiv.resolve("ploshcha") else { Issue.record("ambiguous"); return }
        #expect(stations.count >= 3)
        guard case .notFound(let suggestions) = kyiv.resolve("khreschatik") else { Issue.record("not found"); return }
        #expect(suggestions.first?.id == "khreshchatyk")
        guard case .notFound(let cyr) = kyiv.resolve("Хрещатік") else { Issue.record("not found"); return }
        #expect(cyr.first?.id == "khreshchatyk")
        #expect(StationSearch.editDistance("kitten", "sitting") == 3)
    }
}

extension String {
    func replacingOccurrences(_ a: Character, _ b: Character) -> String { String(map { $0 == a ? b : $0 }) }
}

/// The one resolution rule every program refuses by (`Network.station(named:)`).
@Suite struct StationNamedTests {
    /// A name matching more stations than a refusal lists names the first five, in the search's order.
    @Test func anAmbiguousNameListsAtMostFiveCandidatesInSearchOrder() throws {
        func matchesMoreThanListed(_ query: String) -> Bool {
            if case .ambiguous(let all) = kyiv.resolve(query) { return all.count > Network.ambiguousCandidatesListed }
            return false
        }
        let found = ["ska", "ka", "a"].first(where: matchesMoreThanListed)
        let query = try #require(found, "no query matches more than five stations")
        guard case .ambiguous(let all) = kyiv.resolve(query) else { Issue.record("'\(query)' is not ambiguous"); return }
        do {
            _ = try kyiv.station(named: query)
            Issue.record("'\(query)' resolved to one station")
        } catch {
            guard case .ambiguousStation(let text, let candidates) = error else { Issue.record("\(error)"); return }
            #expect(text == query)
            #expect(Network.ambiguousCandidatesListed == 5)
            #expect(candidates == all.prefix(5).map(\.id))
        }
    }

    @Test func aFoundNameIsItsStationAndAnUnknownOneSuggestsOrRefuses() throws {
        let found = try kyiv.station(named: "Лукʼянівська")
        #expect(found == StationID("lukianivska"))
        do {
            _ = try kyiv.station(named: "lukyanivska")
            Issue.record("a misspelling resolved")
        } catch {
            guard case .misspelledStation(_, let suggestions) = error else { Issue.record("\(error)"); return }
            #expect(suggestions.contains(StationID("lukianivska")), "\(suggestions)")
        }
    }
}
