import Foundation
import MetroModel
import Testing
@testable import MetroCLI

let repositoryRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let dataPath = repositoryRoot.appendingPathComponent("Data/kyiv-metro.json").path
let network = try! Network.load(json: Array(try! Data(contentsOf: URL(fileURLWithPath: dataPath))))

/// Runs the command line in-process with captured output.
func run(_ arguments: [String], environment: [String: String] = [:], now: Int64 = 1_786_994_400_000_000_000)
    -> (code: Int32, out: String, err: String)
{
    let output = CapturedOutput()
    var env = environment
    if env["METROTIMER_DATA"] == nil { env["METROTIMER_DATA"] = dataPath }
    let code = MetrotimerCLI.run(arguments, environment: env, executablePath: nil, now: { now }, output: output)
    return (code, output.standardOutput, output.standardError)
}

func hasCyrillic(_ text: String) -> Bool { text.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }

/// Validates the JSON contract of `plan --json`; returns the decoded object.
@discardableResult
func checkContract(_ text: String, from: String, to: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [String: Any]
{
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                              sourceLocation: sourceLocation)
    #expect(Set(object.keys) == ["from", "to", "start", "arrival", "events", "alerts", "service", "timings"], sourceLocation: sourceLocation)
    #expect(object["from"] as? String == from && object["to"] as? String == to, sourceLocation: sourceLocation)
    let pattern = #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[23]:00$/#
    func instant(_ value: Any?) throws -> Int64 {
        let text = try #require(value as? String, sourceLocation: sourceLocation)
        #expect(text.wholeMatch(of: pattern) != nil, "T format: \(text)", sourceLocation: sourceLocation)
        return try TimeText.parse(text, todayFrom: 0)
    }
    let start = try instant(object["start"])
    let events = try #require(object["events"] as? [[String: Any]], sourceLocation: sourceLocation)
    var cursor = start
    for (i, event) in events.enumerated() {
        #expect(Set(event.keys) == ["station", "line", "arrival", "departure", "stop", "transfer"], sourceLocation: sourceLocation)
        #expect(network.station(StationID(event["station"] as? String ?? "")) != nil, sourceLocation: sourceLocation)
        #expect(["m1", "m2", "m3"].contains(event["line"] as? String ?? ""), sourceLocation: sourceLocation)
        #expect(event["stop"] is Bool && event["transfer"] is Bool, sourceLocation: sourceLocation)
        let a = try instant(event["arrival"]), d = try instant(event["departure"])
        #expect(a >= cursor && d >= a, "monotonic at event \(i)", sourceLocation: sourceLocation)
        if i > 0 { #expect(a > cursor, "strictly later arrival at event \(i)", sourceLocation: sourceLocation) }
        cursor = d
    }
    #expect(events.first?["station"] as? String == from && events.last?["station"] as? String == to, sourceLocation: sourceLocation)
    #expect(try instant(object["arrival"]) == cursor, sourceLocation: sourceLocation)
    let alerts = try #require(object["alerts"] as? [[String: Any]], sourceLocation: sourceLocation)
    let kinds = alerts.compactMap { $0["kind"] as? String }
    #expect(kinds == ["transfer", "train_departed_reminder", "next_stop", "arrival"] || kinds == ["transfer", "next_stop", "arrival"]
        || kinds == ["next_stop", "arrival"], sourceLocation: sourceLocation)
    var previous = start
    for alert in alerts {
        #expect(Set(alert.keys) == ["kind", "at", "station"], sourceLocation: sourceLocation)
        let at = try instant(alert["at"])
        #expect(at >= previous, "alerts in firing order", sourceLocation: sourceLocation)
        previous = at
        if !["transfer", "train_departed_reminder"].contains(alert["kind"] as? String) { #expect(alert["station"] as? String == to, sourceLocation: sourceLocation) }
    }
    if let service = object["service"] as? [String: Any] {
        #expect(["before_first", "after_last", "last_soon"].contains(service["kind"] as? String ?? ""), sourceLocation: sourceLocation)
        #expect(network.station(StationID(service["station"] as? String ?? "")) != nil, sourceLocation: sourceLocation)
        _ = try instant(service["time"])
    } else {
        #expect(object["service"] is NSNull, sourceLocation: sourceLocation)
    }
    return object
}

@Suite("metrotimer plan and stations")
struct CLITests {
    /// The change's reminder is named in the plan's alerts (model §13 ex. 2: 275 s after 08:00).
    @Test func planNamesTheTrainDepartedReminder() {
        let en = run(["plan", "universytet", "poshtova-ploshcha", "--at", "2026-08-17T08:00:00", "--lang", "en"])
        #expect(en.code == 0, "\(en.err)")
        #expect(en.out.contains("08:04:35  reminder: press as your train pulls out of Maidan Nezalezhnosti"), "\(en.out)")
        let uk = run(["plan", "universytet", "poshtova-ploshcha", "--at", "2026-08-17T08:00:00", "--lang", "uk"])
        #expect(uk.out.contains("08:04:35  нагадування: натисніть, щойно рушить потяг зі станції "), "\(uk.out)")
    }

    @Test func acceptanceExample() throws {
        let r = run(["plan", "akademmistechko", "pozniaky", "--at", "2026-08-17T22:20:00", "--lang", "en"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("Too late: the last train from Zoloti Vorota left at 22:41:15"))
        #expect(r.out.contains("change: walk to Zoloti Vorota"))
        #expect(r.out.contains("next stop: change lines at Teatralna"))
        #expect(r.out.contains("yours is next") && r.out.contains("get off now"))
        #expect(!hasCyrillic(r.out))
        let json = run(["plan", "akademmistechko", "pozniaky", "--at", "2026-08-17T22:20:00", "--json"])
        let object = try checkContract(json.out, from: "akademmistechko", to: "pozniaky")
        let service = try #require(object["service"] as? [String: Any])
        #expect(service["kind"] as? String == "after_last" && service["station"] as? String == "zoloti-vorota")
        #expect(service["time"] as? String == "2026-08-17T22:41:15+03:00")
        #expect(object["start"] as? String == "2026-08-17T22:20:00+03:00")
    }

    @Test func ukrainianTable() {
        let r = run(["plan", "Академмістечко", "Позняки", "--at", "2026-08-17T22:20:00", "--lang", "uk"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("Золоті ворота") && r.out.contains("пересадка"))
        #expect(r.out.contains("22:41:15"))
    }

    /// `--lang` is a global option too (metrotimer(1)): before the command it sets the language of any command;
    /// a command's own `--lang` wins.
    @Test func languageBeforeTheCommand() {
        let english = run(["--lang", "en", "plan", "Академмістечко", "Позняки", "--at", "2026-08-17T22:20:00"],
                          environment: ["LANG": "uk_UA.UTF-8"])
        #expect(english.code == 0, "\(english.err)")
        #expect(english.out.contains("change: walk to Zoloti Vorota") && !hasCyrillic(english.out), "\(english.out)")
        let ukrainian = run(["--lang=uk", "stations", "lukianivska"])
        #expect(ukrainian.code == 0 && ukrainian.out.contains("Лук") && !ukrainian.out.contains("Lukianivska"), "\(ukrainian)")
        let own = run(["--lang", "uk", "plan", "lisova", "darnytsia", "--at", "2026-08-17T12:00:00", "--lang", "en"])
        #expect(own.code == 0 && !hasCyrillic(own.out), "\(own)")
        let bad = run(["--lang", "fr", "stations"])
        #expect(bad.code == 64 && bad.err.contains("--lang"), "\(bad)")
        #expect(run(["--lang"]).code == 64)
    }

    @Test func workedExample2AsJSON() throws {
        let r = run(["plan", "universytet", "Поштова площа", "--at", "2026-08-17T08:00:00+03:00", "--json"])
        let object = try checkContract(r.out, from: "universytet", to: "poshtova-ploshcha")
        let events = object["events"] as! [[String: Any]]
        #expect(events.map { $0["arrival"] as! String } == [
            "2026-08-17T08:00:00+03:00", "2026-08-17T08:01:27+03:00", "2026-08-17T08:03:22+03:00",
            "2026-08-17T08:06:38+03:00", "2026-08-17T08:08:28+03:00",
        ])
        #expect(events[3]["transfer"] as? Bool == true && events[3]["stop"] as? Bool == false && events[3]["line"] as? String == "m2")
        let alerts = object["alerts"] as! [[String: Any]]
        #expect(alerts[0]["station"] as? String == "khreshchatyk" && alerts[0]["at"] as? String == "2026-08-17T08:01:27+03:00")
        // "Yours is next" 20 s before the earliest plausible arrival (the m2 train may come at once), not at 08:06:38.
        // The "train departed" reminder at 275 s (08:04:35), then "yours is next".
        #expect(alerts[1]["kind"] as? String == "train_departed_reminder" && alerts[1]["at"] as? String == "2026-08-17T08:04:35+03:00")
        #expect(alerts[1]["station"] as? String == "maidan-nezalezhnosti")
        #expect(alerts[2]["kind"] as? String == "next_stop" && alerts[2]["at"] as? String == "2026-08-17T08:05:41+03:00")
        #expect(object["service"] is NSNull)
        // Same instant written with Z.
        let z = run(["plan", "universytet", "poshtova-ploshcha", "--at", "2026-08-17T05:00:00Z", "--json"])
        #expect(z.out == r.out)
    }

    @Test func timeParsing() throws {
        #expect(try TimeText.parse("2026-08-17T22:20:00", todayFrom: 0) == 1_786_994_400)
        #expect(try TimeText.parse("2026-08-17 22:20", todayFrom: 0) == 1_786_994_400)
        #expect(try TimeText.parse("2026-08-17T19:20:00.75Z", todayFrom: 0) == 1_786_994_400)
        #expect(try TimeText.parse("2026-08-17T21:20:00+0200", todayFrom: 0) == 1_786_994_400)
        #expect(try TimeText.parse("22:20", todayFrom: 1_786_994_400 - 3600 * 10) == 1_786_994_400)
        for bad in ["2026-02-30T10:00", "2026-08-17T25:00", "tomorrow", "2026-08-17T10:00+3", "2026-08-17"] {
            #expect(throws: CLIError.self) { try TimeText.parse(bad, todayFrom: 0) }
        }
        #expect(TimeText.iso(unixSeconds: 1_796_509_200) == "2026-12-06T00:20:00+02:00")
    }

    @Test func badArgumentsNameWhatWasWrong() {
        let cases: [([String], String)] = [
            (["plan", "akademmistechko"], "needs FROM and TO"),
            (["plan", "a", "b", "c"], "takes two stations"),
            (["plan", "akademmistechko", "lisova", "--at"], "--at of 'plan' needs a value"),
            (["plan", "akademmistechko", "lisova", "--bogus"], "unknown option '--bogus'"),
            (["plan", "akademmistechko", "lisova", "--lang", "fr"], "--lang must be 'uk' or 'en'"),
            (["plan", "akademmistechko", "lisova", "--at", "noon"], "cannot read time 'noon'"),
            // Years the model's nanosecond clock cannot reach (it overflowed past 2262 and before 1678).
            (["plan", "akademmistechko", "lisova", "--at", "9999-12-31T23:59"], "year 9999 is outside 1900…2200"),
            (["plan", "akademmistechko", "lisova", "--at", "0000-01-01T00:00"], "year 0 is outside 1900…2200"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["stations", "a", "b"], "at most one QUERY"),
        ]
        for (arguments, message) in cases {
            let r = run(arguments)
            #expect(r.code == 64, "\(arguments)")
            #expect(r.err.contains(message), "\(arguments): \(r.err)")
            #expect(r.err.split(separator: "\n").count == 1, "one line: \(r.err)")
        }
        #expect(run([]).code == 64)
    }

    /// `--socket` naming something that is not a socket is a mistake in the path, not a stopped daemon; an empty one
    /// is a missing value, not a request for the default.
    @Test func aSocketPathThatIsNoSocketIsNamedAsSuch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metrotimer-cli-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("control.conf").path
        try "not a socket\n".write(toFile: file, atomically: true, encoding: .utf8)
        for (path, kind) in [(file, "a regular file"), (directory.path, "a directory")] {
            for arguments in [["--socket", path, "status"], ["status", "--socket", path]] {
                let r = run(arguments)
                #expect(r.code == 69, "\(arguments)")
                #expect(r.err.contains("\(path) is not a socket (it is \(kind))"), "\(arguments): \(r.err)")
                #expect(!r.err.contains("not running"), "\(r.err)")
            }
        }
        let missing = run(["--socket", directory.appendingPathComponent("none.sock").path, "status"])
        #expect(missing.code == 69 && missing.err.contains("not running"), "\(missing.err)")
        for arguments in [["--socket", "", "status"], ["--socket=", "status"], ["status", "--socket", ""]] {
            let r = run(arguments)
            #expect(r.code == 64, "\(arguments): \(r.err)")
            #expect(r.err.contains("--socket needs a PATH"), "\(arguments): \(r.err)")
        }
    }

    @Test func unknownAndAmbiguousStations() {
        let unknown = run(["plan", "khreschatik", "lisova", "--lang", "en"])
        #expect(unknown.code == 65)
        #expect(unknown.err.contains("no station 'khreschatik'") && unknown.err.contains("Khreshchatyk (khreshchatyk)"))
        let ambiguous = run(["plan", "ploshcha", "lisova", "--lang", "en"])
        #expect(ambiguous.code == 65 && ambiguous.err.contains("ambiguous"))
        #expect(ambiguous.err.contains("poshtova-ploshcha"))
        let same = run(["plan", "lisova", "Лісова"])
        #expect(same.code == 65 && same.err.contains("same station"))
        let stations = run(["stations", "zzzzqq"])
        #expect(stations.code == 65 && stations.err.contains("did you mean"))
    }

    @Test func stationsListAndSearch() {
        let all = run(["stations", "--ids"])
        #expect(all.code == 0 && all.out.split(separator: "\n").count == 52)
        #expect(all.out.split(separator: "\n").first == "akademmistechko")
        let search = run(["stations", "лук'янівська", "--lang", "en"])
        #expect(search.out.contains("lukianivska") && search.out.contains("Lukianivska") && !hasCyrillic(search.out))
        let both = run(["stations", "palats"])
        #expect(both.out.contains("Палац «Україна»") && both.out.contains("Palats Ukraina"))
        let english = run(["stations", "--lang", "en"])
        #expect(!hasCyrillic(english.out) && english.out.split(separator: "\n").count == 52)
    }

    @Test func helpAndVersion() {
        for command in ["plan", "stations"] {
            let r = run([command, "--help"])
            #expect(r.code == 0 && r.out.hasPrefix("usage: metrotimer \(command)"))
        }
        let top = run(["--help"])
        #expect(top.code == 0 && top.out.contains("plan") && top.out.contains("stations"))
        let version = run(["--version"])
        #expect(version.code == 0 && version.out.contains(MetrotimerCLI.version))
        #expect(version.out.contains("OpenStreetMap") && version.out.contains("ODbL"))
    }

    @Test func dataFileLookup() {
        let missing = run(["plan", "lisova", "teremky"], environment: ["METROTIMER_DATA": "/nonexistent/kyiv.json"])
        #expect(missing.code == 66 && missing.err.contains("/nonexistent/kyiv.json"))
        let explicit = run(["plan", "lisova", "teremky", "--data", dataPath, "--json"],
                           environment: ["METROTIMER_DATA": "/nonexistent/kyiv.json"])
        #expect(explicit.code == 0)
        let candidates = NetworkData.candidates(explicit: nil, environment: [:], executablePath: "/opt/mt/bin/metrotimer")
        #expect(candidates.prefix(3) == ["/opt/mt/bin/../share/metrotimer/kyiv-metro.json", "/opt/mt/bin/Data/kyiv-metro.json",
                                         "/opt/mt/Data/kyiv-metro.json"])
        // From the build tree the walk up finds the repository's Data/.
        let built = repositoryRoot.appendingPathComponent(".build/debug/metrotimer").path
        let found = try? NetworkData.load(explicit: nil, environment: [:], executablePath: built)
        #expect(found?.1.hasSuffix("Data/kyiv-metro.json") == true)
    }

    /// Every ordered pair of the 52 stations at several times of day: valid JSON contract, monotonic times,
    /// alerts in order, and a readable table with no Cyrillic in English.
    @Test(arguments: [(2026, 8, 17, 5, 40), (2026, 8, 17, 8, 0), (2026, 3, 29, 12, 30), (2026, 12, 5, 0, 20), (2026, 10, 25, 22, 50)])
    func everyPair(_ when: (Int, Int, Int, Int, Int)) throws {
        let t0 = KyivTime.unixSeconds(year: when.0, month: when.1, day: when.2, hour: when.3, minute: when.4)
        var count = 0
        for from in network.allStations {
            for to in network.allStations where from.id != to.id {
                let plan = try planRide(network: network, from: from.id, to: to.id, atUnixSeconds: t0)
                try checkContract(planJSON(plan).rendered(), from: from.id.rawValue, to: to.id.rawValue)
                if count % 97 == 0 { #expect(!hasCyrillic(planTable(plan, language: .en))) }
                count += 1
            }
        }
        #expect(count == 2652)
    }
}

/// Times around the clock changes and impossible times of day, as `plan --at` reads them.
@Suite struct PlanClockChangeTests {
    /// A ride across the October change carries EEST/EET on every time, the repeated hour's first reading is
    /// taken and named; a summer day's plan carries no zone at all.
    @Test func aRideAcrossTheChangeMarksEveryTime() {
        let r = run(["plan", "akademmistechko", "lisova", "--at", "2026-10-25T03:40", "--lang", "en"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("03:40 on 2026-10-25 happens twice"), "\(r.out)")
        #expect(r.out.contains("taking the first, EEST (+03:00); for the second write 2026-10-25T03:40+02:00"))
        #expect(r.out.contains("Departure 2026-10-25 at 03:40:00 EEST"), "\(r.out)")
        #expect(r.out.contains(" EET "), "times after the change carry EET: \(r.out)")
        #expect(r.out.contains("Note: the clocks change"))
        let second = run(["plan", "akademmistechko", "lisova", "--at", "2026-10-25T03:40+02:00", "--lang", "en"])
        #expect(second.out.contains("Departure 2026-10-25 at 03:40:00 EET") && !second.out.contains("happens twice"), "\(second.out)")
        let summer = run(["plan", "akademmistechko", "lisova", "--at", "2026-08-17T08:00", "--lang", "en"])
        #expect(!summer.out.contains("EEST") && !summer.out.contains("EET"), "\(summer.out)")
        let uk = run(["plan", "akademmistechko", "lisova", "--at", "2026-10-25T03:40", "--lang", "uk"])
        #expect(uk.out.contains("буває двічі") && uk.out.contains("EEST"), "\(uk.out)")
        // JSON stays machine-readable: the note goes to standard error.
        let json = run(["plan", "akademmistechko", "lisova", "--at", "2026-10-25T03:40", "--json", "--lang", "en"])
        #expect(json.out.hasPrefix("{") && json.err.contains("happens twice"), "\(json.err)")
    }

    /// 03:30 on 29 March never shows on a Kyiv clock: refused with the reason; 25:00 and 12:61 say why.
    @Test func impossibleTimesAreRefusedWithTheReason() {
        let skipped = run(["plan", "lisova", "darnytsia", "--at", "2026-03-29T03:30", "--lang", "en"])
        #expect(skipped.code == 64)
        #expect(skipped.err.contains("03:30 on 2026-03-29 does not exist in Kyiv: at 03:00 the clocks jump to 04:00 (EET → EEST)"),
                "\(skipped.err)")
        let ukSkipped = run(["plan", "lisova", "darnytsia", "--at", "2026-03-29T03:30", "--lang", "uk"])
        #expect(ukSkipped.err.contains("у Києві не існує"), "\(ukSkipped.err)")
        let hour25 = run(["plan", "lisova", "darnytsia", "--at", "25:00", "--lang", "en"])
        #expect(hour25.code == 64 && hour25.err.contains("there is no hour 25: hours of the day run from 00 to 23"), "\(hour25.err)")
        let minute61 = run(["plan", "lisova", "darnytsia", "--at", "12:61", "--lang", "en"])
        #expect(minute61.err.contains("minutes run 00–59, not 61"), "\(minute61.err)")
        // With an explicit offset the instant is unambiguous, whatever the wall clock did.
        #expect(run(["plan", "lisova", "darnytsia", "--at", "2026-03-29T03:30+02:00"]).code == 0)
    }
}

/// `--data FILE` is one option of every command, before or after its name (and as `--data=FILE`).
@Suite struct DataOptionTests {
    @Test func dataIsTakenBeforeOrAfterTheCommandAndTheLastOneWins() {
        let missing = ["METROTIMER_DATA": "/nonexistent/kyiv.json"]
        for arguments in [["--data", dataPath, "stations", "--ids"], ["stations", "--ids", "--data", dataPath],
                          ["stations", "--data=\(dataPath)", "--ids"], ["--data", "/nonexistent/a.json", "stations", "--ids", "--data", dataPath],
                          ["--data", dataPath, "--", "stations", "--ids"]] {
            let r = run(arguments, environment: missing)
            #expect(r.code == 0, "\(arguments): \(r.err)")
            #expect(r.out.split(separator: "\n").count == 52, "\(arguments)")
        }
        let plan = run(["--data", dataPath, "plan", "lisova", "teremky", "--json"], environment: missing)
        #expect(plan.code == 0, "\(plan.err)")
    }

    @Test func aMissingOrEmptyFileIsAUsageErrorAndAWrongOneIsNamed() {
        for arguments in [["stations", "--data"], ["stations", "--data="], ["--data", "", "stations"]] {
            let r = run(arguments)
            #expect(r.code == 64, "\(arguments)")
            #expect(r.err.contains("--data needs a FILE"), "\(arguments): \(r.err)")
        }
        let wrong = run(["stations", "--data", "/nonexistent/other.json"])
        #expect(wrong.code == 66)
        #expect(wrong.err.contains("/nonexistent/other.json"))
    }
}
