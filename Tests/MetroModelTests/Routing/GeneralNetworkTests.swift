import FoundationEssentials
import MetroModel
import MetroTestSupport
import Testing

/// A schema 2 network as the model loads it (`GeneralNetwork.load(json:)`): what it refuses, and the schedule and
/// alerts of a ride with more than one change.
@Suite struct GeneralNetworkTests {
    /// Three lines in a row: a–b–c on X, c–d–e on Y, e–f on Z; changes on the spot at c and e.
    var threeLines: SketchNetwork {
        var sketch = SketchNetwork()
        sketch.line("X", ["a", "b", "c"])
        sketch.line("Y", ["c", "d", "e"])
        sketch.line("Z", ["e", "f"])
        return sketch
    }

    func load(_ file: GeneralNetworkFile) -> Result<GeneralNetwork, NetworkDataError> {
        let bytes = Array((try? JSONEncoder().encode(file)) ?? Data())
        do throws(NetworkDataError) { return .success(try GeneralNetwork.load(json: bytes)) } catch { return .failure(error) }
    }

    func refusal(_ change: (inout GeneralNetworkFile) -> Void) -> String? {
        var file = threeLines.file
        change(&file)
        if case .failure(let error) = load(file) { return error.message }
        return nil
    }

    @Test func whatDoesNotFitTogetherIsRefusedByName() {
        #expect(refusal { _ in } == nil)
        #expect(refusal { $0.schema = 1 } == "network data: 'schema' must be 2, not 1")
        #expect(refusal { $0.time_zone = "../../etc/passwd" }
            == "network data: 'time_zone' '../../etc/passwd' is not a time zone name (such as America/New_York)")
        #expect(refusal { $0.stations.append($0.stations[0]) } == "network data: stations[6]: station 'a' is given twice")
        #expect(refusal { $0.stations[1].lat = 91 } == "network data: stations[1]: station 'b' has coordinates out of range")
        #expect(refusal { $0.lines[1].patterns[0].stations.append("nowhere") }
            == "network data: lines[1].patterns[0]: unknown station 'nowhere'")
        #expect(refusal { $0.lines[2].patterns[0].stations = ["e"] }
            == "network data: lines[2].patterns[0]: pattern 'Z-0f' has fewer than two stations")
        #expect(refusal { $0.lines[0].patterns[0].direction = "up" }
            == "network data: lines[0].patterns[0]: direction 'up' must be forward or backward")
        #expect(refusal { $0.segments.append(.init(line: "W", from: "a", to: "b", running_s: 60, running_p10_s: 60, running_p90_s: 60,
                                                    dwell_s: 0, dwell_p90_s: 0, samples: 1, bands: [], suspended: false)) }
            == "network data: segments[0]: unknown line 'W'")
        #expect(refusal { $0.transfers.append(.init(a: "c", b: "c", walk_s: -5, possible: true)) }
            == "network data: transfers[0].walk_s: -5 is outside 0…7200")
        #expect(refusal { $0.headways.append(.init(line: "X", direction: "forward", day: "holiday", hour: 7, start_s: 300, end_s: 300)) }
            == "network data: headways[0]: day 'holiday' must be weekday, saturday or sunday")
        #expect(refusal { $0.service_hours.append(.init(station: "a", line: "X", direction: "forward", day: "weekday", first_s: 90_000, last_s: 20_000)) }
            == "network data: service_hours[0]: the first train (90000) is after the last (20000)")
        #expect(refusal { $0.stations[0].aliases = ["p"]; $0.stations[1].aliases = ["p"] }
            == "network data: stations[1]: platform 'p' also belongs to station 'a'")
        let garbage: Result<GeneralNetwork, NetworkDataError> = {
            do throws(NetworkDataError) { return .success(try GeneralNetwork.load(json: Array("{\"schema\": 2}".utf8))) }
            catch { return .failure(error) }
        }()
        if case .failure(let error) = garbage { #expect(error.message == "network data: about: missing") } else {
            Issue.record("a file with nothing but its schema was accepted")
        }
    }

    @Test func stationsResolveByIdPlatformOrFoldedNameAndSayWhenANameIsShared() {
        var file = threeLines.file
        file.stations[1].en = "Twin Town"
        file.stations[3].en = "Twin Town"
        file.stations[4].aliases = ["E-north"]
        guard case .success(let network) = load(file) else {
            Issue.record("the network was refused")
            return
        }
        #expect(network.resolve("a") == .found("a"))
        #expect(network.resolve("A") == .found("a"))
        #expect(network.resolve("e north") == .found("e"))
        #expect(network.resolve("twin-town") == .ambiguous(["b", "d"]))
        #expect(network.resolve("Twin Towne") == .unknown(suggestions: ["b", "d"]))
        #expect(network.resolve("zzz") == .unknown(suggestions: []))
    }

    @Test func theSchemaIsReadBeforeTheRest() {
        #expect(GeneralNetwork.declaredSchema(of: Array("{\"schema\": 2, \"anything\": []}".utf8)) == 2)
        #expect(GeneralNetwork.declaredSchema(of: Array("{\"schema\": 1}".utf8)) == 1)
        #expect(GeneralNetwork.declaredSchema(of: Array("[1, 2]".utf8)) == nil)
        #expect(GeneralNetwork.declaredSchema(of: Array("not json".utf8)) == nil)
    }

    @Test func aRideWithTwoChangesIsScheduledAndWarnsOfEachChange() throws {
        guard case .success(let network) = load(threeLines.file) else {
            Issue.record("the three-line network was refused")
            return
        }
        let rules = TimeZoneRules.utc
        let t0 = Instant(seconds: 8 * 3600)
        let service = ZonedServiceTime(unixSeconds: 8 * 3600, rules: rules)
        let plan = try network.plan(from: "a", to: "f", t0: t0, wall: .unixTimeline, service: service)
        #expect(plan.route.sketch == ["X: a b c", "Y: c d e", "Z: e f"])
        // Every segment 100 s with a 20 s dwell; each change on the spot 60 s (no headways in the file: no wait).
        #expect(plan.trip.events.map { $0.arrival.seconds(since: t0) } == [0, 100, 220, 300, 400, 520, 600, 700])
        #expect(plan.trip.events.map { $0.departure.seconds(since: t0) } == [0, 120, 240, 300, 420, 540, 600, 700])
        // "Change here" at b (the stop before c) and at d (the stop before e); then "yours is next" and "get off".
        let transfers = plan.alerts.filter { $0.kind == .transfer }
        #expect(transfers.map(\.station) == ["c", "e"])
        #expect(transfers.map { $0.instant.seconds(since: t0) } == [100, 400])
        #expect(plan.alerts.map(\.instant) == plan.alerts.map(\.instant).sorted())
        #expect(plan.alerts.last?.kind == .arrival)
    }
}
