import Testing
@testable import MetroModel

/// Model §5.4 step 2: a segment with only one end under open sky counts only for a fix within 400 m of that end
/// (the tunnel mouth lies somewhere between, and nothing says where); a fix no counted segment reaches is
/// `off_route`, even right on the segment's line.
@Suite("A segment with one open-sky end (model §5.4)")
struct FixOpenEndTests {
    /// A → B → C along the equator, 2 224 m apart, B alone flagged above ground (a file that flags stations is
    /// taken at its word): A → B leaves the ground somewhere before B, B → C goes under somewhere after it.
    let track: FixSketchTrack
    let trip: Trip
    let received = Instant(seconds: 3600 + 60)

    init() throws {
        track = try FixSketchTrack(places: ["A": (0, -2_224), "B": (0, 0), "C": (0, 2_224)], surface: ["B"])
        trip = try track.trip("A", "C")
    }

    func toward(east: Double) -> Int? {
        guard case .accepted(.running(let toward, _, _, _, _), _, _, _)
            = track.decide(trip: trip, north: 0, east: east, received: received)
        else { return nil }
        return toward
    }

    @Test func theRouteIsThreeStations() {
        #expect(trip.events.map(\.station.rawValue) == ["A", "B", "C"])
        #expect(track.network.isOpenSky("B") && !track.network.isOpenSky("A") && !track.network.isOpenSky("C"))
    }

    /// Open end last (A → B): 300 m short of B counts, 600 m short does not, nor anything near A.
    @Test func theWayUpCountsOnlyNearTheOpenEnd() {
        #expect(toward(east: -300) == 1)
        #expect(track.decide(trip: trip, north: 0, east: -600, received: received) == .rejected(.offRoute))
        #expect(track.decide(trip: trip, north: 0, east: -1_924, received: received) == .rejected(.offRoute))
    }

    /// Open end first (B → C): 300 m past B counts, 600 m past does not, nor anything near C.
    @Test func theWayDownCountsOnlyNearTheOpenEnd() {
        #expect(toward(east: 300) == 2)
        #expect(track.decide(trip: trip, north: 0, east: 600, received: received) == .rejected(.offRoute))
        #expect(track.decide(trip: trip, north: 0, east: 1_924, received: received) == .rejected(.offRoute))
    }
}
