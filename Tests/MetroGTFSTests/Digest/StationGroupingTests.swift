import Testing
@testable import MetroGTFS

private func stop(_ id: String, _ name: String, _ lat: Double?, _ lon: Double?, kind: FeedStop.Kind = .platform,
                  parent: String? = nil) -> FeedStop {
    FeedStop(id: id, name: name, latitude: lat, longitude: lon, kind: kind, parentStation: parent, line: 2)
}

@Suite struct StationGroupingTests {
    @Test func platformsBelongToTheirParentStation() {
        let grouping = StationGrouping(stops: [
            stop("101", "Van Cortlandt Park-242 St", 40.889, -73.898, kind: .station),
            stop("101N", "Van Cortlandt Park-242 St", 40.889, -73.898, parent: "101"),
            stop("101S", "Van Cortlandt Park-242 St", 40.889, -73.898, parent: "101"),
            stop("E1", "Entrance", 40.889, -73.898, kind: .entrance, parent: "101"),
        ])
        #expect(grouping.station(of: "101N") == "101")
        #expect(grouping.station(of: "101S") == "101")
        #expect(grouping.station(of: "101") == "101")
        #expect(grouping.station(of: "E1") == nil)
    }

    @Test func parentlessPlatformsOfOneNameNearEachOtherAreOneStationNamedByTheSmallestID() {
        // About 150 m apart (0.00135° of latitude), listed largest id first: the order must not matter.
        let grouping = StationGrouping(stops: [
            stop("s9", "Central", 50.0000, 30.0), stop("s3", "Central", 50.00135, 30.0),
            stop("s5", "Elsewhere", 50.0, 30.0),
        ])
        #expect(grouping.station(of: "s9") == "s3")
        #expect(grouping.station(of: "s3") == "s3")
        #expect(grouping.station(of: "s5") == "s5")
    }

    @Test func platformsOfOneNameFarApartStayApart() {
        // Two "Park" stations 2.2 km apart (0.02° of latitude) on different lines.
        let grouping = StationGrouping(stops: [stop("a", "Park", 50.0, 30.0), stop("b", "Park", 50.02, 30.0)])
        #expect(grouping.station(of: "a") == "a")
        #expect(grouping.station(of: "b") == "b")
    }

    @Test func aChainOfNearPlatformsIsJoinedThroughTheMiddleOne() {
        // c–a and a–b are each 250 m apart, c–b 500 m: one station all the same, named by the smallest id.
        let step = 250.0 / 111_195.0
        let grouping = StationGrouping(stops: [
            stop("c", "Long", 50.0, 30.0), stop("b", "Long", 50.0 + 2 * step, 30.0), stop("a", "Long", 50.0 + step, 30.0),
        ])
        #expect(["a", "b", "c"].map { grouping.station(of: $0) } == ["a", "a", "a"])
    }

    @Test func platformsWithoutCoordinatesAreNeverMerged() {
        let grouping = StationGrouping(stops: [stop("x", "Depot", nil, nil), stop("y", "Depot", nil, nil)])
        #expect(grouping.station(of: "x") == "x")
        #expect(grouping.station(of: "y") == "y")
    }
}
