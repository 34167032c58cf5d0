import Foundation
import Glibc
import GPSTestSupport
import MetroCLI
import MetroModel
import Testing
@testable import MetroDaemon

/// Every command of `metrotimer`, run for real against a real daemon in both languages, with `--lang` before and
/// after the command: English output has no Cyrillic, Ukrainian output no English word (ids, options, paths,
/// units and names of the system's own parts aside).
@Suite(.serialized) struct LanguageCoverageTests {
    /// Words the Ukrainian output may contain: the programs' and the system's own names, option values, ids.
    static let allowed: Set<String> = [
        "metrotimer", "metrotimerd", "GPS", "JSON", "GTFS", "ISO", "LANG", "uk", "en", "forward", "backward", "simulated",
        "hardware", "EEST", "EET", "ODbL", "OpenStreetMap", "contributors", "https", "www", "openstreetmap", "org",
        "copyright", "runtime", "directory", "sock", "control", "help", "version", "json", "ids", "id", "t0",
        "kyiv", "metro", "Z", "T", "gpsd", "LC", "ALL", "MESSAGES",
        // remind's sub-commands, typed as they are (like forward/backward).
        "add", "list", "remove",
        // record-motion's sub-commands and its ID placeholder, typed as they are.
        "stop", "export", "delete", "ID",
        // The GPIO tools and device names a wiring check points at.
        "GPIO", "gpiodetect", "gpioinfo", "gpiochipN", "libgpiod",
        // The system's own names in the daemon's texts: the GPS library, a user id, a signal.
        "libgps", "uid", "HUP",
        // The kernel's request and signal names in the input and GPIO texts.
        "EVIOCGVERSION", "EVIOCGRAB", "SIGTERM", "SIGINT", "signalfd", "errno",
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
            "calibrate": [["calibrate", "m9", "forward", "lisova"]],
            // The simulated board has one button: the second is refused by the daemon, in the asker's language.
            "press": [["press", "--hold", "700"], ["press", "--button", "2"]],
            "ack": [["ack"]], "arrived": [["arrived"]], "cancel": [["cancel"]],
            // A suspended stretch shows in the list, the status and a plan through it; then it is lifted.
            "suspend": [["suspend", "darnytsia", "livoberezhna"], ["suspensions"], ["status"], ["plan", "lisova", "hidropark"]],
            "resume": [["resume", "darnytsia", "livoberezhna"], ["resume"]], "suspensions": [["suspensions"]],
            // The first add is taken, the repeats are refused as duplicates; the first remove takes it, the rest
            // find no such reminder.
            "remind": [["remind", "add", "07:40", "mon-fri", "lisova", "teremky"], ["remind", "list"],
                       ["remind", "remove", "1"], ["remind", "list"], ["remind", "frobnicate"]],
            // This daemon has no accelerometer: starting is refused by name; the rest find nothing.
            "record-motion": [["record-motion", "start", "M1 ride"], ["record-motion", "list"], ["record-motion", "stop"],
                              ["record-motion", "export", "3"], ["record-motion", "delete", "x"], ["record-motion", "frobnicate"]],
        ]
        // A feed that imports (its agency's name comes back quoted, as data does), one broken at a field and one
        // that does not exist.
        let feed = daemon.directory.appendingPathComponent("feed")
        try FileManager.default.createDirectory(at: feed, withIntermediateDirectories: true)
        for (name, text) in [
            ("agency.txt", "agency_name,agency_url,agency_timezone\nTest Metro,http://example.org,Europe/Kyiv\n"),
            ("stops.txt", "stop_id,stop_name,stop_lat,stop_lon\nA1,Альфа,50.40,30.50\nB1,Бета,50.41,30.50\n"),
            ("routes.txt", "route_id,route_short_name,route_type\nL,Л1,1\n"),
            ("trips.txt", "route_id,service_id,trip_id\nL,ALL,T1\n"),
            ("stop_times.txt", "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,06:00:00,06:00:00,A1,1\nT1,06:02:00,06:02:00,B1,2\n"),
            ("calendar.txt", "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20260101,20261231\n"),
        ] {
            try Data(text.utf8).write(to: feed.appendingPathComponent(name))
        }
        let brokenFeed = daemon.directory.appendingPathComponent("broken-feed")
        try FileManager.default.copyItem(at: feed, to: brokenFeed)
        try Data("trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,06:00:00,06:00:00,A1,1\nT1,6:0:00,06:02:00,B1,2\n".utf8)
            .write(to: brokenFeed.appendingPathComponent("stop_times.txt"))
        let out = daemon.directory.appendingPathComponent("feed.json").path
        invocations["import-gtfs"] = [["import-gtfs", feed.path, "--out", out], ["import-gtfs", brokenFeed.path, "--out", out],
                                      ["import-gtfs", daemon.directory.appendingPathComponent("none.zip").path, "--out", out]]
        // The networks beside Kyiv's, and beside the network just imported.
        invocations["networks"] = [["networks"], ["networks", "--data", out]]
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
        // A data file given with --data that cannot be used, in both languages: not even quoted English in the
        // Ukrainian, bar the C library's error text.
        let broken = daemon.directory.appendingPathComponent("broken.json").path
        try "[1, 2]".write(toFile: broken, atomically: true, encoding: .utf8)
        for arguments in [["plan", "lisova", "teremky", "--data", broken], ["stations", "--data", broken],
                          ["stations", "--data", daemon.directory.path],
                          ["plan", "lisova", "teremky", "--data", daemon.directory.appendingPathComponent("none.json").path]] {
            let en = try daemon.cli(["--lang", "en"] + arguments), uk = try daemon.cli(arguments + ["--lang", "uk"])
            if en.status == 0 || uk.status != en.status { problems.append("\(arguments): exits \(en.status) and \(uk.status)") }
            if Self.hasCyrillic(en.stdout + en.stderr) { problems.append("\(arguments) en has Cyrillic:\n\(en.stderr)") }
            if !Self.hasCyrillic(uk.stderr) { problems.append("\(arguments) uk is not Ukrainian:\n\(uk.stderr)") }
            let words = Self.englishWordsInsideGuillemets(uk.stdout + uk.stderr)
            if !words.isEmpty { problems.append("\(arguments) uk has English \(words):\n\(uk.stderr)") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    /// What the daemon itself words (not the engine): the status's faults, the refusals of the control protocol —
    /// by a real daemon, in the language the request names, and every refusal the daemon can send, in both.
    @Test func daemonMadeTextsAnswerInBothLanguages() throws {
        // A gpsd address on this machine where nothing listens: once a trip has a surface station ahead, the
        // link fails and the status carries the fault.
        let port = try Loopback.freePort(type: Int32(SOCK_STREAM.rawValue))
        let daemon = try DaemonProcess(extra: ["gpsd = 127.0.0.1:\(port)"])
        defer { daemon.stop(); daemon.remove() }
        try daemon.start()
        #expect(try daemon.cli(["route", "lisova", "hidropark"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        #expect(try eventually { !((try daemon.status()["faults"] as? [String]) ?? []).isEmpty }, "no GPS fault in the status")
        var problems: [String] = []
        func check(_ label: String, en: String, uk: String) {
            if Self.hasCyrillic(en) { problems.append("\(label) en has Cyrillic:\n\(en)") }
            if !Self.englishWords(uk).isEmpty { problems.append("\(label) uk has English \(Self.englishWords(uk)):\n\(uk)") }
            if !Self.hasCyrillic(uk) { problems.append("\(label) uk is not Ukrainian:\n\(uk)") }
        }
        let en = try daemon.cli(["status", "--lang", "en"]).stdout, uk = try daemon.cli(["--lang", "uk", "status"]).stdout
        #expect(en.contains("⚠ gps: "), "\(en)")
        #expect(uk.contains("⚠ GPS: "), "\(uk)")
        check("status with a GPS fault", en: en, uk: uk)
        // The JSON keeps the English text scripts match, and carries both.
        let details = try #require(try daemon.status()["fault_details"] as? [[String: Any]])
        #expect(details.first?["part"] as? String == "gps" && details.first?["uk"] is String, "\(details)")
        // Refusals of the protocol itself, in the language the request names.
        let connection = try RawControlConnection(path: daemon.socketPath)
        for line in [#"{"cmd": "frobnicate", "lang": "LANG"}"#, #"{"cmd": "press", "button": 2, "lang": "LANG"}"#,
                     #"{"cmd": "status", "colour": 1, "lang": "LANG"}"#] {
            let replies = try ["en", "uk"].map { try connection.request(line.replacingOccurrences(of: "LANG", with: $0)) }
            check(line, en: replies[0]["error"] as? String ?? "", uk: replies[1]["error"] as? String ?? "")
            #expect(replies[0]["code"] as? String == replies[1]["code"] as? String)
        }
        // A calibration sample the plausibility check rejects is listed in the status, in the reader's language: at
        // ×1000 a stop pressed 1.5 s after the departure is a 1500 s running time (the limit is 900 s).
        let fast = try DaemonProcess(timeScale: 1000)
        defer { fast.stop(); fast.remove() }
        try fast.start()
        // The session's first line names the boarding station as the prompts do: by name, not by id.
        let session = try fast.cli(["calibrate", "m1", "backward", "lisova"])
        #expect(session.status == 0 && session.stdout.contains("press as the train leaves Lisova,"), "\(session.stdout)")
        #expect(try fast.cli(["press"]).status == 0)
        usleep(1_500_000)
        #expect(try fast.cli(["press"]).status == 0)
        let calibratingEN = try fast.cli(["status", "--lang", "en"]).stdout, calibratingUK = try fast.cli(["status", "--lang", "uk"]).stdout
        #expect(calibratingEN.contains("is outside the plausible"), "\(calibratingEN)")
        check("status with a rejected calibration sample", en: calibratingEN, uk: calibratingUK)
        // Every refusal the daemon words, whether or not this board can provoke it (a real board, a full disk).
        let refusals: [DaemonRefusal] = [.notSimulated, .noSecondButton, .journalUnreadable("disk I/O error"),
                                         .tooManyFromUser(uid: 1000), .closedOldestIdle(uid: 1000),
                                         .outOfDescriptors, .permissionDenied(uid: 1000), .requestTimeout(seconds: 5),
                                         .tooLong(bytes: 65_536), .notEndedByNewline, .notUTF8]
        for refusal in refusals { check("\(refusal)", en: refusal.text(.en), uk: refusal.text(.uk)) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    /// metrotimerd's own help, usage errors and --check-config, by --lang (before or after) or the locale.
    @Test func metrotimerdAnswersInBothLanguages() throws {
        let metrotimerd = DaemonProcess.productsDirectory.appendingPathComponent("metrotimerd").path
        let directory = try makeScratchDirectory("lang-daemon")
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.conf").path, bad = directory.appendingPathComponent("bad.conf").path
        try "hardware = simulated\ndata_file = \(DaemonProcess.dataFile)\n".write(toFile: good, atomically: true, encoding: .utf8)
        try "hardware = simulated\ndata_file = \(DaemonProcess.dataFile)\nroute = lisova nowhere\nnot a setting\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment[key] = nil }
        var problems: [String] = []
        for arguments in [["--help"], ["--version"], ["--frobnicate"], ["--config"], ["--check-config", "--config", good],
                          ["--check-config", "--config", bad]] {
            let en = try DaemonProcess.run(metrotimerd, arguments + ["--lang", "en"], environment: environment)
            let uk = try DaemonProcess.run(metrotimerd, ["--lang", "uk"] + arguments, environment: environment)
            let after = try DaemonProcess.run(metrotimerd, arguments + ["--lang=uk"], environment: environment)
            var localeEnvironment = environment
            localeEnvironment["LANG"] = "uk_UA.UTF-8"
            let locale = try DaemonProcess.run(metrotimerd, arguments, environment: localeEnvironment)
            if Self.hasCyrillic(en.stdout + en.stderr) { problems.append("\(arguments) en has Cyrillic: \(en.stdout)\(en.stderr)") }
            if (en.stdout + en.stderr).isEmpty { problems.append("\(arguments) en: no output") }
            for (name, r) in [("--lang uk", uk), ("… --lang=uk", after), ("LANG=uk", locale)] {
                let text = r.stdout + r.stderr
                let words = Self.englishWordsInsideGuillemets(text)
                if !words.isEmpty { problems.append("\(arguments) \(name) has English \(words): \(text)") }
                if !Self.hasCyrillic(text) { problems.append("\(arguments) \(name) is not Ukrainian: \(text)") }
                if r.status != en.status { problems.append("\(arguments) \(name) exits \(r.status), English \(en.status)") }
            }
        }
        let unknown = try DaemonProcess.run(metrotimerd, ["--lang", "fr"], environment: environment)
        #expect(unknown.status == 64 && unknown.stderr.contains("'fr'"), "\(unknown)")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    /// The English words the C library's `strerror` gives, which may stay as they are inside « » in Ukrainian text.
    static let systemErrorTexts: Set<String> = Set((0..<134).map { String(cString: strerror(Int32($0))) })

    /// `englishWords`, but also looking inside « »: only the C library's own error text may hide there. Keys and
    /// values of the configuration file are ids the rider types.
    static func englishWordsInsideGuillemets(_ text: String) -> [String] {
        var opened = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "«") {
            opened += rest[..<open]
            let inside = rest[rest.index(after: open)...]
            guard let close = inside.firstIndex(of: "»") else { opened += inside; rest = ""; break }
            let quoted = String(inside[..<close])
            opened += systemErrorTexts.contains(quoted) ? " " : " \(quoted) "
            rest = inside[inside.index(after: close)...]
        }
        opened += rest
        let configWords = Set(DaemonConfig.keys + ["gpio", "input", "low", "high", "disabled", "normal", "strong",
                                                   "info", "debug", "short", "yes", "no", "loopback", "localhost",
                                                   // The unknown key the file itself has, named back.
                                                   "frobnicate"])
        return englishWords(opened).filter { !configWords.contains($0) }
    }

    /// `--check-config` of a configuration with every kind of bad line (a line that is no assignment, a bad key,
    /// an unknown key, bad values, bad numbers, a route of three stations, one line for two uses, a remote gpsd,
    /// a drop-in that is not UTF-8) and a GPIO chip and input devices that are not there: the English is what the
    /// log greps match, the Ukrainian has no English word — not even quoted, bar the C library's error text.
    @Test func configurationProblemsAnswerInBothLanguages() throws {
        let metrotimerd = DaemonProcess.productsDirectory.appendingPathComponent("metrotimerd").path
        let directory = try makeScratchDirectory("lang-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment[key] = nil }
        let badLines = "data_file = \(DaemonProcess.dataFile)\nnot a setting\nBad-Key = 1\nfrobnicate = 1\n"
            + "button_active = sideways\ntime_scale = fast\nbutton_debounce_ms = 9999\nroute = lisova teremky vydubychi\n"
            + "gpsd = [::1\nbutton_key = KEY_NOPE\nstate_directory = relative\n"
        let gpio = directory.appendingPathComponent("gpio.conf").path
        try ("hardware = gpio\ngpio_chip = gpiochip-none\nbutton_line = same\nmotor_line = same\ngpsd = 10.1.2.3:2947\n" + badLines)
            .write(toFile: gpio, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: gpio + ".d", withIntermediateDirectories: true)
        // "café" in Latin-1: the é is one byte 0xE9, not UTF-8.
        try Data(Array("language = uk\nroute = caf".utf8) + [0xE9, 0x0A]).write(to: URL(fileURLWithPath: gpio + ".d/50-latin1.conf"))
        let input = directory.appendingPathComponent("input.conf").path
        try ("hardware = input\nbutton_device = no-such-keys\nvibrator_device = /dev/input/no-such-event\n" + badLines)
            .write(toFile: input, atomically: true, encoding: .utf8)
        let simulatedSides = directory.appendingPathComponent("sides.conf").path
        try "hardware = simulated\nmotor_hardware = input\nbutton_grab = maybe\n".write(toFile: simulatedSides, atomically: true, encoding: .utf8)
        // Network data that cannot be used: text that is not the file's shape, a file that breaks a rule of the
        // model, and a path that cannot be read at all.
        let shapeless = directory.appendingPathComponent("shapeless.json").path
        try "{\"schema\": 1}".write(toFile: shapeless, atomically: true, encoding: .utf8)
        let ruleBreaking = directory.appendingPathComponent("rule-breaking.json").path
        let realData = try String(contentsOfFile: DaemonProcess.dataFile, encoding: .utf8)
        try realData.replacingOccurrences(of: "\"running_s\": ", with: "\"running_s\": -", options: [], range: nil)
            .write(toFile: ruleBreaking, atomically: true, encoding: .utf8)
        var dataFiles: [String] = []
        for (name, data) in [("shapeless", shapeless), ("rule-breaking", ruleBreaking), ("unreadable", directory.path)] {
            let file = directory.appendingPathComponent("\(name).conf").path
            try "data_file = \(data)\n".write(toFile: file, atomically: true, encoding: .utf8)
            dataFiles.append(file)
        }
        var problems: [String] = []
        for file in [gpio, input, simulatedSides] + dataFiles {
            let en = try DaemonProcess.run(metrotimerd, ["--check-config", "--config", file, "--lang", "en"], environment: environment)
            let uk = try DaemonProcess.run(metrotimerd, ["--lang", "uk", "--check-config", "--config", file], environment: environment)
            if en.status != 78 || uk.status != 78 { problems.append("\(file): exits \(en.status) and \(uk.status), not 78") }
            if Self.hasCyrillic(en.stdout + en.stderr) { problems.append("\(file) en has Cyrillic:\n\(en.stderr)") }
            let words = Self.englishWordsInsideGuillemets(uk.stdout + uk.stderr)
            if !words.isEmpty { problems.append("\(file) uk has English \(words):\n\(uk.stderr)") }
            if !Self.hasCyrillic(uk.stderr) { problems.append("\(file) uk is not Ukrainian:\n\(uk.stderr)") }
            let lines = { (text: String) in text.split(separator: "\n").count }
            if lines(en.stderr) != lines(uk.stderr) { problems.append("\(file): \(lines(en.stderr)) English lines, \(lines(uk.stderr)) Ukrainian") }
        }
        // The English stays as the log and its greps know it.
        let en = try DaemonProcess.run(metrotimerd, ["--check-config", "--config", gpio, "--lang", "en"], environment: environment)
        for expected in ["\(gpio):7: expected 'key = value', got 'not a setting'", "\(gpio):9: frobnicate: unknown key (known keys: ",
                         "\(gpio):11: time_scale: 'fast' must be a number from 1 to 10000", "\(gpio).d/50-latin1.conf:2: not valid UTF-8",
                         "button_line and motor_line are both 'same'", "gpio_chip = 'gpiochip-none': no GPIO chip 'gpiochip-none' ("] {
            if !en.stderr.contains(expected) { problems.append("English lacks \(expected):\n\(en.stderr)") }
        }
        let enInput = try DaemonProcess.run(metrotimerd, ["--check-config", "--config", input, "--lang", "en"], environment: environment)
        for expected in ["button_device = 'no-such-keys': no input device named 'no-such-keys' (found: ",
                         "vibrator_device = '/dev/input/no-such-event': no input device /dev/input/no-such-event (no such file)"] {
            if !enInput.stderr.contains(expected) { problems.append("English lacks \(expected):\n\(enInput.stderr)") }
        }
        let enData = try DaemonProcess.run(metrotimerd, ["--check-config", "--config", dataFiles[1], "--lang", "en"],
                                           environment: environment)
        if !enData.stderr.contains("\(ruleBreaking): network data: defaults.running_s -") {
            problems.append("English lacks the data file's refusal:\n\(enData.stderr)")
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
                // Also inside « »: the library's messages are ours and worded in Ukrainian, bar the errno text.
                let words = Self.englishWordsInsideGuillemets(r.stdout + r.stderr)
                if !words.isEmpty { problems.append("\(arguments) \(name) has English \(words): \(r.stdout)\(r.stderr)") }
                if !Self.hasCyrillic(r.stdout + r.stderr) { problems.append("\(arguments) \(name) is not Ukrainian: \(r.stdout)\(r.stderr)") }
            }
        }
        // As for metrotimer and metrotimerd: the last --lang wins, and another value is refused in the locale's
        // language, naming what was given.
        var environment = ProcessInfo.processInfo.environment
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment[key] = nil }
        let last = try DaemonProcess.run(hwcheck, ["--lang", "uk", "--chip", "x", "--lang", "en"], environment: environment)
        if Self.hasCyrillic(last.stderr) { problems.append("--lang uk … --lang en is not English: \(last.stderr)") }
        // A pulse too long to be a wiring check's (and whose end the clock could not hold) is refused, naming it.
        let endless = try DaemonProcess.run(hwcheck, ["--chip", "x", "--button", "1", "--motor", "2", "--pulse-ms",
                                                      "9223372036854775807", "--lang", "en"], environment: environment)
        if endless.status != 2 || !endless.stderr.contains("--pulse-ms is at most 10000 ms, not 9223372036854775807") {
            problems.append("a huge --pulse-ms exits \(endless.status): \(endless.stderr)")
        }
        for bad in [["--lang", "fr"], ["--lang=fr"]] {
            let english = try DaemonProcess.run(hwcheck, bad + ["--help"], environment: environment)
            if english.status != 2 || !english.stderr.contains("--lang must be uk or en, not 'fr'") {
                problems.append("\(bad) exits \(english.status): \(english.stdout)\(english.stderr)")
            }
            environment["LANG"] = "uk_UA.UTF-8"
            let ukrainianLocale = try DaemonProcess.run(hwcheck, bad + ["--help"], environment: environment)
            environment["LANG"] = nil
            if ukrainianLocale.status != 2 || !ukrainianLocale.stderr.contains("--lang має бути uk або en, а не 'fr'") {
                problems.append("\(bad) with LANG=uk exits \(ukrainianLocale.status): \(ukrainianLocale.stderr)")
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
        // The status's count of corrections too: 1 ручна, 2 ручні, 5 ручних.
        #expect(try daemon.cli(["route", "lisova", "arsenalna"]).status == 0)
        #expect(try daemon.cli(["start"]).status == 0)
        var made = 0
        for (count, word) in [(1, "ручна"), (2, "ручні"), (5, "ручних")] {
            for _ in made..<count { #expect(try daemon.cli(["plus"]).status == 0) }
            made = count
            let uk = try daemon.cli(["status", "--lang", "uk"]).stdout
            #expect(uk.contains("Поправки: \(count) \(word) ("), "\(uk)")
        }
        #expect(try daemon.cli(["cancel"]).status == 0)
        #expect(["зупинка", "зупинки", "зупинки", "зупинки", "зупинок", "зупинок", "зупинок", "зупинка", "зупинки"]
                == [1, 2, 3, 4, 5, 11, 14, 21, 22].map { Plural.ukrainian($0, one: "зупинка", few: "зупинки", many: "зупинок") })
        let journal = try daemon.cli(["journal", "--lang", "uk"]).stdout
        #expect(journal.contains("0 ручних"), "\(journal)")
    }
}
