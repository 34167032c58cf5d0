import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MetroControl
import MetroModel
import Testing
@testable import MetroCLI

/// The year on the metro as text and as an SVG card that parses as XML and renders (with `rsvg-convert`, installed
/// by scripts/install-deps.sh) to a PNG of the card's size, in both languages.
@Suite(.serialized) struct YearCardTests {
    static let document: YearDocument = {
        let entries = [
            JournalEntry(id: 1, t0: Instant(seconds: 1), t0UnixMilliseconds: KyivTime.unixSeconds(year: 2026, month: 3, day: 2, hour: 6, minute: 10) * 1000,
                         from: "lisova", to: "teremky", plannedSeconds: 2000, finalSeconds: 2000, confirmedSeconds: 2010,
                         manualCorrections: 0, lateCorrections: 0, gpsCorrections: 0, transfers: 1, outcome: .arrived),
            JournalEntry(id: 2, t0: Instant(seconds: 1), t0UnixMilliseconds: KyivTime.unixSeconds(year: 2026, month: 6, day: 2, hour: 0, minute: 20) * 1000,
                         from: "palats-ukraina", to: "lisova", plannedSeconds: 1500, finalSeconds: 1500, confirmedSeconds: 1490,
                         manualCorrections: 1, lateCorrections: 1, gpsCorrections: 0, transfers: 1, outcome: .arrived),
            JournalEntry(id: 3, t0: Instant(seconds: 1), t0UnixMilliseconds: KyivTime.unixSeconds(year: 2026, month: 9, day: 1, hour: 8, minute: 0) * 1000,
                         from: "lisova", to: "teremky", plannedSeconds: 2000, finalSeconds: 2000, confirmedSeconds: nil,
                         manualCorrections: 0, lateCorrections: 0, gpsCorrections: 0, transfers: 1, outcome: .expired),
        ]
        return YearDocument(YearOnTheMetro(year: 2026, entries: entries, network: network))
    }()

    func hasCyrillic(_ text: String) -> Bool { text.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }

    var names: StationNames { StationNames(network: network) }

    @Test func theTextInBothLanguages() {
        let en = YearCommand.render(Self.document, language: .en, names: names)
        #expect(en.contains("2026 on the metro") && en.contains("rides: 3"), "\(en)")
        #expect(en.contains("most frequent route: Lisova → Teremky (2 rides)"), "\(en)")
        #expect(en.contains("earliest ride: 06:10, 2026-03-02 (Lisova → Teremky)"), "\(en)")
        #expect(en.contains("latest ride: 00:20, 2026-06-02 (\(network.station("palats-ukraina")!.name.en) → Lisova)"), "\(en)")
        #expect(en.contains("lines: M1, M2"), "\(en)")
        #expect(en.contains("median error +10 s"), "\(en)")
        #expect(!hasCyrillic(en), "\(en)")
        let uk = YearCommand.render(Self.document, language: .uk, names: names)
        #expect(uk.contains("2026 рік у метро") && uk.contains("(2 поїздки)") && uk.contains("лінії: М1, М2"), "\(uk)")
        #expect(YearCommand.ridesText(5, .uk) == "5 поїздок" && YearCommand.ridesText(21, .uk) == "21 поїздка")
        #expect(YearCommand.render(YearDocument(YearOnTheMetro(year: 2030, entries: [], network: network)), language: .en, names: names)
            .contains("no rides that year"))
    }

    final class ParseCheck: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var rootName: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) { if rootName == nil { rootName = name } }
        func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
    }

    @Test(arguments: Language.allCases)
    func theCardParsesAndRenders(language: Language) throws {
        let svg = YearCard.render(Self.document, language: language, names: names)
        let check = ParseCheck()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = check
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        #expect(check.rootName == "svg")
        let text = check.texts.joined()
        #expect(text.contains(language == .uk ? "2026 рік у метро" : "2026 on the metro"))
        if language == .en { #expect(!hasCyrillic(text), "\(text)") }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-card-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgPath = directory.appendingPathComponent("card.svg").path, pngPath = directory.appendingPathComponent("card.png").path
        try svg.write(toFile: svgPath, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        p.arguments = ["-o", pngPath, svgPath]
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 0 && errors.isEmpty, "rsvg-convert: \(errors)")
        let png = try #require(FileManager.default.contents(atPath: pngPath))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG")
        func be32(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == YearCard.width && be32(20) == YearCard.height, "the card's size")
        if let keep = ProcessInfo.processInfo.environment["METROTIMER_KEEP_CARD"] {
            try? FileManager.default.copyItem(atPath: pngPath, toPath: keep + "-\(language.rawValue).png")
        }
    }

    @Test func statsYearRefusesABadYearWithoutADaemon() {
        let r = run(["stats", "--year", "1999", "--socket", "/nonexistent/control.sock"])
        #expect(r.code == 64 && r.err.contains("--year needs a year from 2000 to 2100, not '1999'"), "\(r.err)")
        let svgOnly = run(["stats", "--svg", "/tmp/x.svg", "--socket", "/nonexistent/control.sock"])
        #expect(svgOnly.code == 64 && svgOnly.err.contains("--svg needs --year"), "\(svgOnly.err)")
    }
}
