import Testing
@testable import MetroModel

@Suite("Route planning (model §2)")
struct PlannerTests {
    func ids(_ route: [RouteEvent]) -> [String] { route.map(\.station.rawValue) }

    @Test func sameLineBothDirections() throws {
        let forward = try kyiv.route(from: "vokzalna", to: "arsenalna")
        #expect(ids(forward) == ["vokzalna", "universytet", "teatralna", "khreshchatyk", "arsenalna"])
        #expect(forward.allSatisfy { $0.line == "m1" && $0.isStop && !$0.isTransfer })
        let backward = try kyiv.route(from: "arsenalna", to: "vokzalna")
        #expect(ids(backward) == ids(forward).reversed())
    }

    @Test func guards() {
        #expect(throws: PlanError.sameStation("lisova")) { try kyiv.route(from: "lisova", to: "lisova") }
        #expect(throws: PlanError.unknownStation("atlantis")) { try kyiv.route(from: "atlantis", to: "lisova") }
        #expect(throws: PlanError.unknownStation("atlantis")) { try kyiv.route(from: "lisova", to: "atlantis") }
    }

    @Test func ordinaryChange() throws {
        let route = try kyiv.route(from: "universytet", to: "poshtova-ploshcha")
        #expect(ids(route) == ["universytet", "teatralna", "khreshchatyk", "maidan-nezalezhnosti", "poshtova-ploshcha"])
        #expect(route[3] == RouteEvent(station: "maidan-nezalezhnosti", line: "m2", isStop: false, isTransfer: true))
        #expect(route[2].line == "m1" && route[2].isStop)
        #expect(route[4].line == "m2" && route[4].isStop)
    }

    @Test func departureAtTheExitStation() throws {
        let route = try kyiv.route(from: "khreshchatyk", to: "poshtova-ploshcha")
        #expect(ids(route) == ["khreshchatyk", "maidan-nezalezhnosti", "poshtova-ploshcha"])
        #expect(route[1].isTransfer && !route[1].isStop)
    }

    @Test func departureAtTheOtherSideOfTheNode() throws {
        // From maidan (m2) to an m1 station: leg 1 is maidan alone, then the walk to khreshchatyk.
        let route = try kyiv.route(from: "maidan-nezalezhnosti", to: "arsenalna")
        #expect(ids(route) == ["maidan-nezalezhnosti", "khreshchatyk", "arsenalna"])
        #expect(route[0].line == "m2" && route[1].line == "m1" && route[1].isTransfer)
    }

    @Test func destinationIsTheBoardingStation() throws {
        let route = try kyiv.route(from: "universytet", to: "maidan-nezalezhnosti")
        #expect(ids(route) == ["universytet", "teatralna", "khreshchatyk", "maidan-nezalezhnosti"])
        #expect(route[3].isTransfer && route[3].isStop)
        // Just the walk.
        let walk = try kyiv.route(from: "teatralna", to: "zoloti-vorota")
        #expect(ids(walk) == ["teatralna", "zoloti-vorota"])
        #expect(walk[1].isTransfer && walk[1].isStop)
    }

    @Test func destinationIsTheExitStationOfItsOwnLine() throws {
        // To khreshchatyk from m2: the change is at maidan → khreshchatyk, khreshchatyk is the boarding station.
        let route = try kyiv.route(from: "poshtova-ploshcha", to: "khreshchatyk")
        #expect(ids(route) == ["poshtova-ploshcha", "maidan-nezalezhnosti", "khreshchatyk"])
        #expect(route.last!.isTransfer && route.last!.isStop)
    }

    @Test func allThreeNodesBothWays() throws {
        let cases: [(StationID, StationID, StationID, StationID)] = [
            ("vokzalna", "lukianivska", "teatralna", "zoloti-vorota"),
            ("lukianivska", "vokzalna", "zoloti-vorota", "teatralna"),
            ("obolon", "pecherska", "ploshcha-ukrainskykh-heroiv", "palats-sportu"),
            ("pecherska", "obolon", "palats-sportu", "ploshcha-ukrainskykh-heroiv"),
            ("lisova", "teremky", "khreshchatyk", "maidan-nezalezhnosti"),
            ("teremky", "lisova", "maidan-nezalezhnosti", "khreshchatyk"),
        ]
        for (from, to, exit, board) in cases {
            let route = try kyiv.route(from: from, to: to)
            let k = try #require(route.firstIndex { $0.isTransfer })
            #expect(route[k - 1].station == exit && route[k].station == board, "\(from)→\(to)")
            #expect(route.filter(\.isTransfer).count == 1)
            #expect(Set(route.map(\.station)).count == route.count, "no station repeated")
        }
    }

    @Test func closedStationsAndSuspendedStretches() throws {
        var object = try networkObject()
        var stations = object["stations"] as! [[String: Any]]
        for i in stations.indices where stations[i]["id"] as? String == "shuliavska" { stations[i]["closed"] = true }
        object["stations"] = stations
        var segments = object["segments"] as! [[String: Any]]
        for i in segments.indices where segments[i]["from"] as? String == "pecherska" && segments[i]["to"] as? String == "zvirynetska" {
            segments[i]["suspended"] = true
        }
        object["segments"] = segments
        let network = try Network.load(json: encode(object))

        #expect(throws: PlanError.closedStation("shuliavska")) { try network.route(from: "shuliavska", to: "lisova") }
        #expect(throws: PlanError.closedStation("shuliavska")) { try network.route(from: "lisova", to: "shuliavska") }
        let through = try network.route(from: "beresteiska", to: "vokzalna")
        #expect(through.map(\.isStop) == [true, false, true, true])
        // Suspended is symmetric: the reverse direction is refused too, naming the stretch in riding order.
        #expect(throws: PlanError.suspended(from: "pecherska", to: "zvirynetska")) {
            try network.route(from: "klovska", to: "vydubychi")
        }
        #expect(throws: PlanError.suspended(from: "zvirynetska", to: "pecherska")) {
            try network.route(from: "vydubychi", to: "klovska")
        }
        #expect(PlanError.suspended(from: "zvirynetska", to: "pecherska").message(.en, names: network)
            == "No service on this stretch now: Zvirynetska – Pecherska")
        let trip = try network.startTrip(from: "beresteiska", to: "vokzalna", t0: Instant(seconds: 0),
                                         wall: .unixTimeline, calibration: .empty)
        #expect(trip.events[1].arrival == trip.events[1].departure, "no dwell at a closed station")
    }

    @Test func errorMessagesExistInBothLanguagesAndDiffer() {
        let errors: [PlanError] = [.sameStation("lisova"), .unknownStation("x"), .closedStation("lisova"),
                                   .suspended(from: "lisova", to: "chernihivska")]
        for error in errors {
            #expect(error.message(.uk) != error.message(.en))
            #expect(!error.message(.en).unicodeScalars.contains { (0x400...0x4FF).contains($0.value) })
        }
    }
}
