import Foundation
import Testing
@testable import MetroModel

@Suite("Network data (model §1)")
struct NetworkDataTests {
    @Test func consistency() {
        #expect(kyiv.stations.count == 52)
        #expect(kyiv.lines.map(\.id) == ["m1", "m2", "m3"])
        #expect(kyiv.line("m1")!.stations.first == "akademmistechko" && kyiv.line("m1")!.stations.last == "lisova")
        #expect(kyiv.line("m2")!.stations.first == "heroiv-dnipra" && kyiv.line("m2")!.stations.last == "teremky")
        #expect(kyiv.line("m3")!.stations.first == "syrets" && kyiv.line("m3")!.stations.last == "chervonyi-khutir")
        for station in kyiv.allStations {
            #expect((50.2...50.7).contains(station.latitude) && (30.2...30.9).contains(station.longitude), "\(station.id)")
            #expect(station.id.rawValue.allSatisfy { $0.isASCII })
        }
        let surface = kyiv.allStations.filter(\.isSurface)
        #expect(!surface.isEmpty)
        for (i, a) in surface.enumerated() {
            for b in surface[(i + 1)...] { #expect(kyiv.distanceMeters(a.id, b.id)! > 800, "\(a.id)–\(b.id)") }
        }
        #expect(kyiv.station("lukianivska")!.name.uk.unicodeScalars.contains("\u{02BC}"))
        #expect(kyiv.station("palats-ukraina")!.name.uk.contains("«"))
        #expect(kyiv.attribution.coordinates.contains("ODbL"))
        for line in kyiv.lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) {
                #expect(kyiv.seed(SegmentKey(from: a, to: b)) != nil || kyiv.seed(SegmentKey(from: b, to: a)) != nil)
            }
        }
        // Every pair of lines meets at exactly one node.
        for a in kyiv.lines { for b in kyiv.lines where a.id != b.id { #expect(kyiv.transfer(from: a.id, to: b.id) != nil) } }
    }

    /// Loads a mutated copy of the real file and expects a refusal naming `needle`.
    func refuses(_ needle: String, _ mutate: (inout [String: Any]) -> Void) throws {
        var object = try networkObject()
        mutate(&object)
        let bytes = try encode(object)
        do throws(NetworkDataError) {
            _ = try Network.load(json: bytes)
            Issue.record("accepted bad data (expected a message naming \(needle))")
        } catch {
            #expect(error.message.contains(needle), "\(error.message)")
            Self.expectUkrainian(error)
        }
    }

    /// The refusal says the same in Ukrainian (model §10): prefixed like the English, and with no English word
    /// outside what the file itself names — ids and field names quoted ('…') or joined by `_ . > – [`, numbers,
    /// and JSON's own literals.
    static func expectUkrainian(_ error: NetworkDataError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error.message.hasPrefix("network data: "), sourceLocation: sourceLocation)
        #expect(error.ukrainian.hasPrefix("дані мережі: "), "\(error.ukrainian)", sourceLocation: sourceLocation)
        var unquoted = ""
        var inQuote = false
        for character in error.ukrainian {
            if character == "'" { inQuote.toggle() } else if !inQuote { unquoted.append(character) }
        }
        let named: Set<String> = ["JSON", "GPS", "null", "true", "false"]
        var english: [String] = []
        for token in unquoted.split(whereSeparator: \.isWhitespace) where !token.contains(where: { "_.>–[".contains($0) }) {
            for word in token.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where word.count >= 2 {
                if !named.contains(String(word)) { english.append(String(word)) }
            }
        }
        #expect(english.isEmpty, "English \(english) in: \(error.ukrainian)", sourceLocation: sourceLocation)
    }

    /// Refusals that come before validation — text that is not JSON, a missing or mistyped field, another
    /// schema — are worded in both languages too.
    @Test func refusalsOfTheFileItselfAreWordedInBothLanguages() throws {
        func refusal(_ text: String) -> NetworkDataError? {
            do throws(NetworkDataError) { _ = try Network.load(json: Array(text.utf8)); return nil } catch { return error }
        }
        let cases: [(String, String, String)] = [
            ("{\"schema\": 2", "network data: not valid JSON at line 1, column 13 (the text ends there)",
             "дані мережі: не коректний JSON: рядок 1, позиція 13 (там текст закінчується)"),
            ("{\"schema\": 1,\n \"lines\": [}", "network data: not valid JSON at line 2, column 12",
             "дані мережі: не коректний JSON: рядок 2, позиція 12"),
            ("{\"schema\": \"one\"}", "network data: schema: expected Int", "дані мережі: 'schema': має бути ціле число"),
            ("{\"schema\": 1}", "network data: attribution: missing", "дані мережі: 'attribution': бракує"),
            ("[1, 2]", "network data: top level: expected Dictionary<String, Any>", "дані мережі: увесь файл: має бути обʼєкт"),
        ]
        for (text, english, ukrainian) in cases {
            let error = try #require(refusal(text), "accepted \(text)")
            #expect(error.message == english)
            #expect(error.ukrainian == ukrainian)
            Self.expectUkrainian(error)
        }
        var object = try networkObject()
        object["schema"] = 3
        let schema = try #require(refusal(String(decoding: try encode(object), as: UTF8.self)))
        #expect(schema.message == "network data: schema 3 is not supported (this build reads schema 1)")
        #expect(schema.ukrainian == "дані мережі: схема 3 не підтримується (ця збірка читає схему 1)")
        var badID = try networkObject()
        edit(&badID, "lines", 0, "id", "M1")
        let slug = try #require(refusal(String(decoding: try encode(badID), as: UTF8.self)))
        #expect(slug.message == "network data: line id 'M1' is not a lowercase ASCII slug")
        Self.expectUkrainian(slug)
    }

    func edit(_ object: inout [String: Any], _ key: String, _ index: Int, _ field: String, _ value: Any) {
        var list = object[key] as! [[String: Any]]
        list[index][field] = value
        object[key] = list
    }

    @Test func loaderRefusesEachKindOfBadData() throws {
        try refuses("nowhere") { edit(&$0, "segments", 0, "to", "nowhere") }
        try refuses("duplicate station 'akademmistechko'") {
            var list = $0["stations"] as! [[String: Any]]
            list.append(list[0])
            $0["stations"] = list
        }
        try refuses("teremky") {
            var list = $0["stations"] as! [[String: Any]]
            list.removeAll { $0["id"] as? String == "teremky" }
            $0["stations"] = list
        }
        try refuses("running time -5") { edit(&$0, "segments", 3, "running_s", -5) }
        try refuses("dwell 5000") { edit(&$0, "segments", 3, "dwell_s", 5000) }
        try refuses("outside Kyiv") { edit(&$0, "stations", 2, "lat", 48.0) }
        try refuses("apart") {
            // Move hidropark next to dnipro.
            var list = $0["stations"] as! [[String: Any]]
            let dnipro = list.first { $0["id"] as? String == "dnipro" }!
            let i = list.firstIndex { $0["id"] as? String == "hidropark" }!
            list[i]["lat"] = (dnipro["lat"] as! Double) + 0.003
            list[i]["lon"] = dnipro["lon"]
            $0["stations"] = list
        }
        try refuses("walk") { edit(&$0, "transfers", 0, "walk_s", -1) }
        try refuses("service hours") { edit(&$0, "service_hours", 0, "station", "atlantis") }
        try refuses("headway") { edit(&$0, "headways", 0, "forward", [540, -1]) }
        try refuses("stations[0].lat") { edit(&$0, "stations", 0, "lat", "north") }
    }

    /// Appends a copy of entry `index` of list `key`, changed by `change`.
    func duplicate(_ object: inout [String: Any], _ key: String, _ index: Int,
                   _ change: (inout [String: Any]) -> Void = { _ in })
    {
        var list = object[key] as! [[String: Any]]
        var copy = list[index]
        change(&copy)
        list.append(copy)
        object[key] = list
    }

    @Test func loaderRefusesDuplicatesUnknownIdsAndNegativeTimes() throws {
        // Duplicates of every keyed entry.
        try refuses("duplicate line 'm1'") { duplicate(&$0, "lines", 0) { $0["stations"] = ["x-1", "x-2"] } }
        try refuses("station 'akademmistechko' appears twice") {
            duplicate(&$0, "lines", 0) { $0["id"] = "m9"; $0["stations"] = ["akademmistechko", "x-2"] }
        }
        try refuses("duplicate segment") { duplicate(&$0, "segments", 0) }
        try refuses("duplicate headway") { duplicate(&$0, "headways", 0) }
        try refuses("duplicate service hours") { duplicate(&$0, "service_hours", 0) }
        try refuses("more than one transfer") { duplicate(&$0, "transfers", 0) }
        // Unknown ids wherever an id is referenced.
        try refuses("lists station 'atlantis' that has no record") {
            var lines = $0["lines"] as! [[String: Any]]
            lines[0]["stations"] = (lines[0]["stations"] as! [String]) + ["atlantis"]
            $0["lines"] = lines
        }
        try refuses("atlantis") { edit(&$0, "transfers", 0, "a", "atlantis") }
        try refuses("unknown line") { edit(&$0, "headways", 0, "line", "m9") }
        // Negative (and inverted) times.
        try refuses("-60") {
            var list = $0["service_hours"] as! [[String: Any]]
            list[0]["forward"] = ["first_s": -60, "last_s": 80_000]
            $0["service_hours"] = list
        }
        try refuses("after the last") {
            var list = $0["service_hours"] as! [[String: Any]]
            list[0]["forward"] = ["first_s": 80_000, "last_s": 20_000]
            $0["service_hours"] = list
        }
        try refuses("dwell -1") { edit(&$0, "segments", 0, "dwell_s", -1) }
        try refuses("defaults.running_s -115") {
            var defaults = $0["defaults"] as! [String: Any]
            defaults["running_s"] = -115
            $0["defaults"] = defaults
        }
    }

    /// `scripts/make-network-data.py --check`: the committed file is what the script derives from the reference
    /// facts kept in `Data/reference/` (the clone alone can re-derive and check its data).
    @Test func committedDataMatchesTheGenerator() throws {
        let reference = repositoryRoot.appendingPathComponent("Data/reference/kyiv-metro-reference.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("scripts/make-network-data.py").path,
                             "--check", reference, repositoryRoot.appendingPathComponent("Data/kyiv-metro.json").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("up to date"))
    }

    /// `--help` prints the usage (and writes nothing); an unknown option is refused with the usage.
    @Test func generatorExplainsItself() throws {
        func run(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", repositoryRoot.appendingPathComponent("scripts/make-network-data.py").path]
                + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }
        let (status, help) = try run(["--help"])
        #expect(status == 0)
        #expect(help.hasPrefix("usage: scripts/make-network-data.py"), "\(help)")
        #expect(help.contains("--check") && help.contains("REFERENCE_JSON"))
        #expect(!help.contains("wrote"))
        let (badStatus, bad) = try run(["--frobnicate"])
        #expect(badStatus == 2)
        #expect(bad.contains("unknown option --frobnicate") && bad.contains("usage:"))
    }
}

/// A schema 2 file (written by `metrotimer import-gtfs`) is named as such, not refused for a schema 1 field.
@Suite struct SchemaTwoRefusalTests {
    @Test func aSchemaTwoFileIsNamedForWhatItIs() {
        let file = GeneralNetworkFile(
            about: "x", provenance: .init(source: "gtfs", agency: "A", publisher: nil, feed_version: nil, valid_from: "2026-01-01",
                                          valid_to: "2026-12-31", imported: "2026-12-05"),
            time_zone: "Europe/Kyiv", defaults: .init(running_s: 90, dwell_s: 20), lines: [], stations: [], segments: [],
            transfers: [], headways: [], service_hours: [])
        let bytes = Array((try? JSONEncoder().encode(file)) ?? Data())
        do {
            _ = try Network.load(json: bytes)
            Issue.record("a schema 2 file loaded as schema 1")
        } catch {
            #expect(error.message.hasPrefix("network data: this is a schema 2 network (from a GTFS feed, metrotimer import-gtfs)"))
            #expect(error.ukrainian.hasPrefix("дані мережі: це мережа схеми 2"))
        }
    }
}
