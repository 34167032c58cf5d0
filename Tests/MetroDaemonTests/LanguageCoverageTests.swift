import Foundation
import MetroCLI
import MetroModel
import Testing

/// Every command of `metrotimer`, run for real against a real daemon in both languages, with `--lang` before and
/// after the command: English output has no Cyrillic, Ukrainian output no English word (ids, options, paths,
/// units and names of the system's own parts aside).
@Suite(.serialized) struct LanguageCoverageTests {
    /// Words the Ukrainian output may contain: the programs' and the system's own names, option values, ids.
    static let allowed: Set<String> = [
        "metrotimer", "metrotimerd", "GPS", "JSON", "ISO", "LANG", "uk", "en", "forward", "backward", "simulated",
        "hardware", "EEST", "EET", "ODbL", "OpenStreetMap", "contributors", "https", "www", "openstreetmap", "org",
        "copyright", "runtime", "directory", "sock", "control", "help", "version", "json", "ids", "id", "t0",
        "kyiv", "metro", "Z", "T", "gpsd", "LC", "ALL", "MESSAGES",
        // remind's sub-commands, typed as they are (like forward/backward).
        "add", "list", "remove",
        // The GPIO tools and device names a wiring check points at.
        "GPIO", "gpiodetect", "gpioinfo", "gpiochipN", "libgpiod",
    ]
    static let network = try! Network.load(json: Array(try! Data(contentsOf: URL(fileURLWithPath: DaemonProcess.dataFile))))
    static let stationIDs = Set(network.stations.keys.map(\.rawValue))

    /// The Latin words of `text` that are not ids, options, paths, placeholders of the system or allowed names.
    static func englishWords(_ text: String) -> [String] {
        var found: [String] = []
        // What the rider typed comes back quoted ('…' or «…»): not the program's words.
        var unquoted = ""
        var closing: Character?
        for character in text {
            if let close = closing {
                if character == close { closing = nil }
                continue
            }
            if character == "'" { closing = "'" } else if character == "«" { closing = "»" } else { unquoted.append(character) }
        }
        for raw in unquoted.split(whereSeparator: { $0.isWhitespace }) {
            let token = String(raw)
            // Options, paths, variables, file names, ids with separators and ISO times are not words.
            if token.contains("-") && !token.hasPrefix("«") || token.contains("/") || token.contains("$")
                || token.contains("_") || token.contains("=") || token.contains(".") && token.count > 3 && !token.hasSuffix(".")
                || token.contains(">") || token.contains("|") || token.contains(":") && token.contains(where: \.isNumber) {
                continue
            }
            for word in token.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) {
                let w = String(word)
                guard w.count >= 2 || w == "s" else { continue }
                if allowed.contains(w) || stationIDs.contains(w) || MetrotimerCLI.commands.contains(where: { $0.name == w }) {
                    continue
                }
                found.append(w)
            }
        }
        return found
    }

    static func hasCyrillic(_ text: String) -> Bool { text.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }

    /// One invocation per command (and its help), both languages, `--lang` before and after: the texts match and
    /// carry no word of the other language.
    @Test func everyCommandAnswersInBothLanguages() throws {
        let daemon = try DaemonProcess(timeScale: 60)
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        // Something in every list: a journal entry, a pinned route, a calibration figure, a trip in progress.
        #expect(try daemon.cli(["route", "lisova", "chernihivska"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        #expect(try daemon.cli(["arrived"]).status == 0)
        #expect(try daemon.cli(["pin", "vydubychi", "slavutych"]).status == 0)
        var invocations: [String: [[String]]] = [
            "stations": [["stations", "lisova"]], "plan": [["plan", "lisova", "teremky", "--at", "2026-08-17T08:00"]],
            "route": [["route", "akademmistechko", "pozniaky"]], "pin": [["pin", "lisova", "teremky"]],
            "unpin": [["unpin", "lisova", "teremky"]], "routes": [["routes"]], "start": [["start"]],
            "plus": [["plus"]], "minus": [["minus"]], "departed": [["departed"]], "status": [["status"]],
            "journal": [["journal"]], "stats": [["stats"]], "calibration": [["calibration"]],
            "calibrate": [["calibrate", "m9", "forward", "lisova"]], "press": [["press", "--hold", "700"]],
            "ack": [["ack"]], "arrived": [["arrived"]], "cancel": [["cancel"]],
            // A suspended stretch shows in the list, the status and a plan through it; then it is lifted.
            "suspend": [["suspend", "darnytsia", "livoberezhna"], ["suspensions"], ["status"], ["plan", "lisova", "hidropark"]],
            "resume": [["resume", "darnytsia", "livoberezhna"], ["resume"]], "suspensions": [["suspensions"]],
            // The first add is taken, the repeats are refused as duplicates; the first remove takes it, the rest
            // find no such reminder.
            "remind": [["remind", "add", "07:40", "mon-fri", "lisova", "teremky"], ["remind", "list"],
                       ["remind", "remove", "1"], ["remind", "list"], ["remind", "frobnicate"]],
        ]
        // The year of the ride above (the journal's t0 is the wall clock), as text, JSON and a card.
        let year = String(Calendar(identifier: .gregorian).component(.year, from: Date()))
        let card = daemon.directory.appendingPathComponent("year.svg").path
        invocations["stats"]! += [["stats", "--year", year], ["stats", "--year", year, "--svg", card], ["stats", "--svg", card],
                                  ["stats", "--year", "1999"]]
        var problems: [String] = []
        for command in MetrotimerCLI.commands {
            var runs = [[command.name, "--help"]] + (invocations[command.name] ?? [])
            if invocations[command.name] == nil { problems.append("\(command.name): no invocation listed in this test") }
            if command.name == "start" { runs.append(["cancel"]) }
            for arguments in runs {
                for language in ["en", "uk"] {
                    let before = try daemon.cli(["--lang", language] + arguments)
                    let after = try daemon.cli(arguments + ["--lang", language])
                    let output = before.stdout + before.stderr
                    // Commands that change what the next run finds (a second pin or suspend finds it done and says
                    // so) answer differently by design; the rest must not depend on where --lang stands.
                    if after.stdout + after.stderr != output, !["start", "plus", "minus", "departed", "status", "route",
                                                                 "press", "ack", "arrived", "cancel", "pin", "unpin",
                                                                 "suspend", "resume", "remind"].contains(command.name) {
                        problems.append("\(arguments) --lang \(language): before and after differ:\n\(output)\n---\n\(after.stdout + after.stderr)")
                    }
                    for text in [output, after.stdout + after.stderr] {
                        if language == "en", Self.hasCyrillic(text) {
                            problems.append("\(arguments) --lang en has Cyrillic:\n\(text)")
                        }
                        if language == "uk", !Self.englishWords(text).isEmpty {
                            problems.append("\(arguments) --lang uk has English \(Self.englishWords(text)):\n\(text)")
                        }
                        if text.isEmpty { problems.append("\(arguments) --lang \(language): no output") }
                    }
                }
            }
        }
        // The program's own help and errors too.
        for arguments in [["--help"], ["--version"], ["frobnicate"], ["plan", "lisova", "nowhere"], ["journal", "--limit", "x"]] {
            let en = try daemon.cli(["--lang", "en"] + arguments), uk = try daemon.cli(arguments + ["--lang", "uk"])
            if Self.hasCyrillic(en.stdout + en.stderr) { problems.append("\(arguments) en has Cyrillic:\n\(en.stdout)\(en.stderr)") }
            if !Self.englishWords(uk.stdout + uk.stderr).isEmpty {
                problems.append("\(arguments) uk has English \(Self.englishWords(uk.stdout + uk.stderr)):\n\(uk.stdout)\(uk.stderr)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    /// metrotimer-hwcheck speaks both languages too (help, a bad option, a chip that is not there), by --lang or
    /// the locale; the lines scripts read stay English unless Ukrainian is asked for.
    @Test func hwcheckAnswersInBothLanguages() throws {
        let hwcheck = DaemonProcess.productsDirectory.appendingPathComponent("metrotimer-hwcheck").path
        var problems: [String] = []
        for arguments in [["--help"], ["--frobnicate"], ["--chip", "gpiochip-none", "--button", "1", "--motor", "2"], ["--chip", "x"],
                          ["--chip", "x", "--button", "1", "--motor", "2", "--events", "many"],
                          ["--input", "--key-device", "/dev/null", "--key", "KEY_VOLUMEUP", "--vibrator", "/dev/null"],
                          ["--input", "--key-device", "x"], ["--input", "--key-device", "x", "--key", "KEY_NONE", "--vibrator", "y"]] {
            var environment = ProcessInfo.processInfo.environment
            for key in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment[key] = nil }
            let en = try DaemonProcess.run(hwcheck, arguments + ["--lang", "en"], environment: environment)
            let uk = try DaemonProcess.run(hwcheck, ["--lang", "uk"] + arguments, environment: environment)
            environment["LANG"] = "uk_UA.UTF-8"
            let locale = try DaemonProcess.run(hwcheck, arguments, environment: environment)
            if Self.hasCyrillic(en.stdout + en.stderr) { problems.append("\(arguments) en has Cyrillic: \(en.stdout)\(en.stderr)") }
            for (name, r) in [("--lang uk", uk), ("LANG=uk", locale)] {
                let words = Self.englishWords(r.stdout + r.stderr)
                if !words.isEmpty { problems.append("\(arguments) \(name) has English \(words): \(r.stdout)\(r.stderr)") }
                if !Self.hasCyrillic(r.stdout + r.stderr) { problems.append("\(arguments) \(name) is not Ukrainian: \(r.stdout)\(r.stderr)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    /// Plurals follow the number: 1 зупинка, 2–4 зупинки, 5+ and the teens зупинок; 1 stop, 2 stops.
    @Test func pluralsFollowTheNumber() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        for (to, stops) in [("chernihivska", 1), ("darnytsia", 2), ("hidropark", 4), ("arsenalna", 6)] {
            #expect(try daemon.cli(["route", "lisova", to]).status == 0)
            #expect(try daemon.cli(["start"]).status == 0)
            let uk = try daemon.cli(["status", "--lang", "uk"]).stdout
            let en = try daemon.cli(["status", "--lang", "en"]).stdout
            let ukWord = Plural.ukrainian(stops, one: "зупинка", few: "зупинки", many: "зупинок")
            #expect(uk.contains("ще \(stops) \(ukWord)"), "\(uk)")
            #expect(en.contains("\(stops) \(stops == 1 ? "stop" : "stops") to go"), "\(en)")
            #expect(try daemon.cli(["cancel"]).status == 0)
        }
        #expect(["зупинка", "зупинки", "зупинки", "зупинки", "зупинок", "зупинок", "зупинок", "зупинка", "зупинки"]
                == [1, 2, 3, 4, 5, 11, 14, 21, 22].map { Plural.ukrainian($0, one: "зупинка", few: "зупинки", many: "зупинок") })
        let journal = try daemon.cli(["journal", "--lang", "uk"]).stdout
        #expect(journal.contains("0 ручних"), "\(journal)")
    }
}
