import Foundation
import Testing

/// A rider who asks in Ukrainian is answered in Ukrainian: station names, not Latin ids, in suggestions and in the
/// candidates of an ambiguous name, and a file the year card cannot be written to said why in Ukrainian.
@Suite(.serialized) struct UkrainianAnswerTests {
    /// Latin-letter words of a text, leaving out the query the rider typed (quoted back) and "errno".
    func latinWords(_ text: String, besides typed: [String]) -> [String] {
        text.split { !$0.isLetter }.map(String.init)
            .filter { word in word.unicodeScalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } }
            .filter { !typed.contains($0) && $0 != "errno" && $0 != "metrotimer" }
    }

    @Test func suggestionsAndAmbiguousNamesAreStationNamesInTheAskersLanguage() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()

        let ambiguous = try daemon.cli(["--lang", "uk", "route", "Палац", "Кловська"])
        #expect(ambiguous.status == 1, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("Назва «Палац» неоднозначна: "), "said to be ambiguous, not missing: \(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("Палац «Україна»") && ambiguous.stderr.contains("Палац спорту"), "\(ambiguous.stderr)")
        #expect(!ambiguous.stderr.contains("Немає такої станції"), "\(ambiguous.stderr)")
        #expect(latinWords(ambiguous.stderr, besides: ["route"]).isEmpty, "\(ambiguous.stderr)")
        let ambiguousEnglish = try daemon.cli(["--lang", "en", "route", "Палац", "Кловська"])
        #expect(ambiguousEnglish.stderr.contains("The name 'Палац' is ambiguous: ") && ambiguousEnglish.stderr.contains("Palats Sportu"),
                "\(ambiguousEnglish.stderr)")

        let misspelled = try daemon.cli(["--lang", "uk", "route", "obolonn", "lisova"])
        #expect(misspelled.status == 1, "\(misspelled.stderr)")
        #expect(misspelled.stderr.contains("Немає такої станції: obolonn (можливо, ") && misspelled.stderr.contains("Оболонь"), "\(misspelled.stderr)")
        #expect(latinWords(misspelled.stderr, besides: ["route", "obolonn"]).isEmpty, "no Latin ids: \(misspelled.stderr)")
        let misspelledEnglish = try daemon.cli(["--lang", "en", "route", "obolonn", "lisova"])
        #expect(misspelledEnglish.stderr.contains("No such station: obolonn (did you mean ") && misspelledEnglish.stderr.contains("Obolon"), "\(misspelledEnglish.stderr)")
    }

    @Test func aCardPathThatIsADirectoryIsRefusedInUkrainian() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        let directory = daemon.directory.appendingPathComponent("cards").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let uk = try daemon.cli(["--lang", "uk", "stats", "--year", "2026", "--svg", directory])
        #expect(uk.status != 0)
        #expect(uk.stderr.contains("це каталог (errno 21)"), "\(uk.stderr)")
        #expect(!uk.stderr.contains("Is a directory") && !uk.stderr.contains("open "), "\(uk.stderr)")
        let en = try daemon.cli(["--lang", "en", "stats", "--year", "2026", "--svg", directory])
        #expect(en.stderr.contains("Is a directory (errno 21)"), "\(en.stderr)")
    }
}
